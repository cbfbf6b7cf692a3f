/**
 * Worked example from translators/README.md (kept in sync by test/translators/readmeExample.test.ts):
 * a translator for yes/no question dialogs such as `zenity --question`.
 */
import { z } from 'zod';
import { defineAction, defineTranslator, findAll, findFirst, requireWindow } from '../../src/sdk/translate.js';
import type { A11yNode } from '../../src/sdk/translate.js';

const button = (root: A11yNode, name: string) => findFirst(root, (n) => n.role === 'push_button' && n.name === name);
const question = (root: A11yNode) => findFirst(root, (n) => n.role === 'label')?.name ?? '';

const answer = defineAction({
  name: 'answer',
  title: 'Answer the question',
  description: 'Answers the question with Yes or No; the dialog closes.',
  kind: 'write',
  input: z.object({ choice: z.enum(['yes', 'no']).describe('"yes" presses Yes, "no" presses No.') }),
  async run(args, ctx) {
    const window = requireWindow(ctx);
    const target = button(window.tree.root, args.choice === 'yes' ? 'Yes' : 'No');
    if (!target) throw new Error('the Yes/No buttons are gone');
    await ctx.probe.doAction(target.ref, 'click');
    // P-TOOL-6: return only once the effect happened — here, the dialog has closed.
    await ctx.waitFor((s) => !s.window(window.winId), { what: 'the dialog to close' });
    return { message: `Answered ${args.choice}.` };
  },
});

export const yesNoDialogTranslator = defineTranslator({
  id: 'yes-no-dialog',
  match: {
    role: 'dialog',
    test: (_window, root) =>
      findAll(root, (n) => n.role === 'push_button')
        .map((b) => b.name)
        .sort()
        .join('/') === 'No/Yes',
  },
  translate: (window, tree) => ({
    summary: `"${window.title}" asks: ${question(tree.root)}`,
    blocks: [{ type: 'text', id: 'question', text: question(tree.root) }],
    actions: [answer],
  }),
});
