/**
 * Windows an action opened are returned once they are readable: a window whose content is
 * still on its way (WINDOW_ONLY.pending, e.g. a dialog whose accessible appears after its X11
 * window) is waited for, within the action's deadline. Returns the ids still not readable.
 */
import { WINDOW_ONLY } from '../platform/probe.js';
import type { BridgeState } from './state.js';
import type { StateSync } from './sync.js';

export async function awaitReadable(sync: StateSync, state: BridgeState, winIds: string[], deadline: number, nudgeMs: number): Promise<string[]> {
  for (;;) {
    const waiting = winIds.filter((id) => state.window(id)?.tree.root.attributes?.[WINDOW_ONLY.pending] === 'true');
    const remaining = deadline - Date.now();
    if (waiting.length === 0 || remaining <= 0) return waiting;
    const generation = state.generation;
    await sync.nextApplied(Math.min(remaining, nudgeMs));
    // No change yet: look at the windows again in case the platform's event was lost.
    if (state.generation === generation) sync.markTopology();
    await sync.flush();
  }
}
