/**
 * What every zenity dialog has: a row of buttons at the bottom (GTK's action area) whose last
 * button accepts (OK, or the --ok-label) and whose one before it cancels (Cancel, --cancel-label);
 * --extra-button labels come first. Pressing one ends the dialog: zenity prints and exits.
 */
import { BridgeError, controlLabel, defineAction, findAll, isEnabled, NO_INPUT, requireWindow } from '../../src/sdk/translate.js';
import type { A11yNode, ActionContext, GenericReading } from '../../src/sdk/translate.js';

export interface DialogButton {
  label: string;
  node: A11yNode;
}

/** The action area: the last child of the dialog's content box, holding the buttons. */
export function dialogButtons(root: A11yNode): DialogButton[] {
  const content = root.children[0];
  const area = content?.children.at(-1);
  if (!area) return [];
  return findAll(area, (n) => n.role === 'push_button' && isEnabled(n))
    .map((node) => ({ label: controlLabel(node), node }))
    .filter((b) => b.label !== '');
}

export function acceptButton(root: A11yNode): DialogButton | undefined {
  return dialogButtons(root).at(-1);
}

export function cancelButton(root: A11yNode): DialogButton | undefined {
  const buttons = dialogButtons(root);
  return buttons.length >= 2 ? buttons.at(-2) : undefined;
}

/** Presses a button of the dialog and returns once the dialog has closed (P-TOOL-6). */
export async function pressAndWaitClosed(ctx: ActionContext, button: DialogButton | undefined, what: string): Promise<void> {
  const window = requireWindow(ctx);
  if (!button) throw new BridgeError('action_not_available', `The dialog shows no ${what} button now. Re-read app://windows.`);
  await ctx.probe.doAction(button.node.ref, 'click');
  await ctx.waitFor((s) => !s.window(window.winId), { what: 'the dialog to close' });
}

export const cancelAction = defineAction({
  name: 'cancel',
  title: 'Cancel',
  description: 'Presses Cancel: the dialog closes unanswered.',
  kind: 'navigate',
  input: NO_INPUT,
  available: (_view, { root }: GenericReading) => cancelButton(root) !== undefined,
  async run(_args, ctx) {
    const window = requireWindow(ctx);
    const button = cancelButton(window.tree.root);
    await pressAndWaitClosed(ctx, button, 'Cancel');
    return { message: `Pressed "${button?.label}"; the dialog closed.` };
  },
});
