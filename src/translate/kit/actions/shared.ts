/** What every generic action needs: the live reading of its window, enums, and effect waiting. */
import { z } from 'zod';
import { BridgeError, isBridgeError } from '../../../protocol/errors.js';
import type { A11yNode } from '../../../platform/probe.js';
import { requireWindow } from '../../commonActions.js';
import type { ActionContext, LiveWindow, StateReader } from '../../types.js';
import type { WindowReading } from '../model.js';
import { fitsEnumBudget } from '../menuPaths.js';
import { readWindow } from '../reading.js';

/** How long an action with an unknown effect waits for one before it reports "no change yet". */
export const EFFECT_WAIT_MS = 1500;

export function live(ctx: ActionContext): { window: LiveWindow; reading: WindowReading } {
  const window = requireWindow(ctx);
  return { window, reading: readWindow(window.tree.root) };
}

/** An enum of the names shown now; callers guarantee at least one (`available`). */
export function namesEnum(names: string[], description?: string) {
  const schema = z.enum([...new Set(names)] as [string, ...string[]]);
  return description ? schema.describe(description) : schema;
}

/** The rows' labels as an enum while small; long labels of many rows: the row's label as shown, checked at run time. */
export function rowSchema(labels: string[]) {
  const unique = [...new Set(labels)];
  if (fitsEnumBudget(unique)) return namesEnum(unique);
  return z.string().min(1).max(1000).describe(`The row's label as the state shows it, e.g. "${unique[0]}".`);
}

/** The thing named in the arguments, or the structured reason it is gone (P-VAL-1). */
export function found<T>(item: T | undefined, what: string): T {
  if (item === undefined) throw new BridgeError('action_not_available', `${what} is not shown any more. Re-read app://windows.`);
  return item;
}

/** The node action to run: the toolkit's own verb when it has one. */
export function verbOf(node: A11yNode, preferred: string[]): string | undefined {
  const actions = node.actions ?? [];
  return preferred.find((a) => actions.includes(a)) ?? actions[0];
}

/** Activates a node by its action, or by a pointer click when it has none. */
export async function activate(ctx: ActionContext, node: A11yNode, preferred: string[]): Promise<void> {
  const verb = verbOf(node, preferred);
  if (verb) await ctx.probe.doAction(node.ref, verb);
  else await ctx.probe.click(node.ref);
}

export type Effect = { kind: 'closed' } | { kind: 'opened'; winIds: string[] } | { kind: 'changed' } | { kind: 'none' };

/** A change is answered once the window stayed the same this long (a re-read falls within it)… */
export const QUIET_MS = 400;
/** …but never later than this after the first change: a clock or a progress bar never settles. */
export const SETTLE_MS = 2000;

/**
 * For actions whose effect nobody can know in advance (a button, a menu entry, keys). Call it
 * before acting; the function it returns waits until the window closes, a window opens or the
 * window's content changes, at most `timeoutMs`, and says which. After a change it also waits
 * for what the app derives from it (a spreadsheet's "Sum =" in the status bar, a calculator's
 * display): an answer given at the first change could let the agent read the old sum.
 */
export function watchEffect(ctx: ActionContext, window: LiveWindow, timeoutMs = EFFECT_WAIT_MS): () => Promise<Effect> {
  const before = new Set(ctx.state.windows().map((w) => w.winId));
  const first = firstEffect(ctx, window, before, timeoutMs);
  return async () => {
    const effect = await first();
    if (effect.kind !== 'changed') return effect;
    await settled(ctx, window.winId);
    // A menu closes (the window changes) before the window its entry opens appears: the answer
    // names what opened meanwhile, as the call's openedWindowIds does.
    const opened = openedSince(ctx.state, before);
    return opened.length > 0 ? { kind: 'opened', winIds: opened } : effect;
  };
}

const openedSince = (state: StateReader, before: ReadonlySet<string>) =>
  state
    .windows()
    .filter((w) => !before.has(w.winId))
    .map((w) => w.winId);

/** Waits while the window keeps changing: until it stays the same QUIET_MS, at most SETTLE_MS. */
export async function settled(ctx: ActionContext, winId: string): Promise<void> {
  const until = Date.now() + SETTLE_MS;
  let version = ctx.state.window(winId)?.version;
  while (version !== undefined && Date.now() < until) {
    try {
      version = await ctx
        .waitFor(
          (s) => {
            const now = s.window(winId);
            if (!now) return { gone: true as const };
            return now.version !== version ? { version: now.version } : undefined;
          },
          { timeoutMs: Math.min(QUIET_MS, until - Date.now()), what: 'the window to settle' },
        )
        .then((seen) => ('gone' in seen ? undefined : seen.version));
    } catch (error) {
      if (isBridgeError(error) && error.code === 'action_timeout') return;
      throw error;
    }
  }
}

function firstEffect(ctx: ActionContext, window: LiveWindow, before: ReadonlySet<string>, timeoutMs: number): () => Promise<Effect> {
  const version = window.version;
  return async () => {
    try {
      return await ctx.waitFor<Effect>(
        (s) => {
          const opened = openedSince(s, before);
          if (opened.length > 0) return { kind: 'opened', winIds: opened };
          const now = s.window(window.winId);
          if (!now) return { kind: 'closed' };
          return now.version !== version ? { kind: 'changed' } : undefined;
        },
        { timeoutMs, what: 'a visible effect' },
      );
    } catch (error) {
      if (isBridgeError(error) && error.code === 'action_timeout') return { kind: 'none' };
      throw error;
    }
  };
}

/**
 * The answer of an action that said the window changed, once the call knows which windows opened
 * during it (the call's openedWindowIds): a window that opens after the action stopped watching
 * (a compose window a loaded mail client lists seconds after its menu closed) is named there too.
 */
export function withOpenedWindows(message: string, winIds: readonly string[]): string {
  const changed = describeEffect({ kind: 'changed' });
  return winIds.length > 0 && message.endsWith(changed) ? message.slice(0, -changed.length) + describeEffect({ kind: 'opened', winIds: [...winIds] }) : message;
}

export function describeEffect(effect: Effect): string {
  switch (effect.kind) {
    case 'closed':
      return ' The window closed.';
    case 'opened':
      return ` Opened window${effect.winIds.length === 1 ? '' : 's'} ${effect.winIds.join(', ')} (see openedWindowIds).`;
    case 'changed':
      return ' The window changed: re-read app://windows.';
    case 'none':
      return ' No visible change yet: re-read app://windows later.';
  }
}

/** The reading of the window's latest applied state, or undefined when it closed. */
export function readNow(ctx: ActionContext, winId: string): WindowReading | undefined {
  const now = ctx.state.window(winId);
  return now ? readWindow(now.tree.root) : undefined;
}
