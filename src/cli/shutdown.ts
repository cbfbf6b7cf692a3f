/**
 * Clean shutdown for long-running commands: signal handlers go in first, before any
 * source opens, so a Ctrl-C during start-up still closes what was opened (desktop connections,
 * helper processes, temporary screenshot folders) instead of killing the process mid-way.
 */
/**
 * How long a step that was still opening at the stop gets to finish, so it can be closed. Short:
 * what such a step holds (sockets to the desktop's buses and display) ends with the process
 * anyway, and a client that left must not wait for a desktop that does not answer.
 */
const GRACE_MS = 300;

function withGrace(work: Promise<unknown>, ms: number): Promise<void> {
  return new Promise((resolve) => {
    const timer = setTimeout(resolve, ms);
    void work.finally(() => {
      clearTimeout(timer);
      resolve();
    });
  });
}

export class Shutdown {
  private readonly cleanups: Array<() => Promise<void> | void> = [];
  private signalled = false;
  private readonly waiters = new Set<() => void>();
  private readonly onSignal = (signal: NodeJS.Signals) => {
    // A second Ctrl-C while cleaning up means "now": the user gave up waiting.
    if (this.signalled) process.exit(signal === 'SIGINT' ? 130 : 143);
    this.signalled = true;
    this.signal = signal;
    for (const wake of this.waiters) wake();
  };
  signal: NodeJS.Signals | undefined;
  /** Why the stop came, when not a signal (the stdio client closed stdin). */
  reason: string | undefined;
  /**
   * A start-up step that failed after the stop, within its grace period: its error still decides
   * the exit (a usage error is exit 2 even when stdin was closed from the start).
   */
  failure: { error: unknown } | undefined;

  constructor() {
    process.on('SIGINT', this.onSignal);
    process.on('SIGTERM', this.onSignal);
  }

  /** Stops as a signal would when `ended` settles (stdin's end: the only client has gone). */
  stopWhen(ended: Promise<unknown>, reason: string): void {
    const stop = () => {
      if (this.signalled) return;
      this.signalled = true;
      this.reason = reason;
      for (const wake of this.waiters) wake();
    };
    void ended.then(stop, stop);
  }

  /** What stopped it, for the log line. */
  get cause(): string {
    return this.signal ?? this.reason ?? 'a signal';
  }

  get requested(): boolean {
    return this.signalled;
  }

  /** Registers a clean-up; they run last-in first-out. */
  add(cleanup: () => Promise<void> | void): void {
    this.cleanups.push(cleanup);
  }

  /**
   * Awaits a start-up step unless a signal comes first. Its result gets `close` as a clean-up;
   * when the signal won, a late result is closed as soon as it arrives (within `graceMs`).
   */
  async during<T>(step: Promise<T>, close: (value: T) => Promise<void> | void): Promise<T | undefined> {
    const signalled = this.wait().then(() => undefined);
    const outcome = await Promise.race([step.then((value) => ({ value })), signalled]);
    if (outcome) {
      this.add(() => close(outcome.value));
      return outcome.value;
    }
    this.add(() =>
      withGrace(
        step.then(close, (error: unknown) => void (this.failure ??= { error })),
        GRACE_MS,
      ),
    );
    return undefined;
  }

  /** Resolves on a signal, or when `until` settles. */
  wait(until?: Promise<unknown>): Promise<void> {
    if (this.signalled) return Promise.resolve();
    return new Promise((resolve) => {
      const wake = () => {
        this.waiters.delete(wake);
        resolve();
      };
      this.waiters.add(wake);
      void until?.then(wake, wake);
    });
  }

  async run(): Promise<void> {
    while (this.cleanups.length > 0) {
      const cleanup = this.cleanups.pop() as () => Promise<void> | void;
      try {
        await cleanup();
      } catch {
        // keep closing the rest
      }
    }
    process.off('SIGINT', this.onSignal);
    process.off('SIGTERM', this.onSignal);
  }
}
