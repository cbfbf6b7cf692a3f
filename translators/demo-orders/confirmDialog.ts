/** The "Confirm order" window-level modal. */
import { z } from 'zod';
import { defineAction, findFirst, requireWindow } from '../../src/sdk/translate.js';
import type { A11yNode, ActionContext, WindowView } from '../../src/sdk/translate.js';
import { findButton } from './shared.js';

async function pressAndWaitClosed(button: string, ctx: ActionContext): Promise<void> {
  const window = requireWindow(ctx);
  await ctx.probe.doAction((findButton(window.tree.root, button) as A11yNode).ref, 'click');
  await ctx.waitFor((s) => !s.window(window.winId), { what: 'the dialog to close' });
}

const confirm = defineAction({
  name: 'confirm',
  title: 'Confirm and submit',
  description: 'Confirms the order: it is submitted for payment and cannot be taken back. Closes the dialog.',
  kind: 'destructive',
  input: z.object({}),
  async run(_args, ctx) {
    await pressAndWaitClosed('Confirm', ctx);
    return { message: 'Order confirmed and submitted.' };
  },
});

const cancel = defineAction({
  name: 'cancel',
  title: 'Cancel',
  description: 'Closes the dialog without submitting; the order stays open for editing.',
  kind: 'navigate',
  input: z.object({}),
  async run(_args, ctx) {
    await pressAndWaitClosed('Cancel', ctx);
    return { message: 'Submission cancelled.' };
  },
});

export function translateConfirm(root: A11yNode): WindowView {
  const question = findFirst(root, (n) => n.role === 'label')?.name ?? 'Submit this order?';
  return {
    summary: `Confirmation needed: ${question}`,
    blocks: [{ type: 'text', id: 'question', text: question }],
    actions: [confirm, cancel],
  };
}
