/**
 * Window floods: an app that opens hundreds of windows would make every snapshot and tools/list
 * grow without bound (1,500 windows → a 6 MB tools/list). The bridge publishes at most
 * `max` windows per application and says so in a notice on that app's first published window.
 * Kept first: modal windows (they decide what is operable, P-OPER-1), the active window, the
 * windows already published (ids and tools stay stable), then the oldest in listing order.
 */
import type { NativeWindow } from '../platform/probe.js';

import { DEFAULT_MAX_WINDOWS_PER_APP } from '../util/limits.js';

export { DEFAULT_MAX_WINDOWS_PER_APP };

export interface CappedListing {
  kept: NativeWindow[];
  /** nativeId → the notice its window carries (one per capped application). */
  notices: Map<string, string>;
  hidden: number;
}

export function capWindows(listing: NativeWindow[], max: number, published: (nativeId: string) => boolean): CappedListing {
  const byApp = new Map<string, NativeWindow[]>();
  for (const w of listing) {
    const list = byApp.get(w.appKey);
    if (list) list.push(w);
    else byApp.set(w.appKey, [w]);
  }
  const dropped = new Set<string>();
  const notices = new Map<string, string>();
  for (const windows of byApp.values()) {
    if (windows.length <= max) continue;
    const rank = (w: NativeWindow) => (w.modal ? 0 : w.active ? 1 : published(w.nativeId) ? 2 : 3);
    const ordered = windows.map((w, index) => ({ w, index })).sort((a, b) => rank(a.w) - rank(b.w) || a.index - b.index);
    for (const { w } of ordered.slice(max)) dropped.add(w.nativeId);
    const first = windows.find((w) => !dropped.has(w.nativeId)) as NativeWindow;
    notices.set(
      first.nativeId,
      `This application has ${windows.length} windows open; GUI Bridge publishes ${max} of them (modal, active and oldest first). Close windows you no longer need to see the others.`,
    );
  }
  return { kept: listing.filter((w) => !dropped.has(w.nativeId)), notices, hidden: dropped.size };
}
