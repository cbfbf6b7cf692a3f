/**
 * What a running action is doing, step by step: waiting for an effect (its `what`), for the
 * windows to be read, or for the application to answer a platform call. When the action's
 * deadline passes, its error names the step it was stuck in and for how long, and the log has
 * every step's time: "did not take effect" alone cannot tell a lost press from a slow read or
 * an application that stopped answering.
 */
import type { Probe } from '../platform/probe.js';

export interface StepTime {
  step: string;
  ms: number;
}

/** Steps kept per action; an action that loops keeps its last ones (the ones that matter at a timeout). */
const KEPT_STEPS = 40;

export class ActionSteps {
  /** The steps under way, outermost first. */
  private readonly open: Array<{ step: string; since: number }> = [];
  private readonly done: StepTime[] = [];

  constructor(private readonly now: () => number = Date.now) {}

  /** Runs `work` as the named step; steps nest (an action may also run two at once). */
  async run<T>(step: string, work: () => Promise<T>): Promise<T> {
    const end = this.begin(step);
    try {
      return await work();
    } finally {
      end(true);
    }
  }

  /** Opens a step; `end(false)` drops it unrecorded (a call that turned out not to wait). */
  begin(step: string): (record: boolean) => void {
    const entry = { step, since: this.now() };
    this.open.push(entry);
    return (record) => {
      const at = this.open.lastIndexOf(entry);
      if (at < 0) return;
      this.open.splice(at, 1);
      if (!record) return;
      this.done.push({ step, ms: this.now() - entry.since });
      if (this.done.length > KEPT_STEPS) this.done.shift();
    };
  }

  /**
   * The steps under way, outermost first, e.g. "waiting for the file chooser to accept
   * /tmp/a.txt, for 8012 ms: waiting for the windows to be read, for 6950 ms".
   */
  describe(): string | null {
    if (this.open.length === 0) return null;
    const now = this.now();
    return this.open.map((s) => `${s.step}, for ${now - s.since} ms`).join(': ');
  }

  history(): StepTime[] {
    return [...this.done];
  }
}

/**
 * The probe an action is given: the same object, each platform call recorded as a step
 * ("the application to answer doAction"). Properties that are not functions pass through,
 * so optional capabilities (`probe.capture?.(…)`) stay absent where the platform lacks them.
 */
export function steppedProbe(probe: Probe, steps: ActionSteps): Probe {
  return new Proxy(probe, {
    get(target, property, receiver) {
      const value = Reflect.get(target, property, receiver) as unknown;
      if (typeof value !== 'function' || typeof property !== 'string') return value;
      return (...args: unknown[]) => {
        const end = steps.begin(`waiting for the application to answer ${property}`);
        let result: unknown;
        try {
          result = (value as (...a: unknown[]) => unknown).apply(target, args);
        } catch (error) {
          end(true);
          throw error;
        }
        if (!(result instanceof Promise)) {
          end(false);
          return result;
        }
        return result.finally(() => end(true));
      };
    },
  });
}
