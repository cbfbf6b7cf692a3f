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

/** Delays of the checks after a read: 15 s in all, then the window's next event or re-scan. */
export const LAYOUT_CHECK_DELAYS_MS = [1000, 2000, 4000, 8000];
/** Parts asked per check: a window full of hidden tool buttons costs no more than this. */
export const MAX_REFS = 48;

export type TakesNoRoom = (ref: string, toolkit: ToolkitInfo | undefined) => Promise<boolean>;

interface Watched {
  refs: string[];
  toolkit: ToolkitInfo | undefined;
  attempt: number;
  timer: NodeJS.Timeout;
}

export class LayoutWatch {
  private readonly watched = new Map<string, Watched>();

  constructor(
    private readonly takesNoRoom: TakesNoRoom,
    /** A kept part now takes room: the window is to be read whole. */
    private readonly laidOut: (top: string) => void,
    private readonly delays: readonly number[] = LAYOUT_CHECK_DELAYS_MS,
  ) {}

  /** After a read of `top`: the parts it kept as taking no room (none: nothing to watch). */
  watch(top: string, refs: string[], toolkit: ToolkitInfo | undefined): void {
    this.forget(top);
    if (refs.length === 0 || this.delays.length === 0) return;
    this.schedule(top, { refs: refs.slice(0, MAX_REFS), toolkit, attempt: 0 });
  }

  forget(top: string): void {
    const entry = this.watched.get(top);
    if (entry) clearTimeout(entry.timer);
    this.watched.delete(top);
  }

  clear(): void {
    for (const top of [...this.watched.keys()]) this.forget(top);
  }

  /** Windows with a check scheduled (tests, diagnostics). */
  pending(): string[] {
    return [...this.watched.keys()];
  }

  private schedule(top: string, entry: Omit<Watched, 'timer'>): void {
    const timer = setTimeout(() => void this.check(top), this.delays[entry.attempt]);
    timer.unref();
    this.watched.set(top, { ...entry, timer });
  }

  private async check(top: string): Promise<void> {
    const entry = this.watched.get(top);
    if (!entry) return;
    // A part that cannot be asked (gone, app busy) counts as still taking no room.
    const sizes = await Promise.all(entry.refs.map((ref) => this.takesNoRoom(ref, entry.toolkit).catch(() => true)));
    if (this.watched.get(top) !== entry) return; // read again (or forgotten) meanwhile
    if (sizes.includes(false)) {
      this.watched.delete(top);
      this.laidOut(top);
      return;
    }
    if (entry.attempt + 1 >= this.delays.length) {
      this.watched.delete(top);
      return;
    }
    this.schedule(top, { refs: entry.refs, toolkit: entry.toolkit, attempt: entry.attempt + 1 });
  }
}
