/**
 * Checks asked again after a window's read, backing off, for what a toolkit changes without any
 * event (layoutWatch.ts: sizes; showingWatch.ts: Gecko's `showing`; scrollWatch.ts: GTK 4's
 * scrolling). Each read of the window starts the checks over with what that read saw; a check
 * that finds a change asks for a full read of the window, and the checks stop after the last
 * delay until the window's next read (or go on at the last delay, where asked).
 */
export class RecheckWatch<Seen> {
  private readonly watched = new Map<string, { seen: Seen; attempt: number; timer: NodeJS.Timeout }>();

  constructor(
    /** Whether what the read saw has changed since; a check that cannot ask answers false. */
    private readonly changed: (seen: Seen) => Promise<boolean>,
    /** Something changed without an event: the window is to be read whole. */
    private readonly readWhole: (top: string) => void,
    private readonly delays: readonly number[],
    /** Keep checking at the last delay until the window's next read, rather than stop. */
    private readonly repeatLast = false,
  ) {}

  /** After a read of `top`: what to check again (null: nothing to watch). */
  watch(top: string, seen: Seen | null): void {
    this.forget(top);
    if (seen === null || this.delays.length === 0) return;
    this.schedule(top, seen, 0);
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

  private schedule(top: string, seen: Seen, attempt: number): void {
    const timer = setTimeout(() => void this.check(top), this.delays[attempt]);
    timer.unref();
    this.watched.set(top, { seen, attempt, timer });
  }

  private async check(top: string): Promise<void> {
    const entry = this.watched.get(top);
    if (!entry) return;
    const changed = await this.changed(entry.seen).catch(() => false);
    if (this.watched.get(top) !== entry) return; // read again (or forgotten) meanwhile
    if (changed) {
      this.watched.delete(top);
      this.readWhole(top);
      return;
    }
    if (entry.attempt + 1 >= this.delays.length) {
      if (this.repeatLast) this.schedule(top, entry.seen, entry.attempt);
      else this.watched.delete(top);
      return;
    }
    this.schedule(top, entry.seen, entry.attempt + 1);
  }
}
