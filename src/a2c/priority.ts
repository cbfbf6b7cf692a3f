/**
 * What the agent should look at first, as `annotations.priority` in [0, 1] (seed §4.1, W2/W4;
 * §7: 1.0 highest, 0.8 high, 0.5 medium, 0.3 low, 0.0 lowest). A2C-SMCP Computers sort one
 * server's windows by it, highest first (a2c-smcp-protocol/docs/specification/desktop.md step 3).
 *
 * | window                                                         | priority |
 * |----------------------------------------------------------------|----------|
 * | top of a modal chain: operable and modal (P-WIN-3, P-OPER-1/2)  | 1.0      |
 * | operable and active (has the focus)                            | 0.9      |
 * | any other operable window                                      | 0.8      |
 * | blocked: a modal is attached to it or collapses its app        | 0.1      |
 *
 * A modal on top of its chain is what the user (and the agent) must answer before anything else in
 * that application moves; blocked windows are still worth reading but cannot be operated. 0.1, not
 * 0.0, keeps them apart from servers that declare no priority at all (read as 0.0).
 */

export const PRIORITY = {
  modalTop: 1.0,
  activeOperable: 0.9,
  operable: 0.8,
  blocked: 0.1,
} as const;

export interface PriorityInput {
  modal: boolean;
  active: boolean;
  /** In `operableWindowIds` (P-OPER-3). */
  operable: boolean;
}

export function windowPriority(window: PriorityInput): number {
  if (!window.operable) return PRIORITY.blocked;
  if (window.modal) return PRIORITY.modalTop;
  return window.active ? PRIORITY.activeOperable : PRIORITY.operable;
}

export interface FullscreenCandidate extends PriorityInput {
  winId: string;
  fullscreen: boolean;
  /** Opening order: larger is newer. */
  order: number;
}

/**
 * `_meta.fullscreen` is true on at most one window (a Computer keeps only the first fullscreen
 * window of a server, desktop.md step 4): the platform may report several (one per monitor), so
 * pick the operable one, then the active one, then the newest.
 */
export function chooseFullscreen(windows: readonly FullscreenCandidate[]): string | null {
  let best: FullscreenCandidate | null = null;
  for (const w of windows) {
    if (!w.fullscreen) continue;
    if (best === null || rank(w) > rank(best)) best = w;
  }
  return best?.winId ?? null;
}

function rank(w: FullscreenCandidate): number {
  // order is a small positive integer; operable/active dominate it.
  return (w.operable ? 2 ** 41 : 0) + (w.active ? 2 ** 40 : 0) + w.order;
}
