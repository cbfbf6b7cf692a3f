/** Actions almost every window has, shared by translators (P-TOOL-5: ordinary actions). */
import { z } from 'zod';
import { defineAction } from './define.js';
import type { ActionContext, LiveWindow, StateReader } from './types.js';

export const NO_INPUT = z.object({});

export function requireWindow(ctx: ActionContext): LiveWindow {
  if (!ctx.window) throw new Error('this action needs a window');
  return ctx.window;
}

/** A modal window attached to `winId` that was not there before. */
export function newModalOf(state: StateReader, winId: string, before: Set<string>): LiveWindow | undefined {
  return state.windows().find((w) => !before.has(w.winId) && w.facts.modal && w.facts.ownerId === winId);
}

export const focusAction = defineAction({
  name: 'focus',
  title: 'Focus',
  description: 'Raises and focuses the window, so the user sees where you work.',
  kind: 'navigate',
  input: NO_INPUT,
  timeoutMs: 3000,
  async run(_args, ctx) {
    const window = requireWindow(ctx);
    await ctx.probe.activateWindow(window.facts.nativeId);
    await ctx.waitFor((s) => s.window(window.winId)?.facts.active, { what: 'the window to become active' });
    return { message: `Window ${window.winId} is in front.` };
  },
});

function makeClose(kind: 'navigate' | 'destructive', description: string) {
  return defineAction({
    name: 'close',
    title: 'Close',
    description,
    kind,
    input: NO_INPUT,
    async run(_args, ctx) {
      const window = requireWindow(ctx);
      const before = new Set(ctx.state.windows().map((w) => w.winId));
      await ctx.probe.closeWindow(window.facts.nativeId);
      const outcome = await ctx.waitFor(
        (s) => (!s.window(window.winId) ? 'closed' : newModalOf(s, window.winId, before) ? 'asked' : undefined),
        { what: 'the window to close' },
      );
      return outcome === 'closed'
        ? { message: `Window ${window.winId} closed.` }
        : { message: `Window ${window.winId} asks a question before closing: see openedWindowIds.` };
    },
  });
}

/** Closing loses nothing (viewers, dialogs without input). */
export const closeAction = makeClose('navigate', 'Closes the window.');
/** Closing may discard what the window holds (unsaved edits, an unsent form). */
export const closeDiscardingAction = makeClose('destructive', 'Closes the window; anything unsaved or unsent in it is lost.');
