/**
 * The keyboard routes of verified writes: what a user does when a control ignores the
 * accessibility call. Keys go to whatever has the focus, so none is sent before the window shows
 * the control itself focused: keys landing in another field (Ctrl+A, BackSpace) would erase it.
 */
import type { A11yNode } from '../../../platform/probe.js';
import { findFirst, hasState } from '../../tree.js';
import type { ActionContext, LiveWindow } from '../../types.js';

const FOCUS_MS = 2000;

/** Brings the window forward, focuses `node` and waits until the window shows it focused. */
export async function focusControl(ctx: ActionContext, window: LiveWindow, node: A11yNode): Promise<void> {
  await ctx.probe.activateWindow(window.facts.nativeId);
  await ctx.probe.focus(node.ref);
  const focused = await ctx
    .waitFor(
      (s) => {
        const root = s.window(window.winId)?.tree.root;
        const now = root && findFirst(root, (n) => n.ref === node.ref);
        return now && hasState(now, 'focused');
      },
      { timeoutMs: FOCUS_MS, what: 'the control to take the keyboard focus' },
    )
    .catch(() => false);
  if (!focused) throw new Error('the control did not take the keyboard focus, so no key was sent');
}

/** Focus, select all, then the text typed: the whole value replaced as a user replaces it. */
export async function replaceByTyping(ctx: ActionContext, window: LiveWindow, node: A11yNode, text: string, multiLine: boolean): Promise<void> {
  // A line break typed into a one-line field is Return: it would submit a form or press a default button.
  if (!multiLine && /[\r\n]/.test(text)) throw new Error('a one-line field cannot take a line break by typing');
  await focusControl(ctx, window, node);
  await ctx.probe.sendKeys(window.facts.nativeId, { keys: ['ctrl+a', 'BackSpace'] });
  if (text !== '') await ctx.probe.sendKeys(window.facts.nativeId, { text });
}

/** Focus, then keys: a check box's or radio button's Space. */
export async function pressOnControl(ctx: ActionContext, window: LiveWindow, node: A11yNode, keys: string[]): Promise<void> {
  await focusControl(ctx, window, node);
  await ctx.probe.sendKeys(window.facts.nativeId, { keys });
}
