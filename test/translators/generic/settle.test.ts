/**
 * The generic actions whose effect is unknown answer after what the app derives from the first
 * change: a state whose window changes again (the status bar's sum, computed on idle) is waited
 * for, up to a bound. A scripted state changes on a clock; `waitFor` polls it like the executor.
 */
import { describe, expect, it } from 'vitest';
import { BridgeError } from '../../../src/protocol/errors.js';
import type { ActionContext, LiveWindow, StateReader } from '../../../src/translate/types.js';
import { QUIET_MS, watchEffect } from '../../../src/translate/kit/actions/shared.js';

/** A window whose version follows `versionAt(ms since start)`. */
function clockedContext(versionAt: (ms: number) => number): { ctx: ActionContext; window: LiveWindow } {
  const start = Date.now();
  const window = (): LiveWindow => ({ winId: 'w1', version: versionAt(Date.now() - start) }) as LiveWindow;
  const state: StateReader = { windows: () => [window()], window: (id) => (id === 'w1' ? window() : undefined), apps: () => [] };
  const ctx = {
    state,
    waitFor: async <T>(check: (s: StateReader) => T | undefined | null | false, options?: { timeoutMs?: number; what?: string }) => {
      const until = Date.now() + (options?.timeoutMs ?? 10_000);
      for (;;) {
        const value = check(state);
        if (value) return value;
        if (Date.now() >= until) throw new BridgeError('action_timeout', `Timed out waiting for ${options?.what}`);
        await new Promise((resolve) => setTimeout(resolve, 10));
      }
    },
  } as unknown as ActionContext;
  return { ctx, window: window() };
}

describe('watchEffect', () => {
  it('answers a change once the value derived from it has come', async () => {
    // The cell changes at 50 ms; the status bar's sum, computed on idle, 250 ms later.
    const { ctx, window } = clockedContext((ms) => (ms < 50 ? 1 : ms < 300 ? 2 : 3));
    const effect = await watchEffect(ctx, window)();
    expect(effect).toEqual({ kind: 'changed' });
    expect(ctx.state.window('w1')?.version).toBe(3);
  });

  it('stops waiting for a window that never settles after the bound', async () => {
    // A clock: a new version every 100 ms, for ever.
    const { ctx, window } = clockedContext((ms) => 1 + Math.floor(ms / 100));
    expect(await watchEffect(ctx, window)()).toEqual({ kind: 'changed' });
    // Bounded: it returned (a wait without a bound would never end).
    expect(ctx.state.window('w1')?.version).toBeGreaterThan(1);
  });

  it('answers an unchanged window as before: no change, no settling', async () => {
    const { ctx, window } = clockedContext(() => 1);
    expect(await watchEffect(ctx, window, QUIET_MS)()).toEqual({ kind: 'none' });
  });
});
