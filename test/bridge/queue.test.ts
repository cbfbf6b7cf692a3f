import { describe, expect, test } from 'vitest';
import { SerialQueue } from '../../src/bridge/queue.js';

describe('SerialQueue (P-SESS-3)', () => {
  test('runs one task at a time in arrival order; a failure does not block the next', async () => {
    const queue = new SerialQueue();
    const log: string[] = [];
    const task = (name: string, ms: number, fail = false) => () =>
      new Promise<string>((resolve, reject) => {
        log.push(`start ${name}`);
        setTimeout(() => {
          log.push(`end ${name}`);
          if (fail) reject(new Error(name));
          else resolve(name);
        }, ms);
      });
    const results = await Promise.allSettled([queue.run(task('a', 20)), queue.run(task('b', 1, true)), queue.run(task('c', 1))]);
    expect(log).toEqual(['start a', 'end a', 'start b', 'end b', 'start c', 'end c']);
    expect(results.map((r) => r.status)).toEqual(['fulfilled', 'rejected', 'fulfilled']);
    expect(queue.size).toBe(0);
  });
});
