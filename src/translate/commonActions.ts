/** Actions almost every window has, shared by translators (P-TOOL-5: ordinary actions). */
import { z } from 'zod';
import { chordProblem } from '../platform/chords.js';
import { acceptsKeys, type A11yNode } from '../platform/probe.js';
import { defineAction } from './define.js';
import { findFirst } from './tree.js';
import type { ActionContext, LiveWindow, StateReader, WaitOptions } from './types.js';

export const NO_INPUT = z.object({});

/**
 * The `keys` argument of every press_keys tool: chords in the bridge's one grammar
 * (platform/chords.ts), checked by the same parser the keyboards use, so a chord the tool
 * accepts is one every platform reads the same way ("cmd+s", "option+a", "ctrl++").
 */
export const CHORDS_INPUT = z.object({
  keys: z
    .array(
      z
        .string()
        .min(1)
        .max(40)
        .superRefine((chord, issues) => {
          const problem = chordProblem(chord);
          if (problem) issues.addIssue({ code: 'custom', message: problem });
        }),
    )
    .min(1)
    .max(50)
    // The full grammar (modifiers, key names) is in the error a bad chord gets; the schema, repeated
    // in every window's tools/list, shows the form by example only.
    .describe('Chords like "ctrl+s", "shift+Tab", "Return".'),
});

export function requireWindow(ctx: ActionContext): LiveWindow {
  if (!ctx.window) throw new Error('this action needs a window');
  return ctx.window;
}

/**
 * Waits until the acted-on window shows a node that passes `test` (a result label, an enabled
 * button, a row) and resolves with it; checks the current tree first (P-TOOL-6). Rejects with
 * `action_timeout` at the deadline, or when the window closes meanwhile with a clear message.
 */
export async function waitForNode(ctx: ActionContext, test: (node: A11yNode) => boolean, options: WaitOptions = {}): Promise<A11yNode> {
  const winId = requireWindow(ctx).winId;
  let closed = false;
  const found = await ctx.waitFor((s) => {
    const window = s.window(winId);
    if (!window) return (closed = true);
    return findFirst(window.tree.root, test);
  }, options);
  if (closed || found === true) throw new Error(`window ${winId} closed while waiting for ${options.what ?? 'a node'}`);
  return found;
}

/** A modal window attached to `winId` that was not there before. */
export function newModalOf(state: StateReader, winId: string, before: Set<string>): LiveWindow | undefined {
  return state.windows().find((w) => !before.has(w.winId) && w.facts.modal && w.facts.ownerId === winId);
}

export const focusAction = defineAction({
  name: 'focus',
  title: 'Focus',
  description: 'Raises the window, so the user sees where you work.',
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
      const outcome = await ctx.waitFor((s) => (!s.window(window.winId) ? 'closed' : newModalOf(s, window.winId, before) ? 'asked' : undefined), {
        what: 'the window to close',
      });
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

/**
 * After input to a window the tree cannot describe (window-only, or read from its pixels): waits
 * for a visible effect (its version changes, or windows open or close), then until one more fresh
 * read after the bridge's nudge shows no further change, so that keys still being drawn are in
 * the result. False when nothing visible changed within `timeoutMs`.
 */
export async function waitForVisibleEffect(
  ctx: Pick<ActionContext, 'state' | 'waitFor' | 'visibleEffectAwaited'>,
  winId: string,
  timeoutMs = 1500,
): Promise<boolean> {
  ctx.visibleEffectAwaited = true;
  const before = ctx.state.window(winId)?.version;
  const count = ctx.state.windows().length;
  const changed = (s: StateReader, version: number | undefined) => s.window(winId)?.version !== version || s.windows().length !== count;
  const effect = await ctx
    .waitFor((s) => changed(s, before), { timeoutMs, what: 'a visible effect' })
    .then(
      () => true,
      () => false,
    );
  if (!effect) return false;
  for (let round = 0; round < STILL_ROUNDS; round++) {
    const version = ctx.state.window(winId)?.version;
    const moved = await ctx
      .waitFor((s) => s.window(winId)?.version !== version, { timeoutMs: STILL_MS, what: 'the window to settle' })
      .then(
        () => true,
        () => false,
      );
    if (!moved) break;
  }
  return true;
}

/**
 * `type_text` for a window whose content the tree does not describe (window-only, or a terminal
 * read from pixels): keys typed at the window's keyboard focus, returning once it shows them.
 */
export const typeKeysAction = defineAction({
  name: 'type_text',
  title: 'Type text',
  description:
    'Types text into the window as if on the keyboard, at its current keyboard focus. What it shows is read back from pixels when OCR is available, else see the screenshot.',
  kind: 'write',
  available: (_view, root: A11yNode) => acceptsKeys(root),
  input: z.object({ text: z.string().min(1).max(10_000).describe('The exact text to type.') }),
  async run(args, ctx) {
    const window = requireWindow(ctx);
    await ctx.probe.sendKeys(window.facts.nativeId, { text: args.text });
    await waitForVisibleEffect(ctx, window.winId);
    return { message: `Typed ${args.text.length} characters into window ${window.winId}.` };
  },
});

/** One fresh read this long after the last change that shows nothing new: the window is still. */
const STILL_MS = 300;
const STILL_ROUNDS = 5;
