/**
 * Runs tasks one at a time (P-SESS-3); a failing task never blocks the next. Tasks carry a lane
 * (the calling session): lanes take turns, round-robin, and each lane keeps its arrival order,
 * so a client that pipelines thousands of calls cannot starve another client.
 */
export type Lane = string | number;

const DEFAULT_LANE: Lane = '';

export class SerialQueue {
  /** Waiting starters per lane; Map order is the turn order (a served lane moves to the back). */
  private readonly lanes = new Map<Lane, Array<() => void>>();
  private running = false;
  private pending = 0;

  get size(): number {
    return this.pending;
  }

  run<T>(task: () => Promise<T>, lane: Lane = DEFAULT_LANE): Promise<T> {
    this.pending++;
    return new Promise<T>((resolve, reject) => {
      const start = () => {
        Promise.resolve()
          .then(task)
          .then(resolve, reject)
          .finally(() => {
            this.pending--;
            this.running = false;
            this.next();
          });
      };
      const waiting = this.lanes.get(lane);
      if (waiting) waiting.push(start);
      else this.lanes.set(lane, [start]);
      this.next();
    });
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
