/**
 * Parts kept as taking no room (sizes.ts) can be laid out later without any event: Qt sizes a
 * table's viewport after the model filled it, GTK 4 reveals an info bar. The incremental reader
 * asks their sizes again on each partial read, but a window that sends no event is not read at
 * all: DB Browser for SQLite's grid, read while still being laid out on a busy machine, stayed
 * hidden for good. So after each read that kept such parts, their sizes are asked again a few
 * times, backing off (a handful of `GetExtents` calls each time, at most `MAX_REFS`); one that
 * now takes room asks for a full read of the window. A new read of the window starts over.
 */
import type { ToolkitInfo } from './normalize.js';
import { RecheckWatch } from './recheckWatch.js';

/** Delays of the checks after a read: 15 s in all, then the window's next event or re-scan. */
export const LAYOUT_CHECK_DELAYS_MS = [1000, 2000, 4000, 8000];
/** Parts asked per check: a window full of hidden tool buttons costs no more than this. */
export const MAX_REFS = 48;

export type TakesNoRoom = (ref: string, toolkit: ToolkitInfo | undefined) => Promise<boolean>;

export class LayoutWatch extends RecheckWatch<{ refs: string[]; toolkit: ToolkitInfo | undefined }> {
  constructor(takesNoRoom: TakesNoRoom, laidOut: (top: string) => void, delays: readonly number[] = LAYOUT_CHECK_DELAYS_MS) {
    // A part that cannot be asked (gone, app busy) counts as still taking no room.
    super(async ({ refs, toolkit }) => (await Promise.all(refs.map((ref) => takesNoRoom(ref, toolkit).catch(() => true)))).includes(false), laidOut, delays);
  }

  /** After a read of `top`: the parts it kept as taking no room (none: nothing to watch). */
  watchParts(top: string, refs: string[], toolkit: ToolkitInfo | undefined): void {
    this.watch(top, refs.length === 0 ? null : { refs: refs.slice(0, MAX_REFS), toolkit });
  }
}
