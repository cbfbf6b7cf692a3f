/**
 * Runs tasks one at a time (P-SESS-3); a failing task never blocks the next. Tasks carry a lane
 * (the calling session): lanes take turns, round-robin, and each lane keeps its arrival order,
 * so a client that pipelines thousands of calls cannot starve another client. A task whose caller
 * gives up (its signal aborts) before its turn leaves the queue without running: a cancelled call
 * must never act on the user's app later, when nobody is waiting for it.
 */
export type Lane = string | number;

const DEFAULT_LANE: Lane = '';

/** Why a task never ran: its caller cancelled it while it waited for its turn. */
export class CancelledBeforeStart extends Error {
  constructor() {
    super('cancelled before it ran');
    this.name = 'CancelledBeforeStart';
  }
}

export class SerialQueue {
  /** Waiting starters per lane; Map order is the turn order (a served lane moves to the back). */
  private readonly lanes = new Map<Lane, Array<() => void>>();
  private running = false;
  private pending = 0;

  get size(): number {
    return this.pending;
  }

  run<T>(task: () => Promise<T>, lane: Lane = DEFAULT_LANE, signal?: AbortSignal): Promise<T> {
    if (signal?.aborted) return Promise.reject(new CancelledBeforeStart());
    this.pending++;
    return new Promise<T>((resolve, reject) => {
      const onAbort = () => {
        if (!this.withdraw(lane, start)) return; // already running: it finishes
        this.pending--;
        reject(new CancelledBeforeStart());
      };
      const start = () => {
        signal?.removeEventListener('abort', onAbort);
        Promise.resolve()
          .then(task)
          .then(resolve, reject)
          .finally(() => {
            this.pending--;
            this.running = false;
            this.next();
          });
      };
      signal?.addEventListener('abort', onAbort, { once: true });
      const waiting = this.lanes.get(lane);
      if (waiting) waiting.push(start);
      else this.lanes.set(lane, [start]);
      this.next();
    });
  }

  /** Takes a waiting starter out of its lane; false when it has already started. */
  private withdraw(lane: Lane, start: () => void): boolean {
    const waiting = this.lanes.get(lane);
    const index = waiting?.indexOf(start) ?? -1;
    if (!waiting || index < 0) return false;
    waiting.splice(index, 1);
    if (waiting.length === 0) this.lanes.delete(lane);
    return true;
  }

  private next(): void {
    if (this.running) return;
    const first = this.lanes.entries().next();
    if (first.done) return;
    const [lane, waiting] = first.value;
    const start = waiting.shift() as () => void;
    this.lanes.delete(lane);
    if (waiting.length > 0) this.lanes.set(lane, waiting);
    this.running = true;
    start();
  }
}
