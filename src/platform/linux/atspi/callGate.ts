/**
 * At most so many calls in flight to one application; the rest wait here, in order. The tree
 * reader starts every node's reads as soon as it knows the node (prefetch.ts): on a window of
 * thousands of nodes that was tens of thousands of calls queued in the application's socket at
 * once. The application answers them one by one whatever the depth of its queue, so a deeper
 * queue makes nothing faster; it only makes every later call wait behind it, the user's input
 * and our own liveness question included, and a call's timeout then measured our queue rather
 * than the application (a busy Nautilus with 3,000 files was taken for not responding). A call's
 * timeout starts when it is sent, after it left this queue.
 */

export class CallGate {
  private readonly running = new Map<string, number>();
  private readonly waiting = new Map<string, Array<{ wake: () => void; fail: (error: unknown) => void }>>();

  constructor(
    /** Mutable: benchmarks compare limits on one connection (bench/call-gate.ts). */
    public limit: number,
    /**
     * Whether a call's failure means the application stopped answering (a timeout): the calls
     * waiting for it then fail with the same error, before its place is handed on.
     */
    private readonly stopsAll: (error: unknown) => boolean = () => false,
  ) {}

  /** Runs `call` once fewer than `limit` calls to `key` are in flight. */
  run<T>(key: string, call: () => Promise<T>): Promise<T> {
    const busy = this.running.get(key) ?? 0;
    if (busy < this.limit) {
      this.running.set(key, busy + 1);
      return this.started(key, call);
    }
    // The slot is handed over by `release`, still counted: no newcomer can take it meanwhile.
    return new Promise<void>((wake, fail) => {
      const queue = this.waiting.get(key) ?? [];
      queue.push({ wake, fail });
      this.waiting.set(key, queue);
    }).then(() => this.started(key, call));
  }

  /**
   * Fails every call still waiting for `key` with `error`: an application that left a call
   * unanswered for its whole timeout would otherwise take each waiting call's timeout in turn,
   * `limit` at a time (minutes for a window's read), before anything else reached it.
   */
  private failWaiting(key: string, error: unknown): void {
    const queue = this.waiting.get(key);
    this.waiting.delete(key);
    for (const waiter of queue ?? []) waiter.fail(error);
  }

  /** Calls to `key` in flight and waiting (tests, benchmarks). */
  load(key: string): { running: number; waiting: number } {
    return { running: this.running.get(key) ?? 0, waiting: this.waiting.get(key)?.length ?? 0 };
  }

  private started<T>(key: string, call: () => Promise<T>): Promise<T> {
    let result: Promise<T>;
    try {
      result = call();
    } catch (error) {
      result = Promise.reject(error);
    }
    return result
      .catch((error: unknown) => {
        if (this.stopsAll(error)) this.failWaiting(key, error);
        throw error;
      })
      .finally(() => this.release(key));
  }

  private release(key: string): void {
    const queue = this.waiting.get(key);
    const next = queue?.shift();
    if (queue?.length === 0) this.waiting.delete(key);
    if (next) return next.wake();
    const busy = (this.running.get(key) ?? 1) - 1;
    if (busy === 0) this.running.delete(key);
    else this.running.set(key, busy);
  }
}
