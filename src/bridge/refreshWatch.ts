/**
 * Says where a slow refresh waits. Every tool call and read waits for refreshes, so one that never
 * ends stops the server answering; a refresh running past `SLOW_REFRESH_MS` is logged (warn) with
 * the steps still under way (its platform calls), and again each period while it runs.
 */
import type { Logger } from '../util/logger.js';

export const SLOW_REFRESH_MS = 10_000;

export class RefreshWatch {
  private readonly stages = new Set<string>();

  constructor(private readonly log: Logger) {}

  /** Runs a whole refresh, logged while it runs too long. */
  async watch(refresh: Promise<void>): Promise<void> {
    const started = Date.now();
    const timer = setInterval(() => {
      this.log.warn('a refresh is still running', { ms: Date.now() - started, waitingFor: [...this.stages] });
    }, SLOW_REFRESH_MS);
    timer.unref();
    try {
      await refresh;
    } finally {
      clearInterval(timer);
    }
  }

  /** Runs a step of a refresh, named while it runs. */
  async stage<T>(name: string, step: Promise<T>): Promise<T> {
    this.stages.add(name);
    try {
      return await step;
    } finally {
      this.stages.delete(name);
    }
  }
}
