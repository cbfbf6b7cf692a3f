/**
 * Clean shutdown for long-running commands: signal handlers go in first, before any
 * source opens, so a Ctrl-C during start-up still closes what was opened (desktop connections,
 * helper processes, temporary screenshot folders) instead of killing the process mid-way.
 */
/** How long a step that was still opening at the signal gets to finish, so it can be closed. */
const GRACE_MS = 3000;

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

  constructor() {
    process.on('SIGINT', this.onSignal);
    process.on('SIGTERM', this.onSignal);
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
        step.then(close, () => undefined),
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
