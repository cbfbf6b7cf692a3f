/**
 * "A file named “x” already exists. Do you want to replace it?" — the question a GTK3 save
 * dialog asks as its own window-level modal (owned by the file chooser). `answer` replaces or
 * goes back to the chooser, and returns once that happened.
 */
import { z } from 'zod';
import { BridgeError, defineAction, findAll, requireWindow } from '../../src/sdk/translate.js';
import type { A11yNode, WindowReading, WindowView } from '../../src/sdk/translate.js';

const QUESTION = /already exists/i;
const BUTTONS = { replace: 'Replace', cancel: 'Cancel' } as const;
/** After Replace, the chooser closes once the app has the path; the app may take a moment. */
const CLOSE_MS = 8000;

export function isReplaceQuestion(root: A11yNode): boolean {
  if (root.role !== 'alert') return false;
  const names = findAll(root, (n) => n.role === 'push_button').map((b) => b.name.replace(/_/g, ''));
  return names.includes(BUTTONS.replace) && findAll(root, (n) => n.role === 'label' && QUESTION.test(n.name)).length > 0;
}

function button(root: A11yNode, label: string): A11yNode | undefined {
  return findAll(root, (n) => n.role === 'push_button' && n.name.replace(/_/g, '') === label)[0];
}

const answer = defineAction({
  name: 'answer',
  title: 'Replace the file or not',
  description:
    '"replace" overwrites the existing file (the file chooser then closes and the app saves); "cancel" goes back to the file chooser to pick another name.',
  kind: 'destructive',
  input: z.object({ choice: z.enum(['replace', 'cancel']).describe('"replace" overwrites the existing file; "cancel" keeps it.') }),
  output: z.object({ replaced: z.boolean().describe('Whether the existing file is being overwritten.') }),
  timeoutMs: CLOSE_MS + 2000,
  async run(args, ctx) {
    const window = requireWindow(ctx);
    const target = button(window.tree.root, BUTTONS[args.choice]);
    if (!target) throw new BridgeError('action_not_available', `The ${BUTTONS[args.choice]} button is not shown any more. Re-read app://windows.`);
    await ctx.probe.doAction(target.ref, 'click');
    await ctx.waitFor((s) => !s.window(window.winId), { what: 'the question to close' });
    const chooser = window.facts.ownerId;
    if (args.choice === 'cancel') {
      return { message: 'Kept the existing file: the file chooser is back (choose another name, or cancel it).', result: { replaced: false } };
    }
    if (chooser) await ctx.waitFor((s) => !s.window(chooser), { timeoutMs: CLOSE_MS, what: 'the file chooser to close' });
    return { message: 'Replaced: the file chooser closed and the application writes the file.', result: { replaced: true } };
  },
});

export function translateReplaceQuestion(texts: WindowReading): WindowView {
  const question = texts.message?.text ?? texts.texts[0] ?? 'A file of that name already exists. Replace it?';
  const detail = texts.texts.filter((t) => t !== question);
  return {
    summary: `The file chooser asks: ${question}${detail.length > 0 ? ` (${detail.join(' ')})` : ''}`,
    blocks: [{ type: 'text', id: 'question', text: [question, ...detail].join('\n') }],
    actions: [answer],
  };
}
