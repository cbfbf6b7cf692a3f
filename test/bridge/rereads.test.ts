import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { IncompleteReads } from '../../src/bridge/rereads.js';

describe('IncompleteReads: bounded re-reads of windows read incompletely', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('re-reads with a doubling delay, then gives up until the window changes on its own', () => {
    const due: string[] = [];
    const reads = new IncompleteReads((id) => due.push(id), [10, 20, 40]);
    reads.noteRead('x1', true);
    vi.advanceTimersByTime(9);
    expect(due).toEqual([]);
    vi.advanceTimersByTime(1);
    expect(due).toEqual(['x1']);
    reads.noteRead('x1', true);
    vi.advanceTimersByTime(20);
    reads.noteRead('x1', true);
    vi.advanceTimersByTime(40);
    expect(due).toEqual(['x1', 'x1', 'x1']);
    reads.noteRead('x1', true); // third re-read still incomplete: no fourth
    vi.advanceTimersByTime(1000);
    expect(due).toHaveLength(3);
    expect(reads.scheduled()).toEqual([]);
    reads.changed('x1'); // an event: a fresh round
    reads.noteRead('x1', true);
    vi.advanceTimersByTime(10);
    expect(due).toHaveLength(4);
  });

  it('a complete read or a closed window ends the round; one re-read at a time per window', () => {
    const due: string[] = [];
    const reads = new IncompleteReads((id) => due.push(id), [10, 20]);
    reads.noteRead('a', true);
    reads.noteRead('a', true); // read again by an event meanwhile: still one timer
    reads.noteRead('b', true);
    expect(reads.scheduled().sort()).toEqual(['a', 'b']);
    reads.noteRead('a', false);
    reads.forget('b');
    vi.advanceTimersByTime(100);
    expect(due).toEqual([]);
    reads.noteRead('c', true);
    reads.stop();
    vi.advanceTimersByTime(100);
    expect(due).toEqual([]);
  });
});
