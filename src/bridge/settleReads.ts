/**
 * Re-reads of a window that just appeared. Applications build a new window's content after it
 * is mapped, and not always with events: FocusWriter (Qt 6) adds its document pane to an empty
 * layered pane at start-up without a children-changed event, so the first read stayed the state
 * (no document text) until the next event or the safety re-scan. A new window is therefore read
 * whole again a few times, backing off, then only on events like any other.
 */

/** Delays after a window first appeared: 8 s in all, four whole reads. */
export const SETTLE_READ_DELAYS_MS = [500, 1500, 3000, 8000];

export class SettleReads {
  private readonly timers = new Map<string, NodeJS.Timeout>();
  private stopped = false;

  /** `due` marks the window to be read whole; the bridge's refresh reads it. */
  constructor(
    private readonly due: (nativeId: string) => void,
    private readonly delays: readonly number[] = SETTLE_READ_DELAYS_MS,
  ) {}

  /** A window read for the first time. */
  appeared(nativeId: string): void {
    if (this.stopped || this.timers.has(nativeId)) return;
    this.schedule(nativeId, 0);
  }

  forget(nativeId: string): void {
    clearTimeout(this.timers.get(nativeId));
    this.timers.delete(nativeId);
  }

  /** Windows still settling (tests, diagnostics). */
  pending(): string[] {
    return [...this.timers.keys()];
  }

  stop(): void {
    this.stopped = true;
    for (const id of [...this.timers.keys()]) this.forget(id);
  }

  private schedule(nativeId: string, attempt: number): void {
    if (attempt >= this.delays.length) {
      this.timers.delete(nativeId);
      return;
    }
    const timer = setTimeout(() => {
      if (this.timers.get(nativeId) !== timer) return;
      this.due(nativeId);
      this.schedule(nativeId, attempt + 1);
    }, this.delays[attempt]);
    timer.unref();
    this.timers.set(nativeId, timer);
  }
}
