import { describe, expect, test } from 'vitest';
import { CancelledBeforeStart, SerialQueue } from '../../src/bridge/queue.js';

describe('SerialQueue (P-SESS-3)', () => {
  test('runs one task at a time in arrival order; a failure does not block the next', async () => {
    const queue = new SerialQueue();
    const log: string[] = [];
    const task =
      (name: string, ms: number, fail = false) =>
      () =>
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

describe('SerialQueue fairness', () => {
  test('lanes take turns round-robin; each lane keeps its own order', async () => {
    const queue = new SerialQueue();
    const order: string[] = [];
    const task = (name: string) => async () => void order.push(name);
    const all = [
      ...['h1', 'h2', 'h3', 'h4', 'h5'].map((n) => queue.run(task(n), 'heavy')),
      queue.run(task('l1'), 'light'),
      queue.run(task('l2'), 'light'),
      queue.run(task('o1'), 'other'),
    ];
    await Promise.all(all);
    // h1 was already running when the others arrived; then heavy, light, other take turns.
    expect(order).toEqual(['h1', 'h2', 'l1', 'o1', 'h3', 'l2', 'h4', 'h5']);
    expect(queue.size).toBe(0);
  });

  test('a task that throws synchronously fails alone', async () => {
    const queue = new SerialQueue();
    const bad = queue.run(() => {
      throw new Error('sync');
    }, 'a');
    await expect(bad).rejects.toThrow('sync');
    await expect(queue.run(async () => 'next', 'a')).resolves.toBe('next');
  });
});

describe('SerialQueue cancellation', () => {
  test('a waiting task whose signal aborts never runs; a running one finishes; the queue moves on', async () => {
    const queue = new SerialQueue();
    const ran: string[] = [];
    let release!: () => void;
    const first = queue.run(() => new Promise<void>((resolve) => (release = () => (ran.push('first'), resolve()))), 'a');
    const controller = new AbortController();
    const cancelled = queue.run(async () => void ran.push('cancelled'), 'a', controller.signal);
    const last = queue.run(async () => void ran.push('last'), 'b');
    controller.abort();
    await expect(cancelled).rejects.toBeInstanceOf(CancelledBeforeStart);
    expect(queue.size).toBe(2);
    release();
    await Promise.all([first, last]);
    expect(ran).toEqual(['first', 'last']);
    expect(queue.size).toBe(0);
    const already = new AbortController();
    already.abort();
    await expect(queue.run(async () => void ran.push('never'), 'a', already.signal)).rejects.toBeInstanceOf(CancelledBeforeStart);
    expect(ran).toEqual(['first', 'last']);
  });
});
