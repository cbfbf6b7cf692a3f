/**
 * Re-reads of windows whose last read was incomplete (the application did not answer in time,
 * or the read failed). Without them such a window keeps its partial content until the app happens
 * to emit another event: a list that an app fills in a busy loop answers late, then emits nothing
 * once it is full, and stays half-read for good. Re-reads back off and stop after a few tries, so
 * a hung application is not asked again and again (each try waits out the app's deadline); its
 * next event starts a new round.
 */

/** Delays before each re-read of a still incomplete window: 15.75 s in all. */
export const REREAD_DELAYS_MS = [250, 500, 1000, 2000, 4000, 8000];

interface Pending {
  attempt: number;
  timer: NodeJS.Timeout | null;
}

export class IncompleteReads {
  private readonly pending = new Map<string, Pending>();
  private stopped = false;

  /** `due` marks windows dirty again; the bridge's refresh reads them. */
  constructor(
    private readonly due: (nativeId: string) => void,
    private readonly delays: readonly number[] = REREAD_DELAYS_MS,
  ) {}

  /** Called after each read of a window's tree with whether it was incomplete. */
  noteRead(nativeId: string, incomplete: boolean): void {
    const entry = this.pending.get(nativeId);
    if (!incomplete) {
      this.forget(nativeId);
      return;
    }
    if (this.stopped) return;
    const attempt = entry ? entry.attempt : 0;
    if (entry?.timer) return; // a re-read is already on its way
    if (attempt >= this.delays.length) return; // given up until the window changes on its own
    const timer = setTimeout(() => {
      const current = this.pending.get(nativeId);
      if (current) current.timer = null;
      this.due(nativeId);
    }, this.delays[attempt]);
    timer.unref();
    this.pending.set(nativeId, { attempt: attempt + 1, timer });
  }

  /** An event about the window: whatever comes of its next read, it earns a fresh round. */
  changed(nativeId: string): void {
    const entry = this.pending.get(nativeId);
    if (entry && !entry.timer) this.pending.delete(nativeId);
  }

  /** The window is gone. */
  forget(nativeId: string): void {
    const entry = this.pending.get(nativeId);
    if (entry?.timer) clearTimeout(entry.timer);
    this.pending.delete(nativeId);
  }

  /** Windows with a re-read still scheduled (for tests and diagnostics). */
  scheduled(): string[] {
    return [...this.pending].filter(([, p]) => p.timer !== null).map(([id]) => id);
  }

  stop(): void {
    this.stopped = true;
    for (const id of [...this.pending.keys()]) this.forget(id);
  }
}
