/**
 * Live pairing: an X11 window can map before its accessible exists (a GTK3 file chooser, a Qt
 * window), or its accessible can be re-created. Each topology read is compared with the last:
 * a window whose accessible changed (none → one, or another one) is reported so that its content
 * is read again at once; a window still without one is looked at again with a doubling delay, a
 * bounded number of times (events usually pair it first: this is the net for a lost event).
 */
import type { Topology } from './topology.js';

/** Delays of the re-reads of an unpaired window: 6.3 s in all. */
export const RETRY_DELAYS_MS = [100, 200, 400, 800, 1600, 3200];

interface Unpaired {
  attempt: number;
  due: number;
}

export interface PairingWatchHooks {
  /** Look at the windows again (a topology re-read). */
  retry: () => void;
  /** These windows got a (new) accessible: read their content again. */
  paired: (nativeIds: string[]) => void;
  /**
   * False for a window whose process cannot expose an accessible (a11yLibraries.ts): no retries,
   * it is served window-only at once. Null or true: retried as usual.
   */
  accessible?: (window: Topology['windows'][number]) => boolean | null;
  now?: () => number;
}

export class PairingWatch {
  private readonly unpaired = new Map<string, Unpaired>();
  private timer: NodeJS.Timeout | null = null;
  private stopped = false;

  constructor(
    private readonly hooks: PairingWatchHooks,
    private readonly delays: readonly number[] = RETRY_DELAYS_MS,
  ) {}

  /** Called with each new topology and the one before it. */
  observe(previous: Topology, next: Topology): void {
    const before = new Map(previous.windows.map((w) => [w.native.nativeId, w.ref]));
    const repaired = next.windows.filter((w) => w.ref !== null && before.has(w.native.nativeId) && before.get(w.native.nativeId) !== w.ref);
    const present = new Set(next.windows.map((w) => w.native.nativeId));
    for (const id of [...this.unpaired.keys()]) if (!present.has(id)) this.unpaired.delete(id);
    const now = this.now();
    for (const w of next.windows) {
      if (w.ref !== null) this.unpaired.delete(w.native.nativeId);
      else if (!this.unpaired.has(w.native.nativeId)) {
        const hopeless = this.hooks.accessible?.(w) === false;
        this.unpaired.set(w.native.nativeId, { attempt: hopeless ? this.delays.length : 0, due: now + (this.delays[0] ?? 0) });
      }
    }
    this.arm();
    if (repaired.length > 0) this.hooks.paired(repaired.map((w) => w.native.nativeId));
  }

  /** Whether the window is unpaired and still being looked at again. */
  retrying(nativeId: string): boolean {
    const entry = this.unpaired.get(nativeId);
    return !!entry && entry.attempt < this.delays.length;
  }

  stop(): void {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
  }

  private arm(): void {
    if (this.stopped || this.timer) return;
    const dues = [...this.unpaired.values()].filter((u) => u.attempt < this.delays.length).map((u) => u.due);
    if (dues.length === 0) return;
    this.timer = setTimeout(() => this.fire(), Math.max(0, Math.min(...dues) - this.now()));
    this.timer.unref();
  }

  private fire(): void {
    this.timer = null;
    const now = this.now();
    let due = false;
    for (const entry of this.unpaired.values()) {
      if (entry.attempt >= this.delays.length || entry.due > now) continue;
      entry.attempt += 1;
      entry.due = now + (this.delays[entry.attempt] ?? 0);
      due = true;
    }
    if (due) this.hooks.retry();
    this.arm();
  }

  private now(): number {
    return (this.hooks.now ?? Date.now)();
  }
}
