import { describe, expect, it } from 'vitest';
import { DirtyMarks } from '../../src/bridge/dirtyMarks.js';
import { ReadPacer, READ_DUTY } from '../../src/bridge/pacing.js';

function setUp() {
  let now = 1_000;
  const clock = { now: () => now, advance: (ms: number) => (now += ms) };
  const pacer = new ReadPacer(clock.now);
  const marks = new DirtyMarks(pacer, clock.now);
  marks.take(true); // the first listing and apps marks
  /** A read of `id` that took `ms`: its next events wait READ_DUTY × ms. */
  const read = (id: string, ms: number) => {
    pacer.readStarted(id);
    clock.advance(ms);
    pacer.readEnded(id);
  };
  return { clock, pacer, marks, read };
}

describe('DirtyMarks', () => {
  it('starts with the listing and the apps to read, then has nothing', () => {
    const marks = new DirtyMarks(new ReadPacer(() => 0), () => 0);
    expect(marks.any()).toBe(true);
    const taken = marks.take(false);
    expect([taken.topology, taken.apps]).toEqual([true, true]);
    expect(marks.any()).toBe(false);
    expect(marks.dueAt(false)).toBeNull();
  });

  it('holds a paced window until its turn, unless the refresh is forced or the mark is unpaced', () => {
    const { clock, marks, read } = setUp();
    read('w1', 100);
    read('w2', 100);
    marks.markContent(['w1', 'w2']);
    const turn = clock.now() + READ_DUTY * 100;
    expect(marks.dueAt(false)).toBe(turn - 100); // w1 ended its read 100 ms before w2
    expect([...marks.take(false).content]).toEqual([]);

    marks.markContent(['w2'], false, true);
    expect(marks.dueAt(false)).toBe(0);
    expect([...marks.take(false).content]).toEqual(['w2']);
    expect([...marks.take(true).content]).toEqual(['w1']);
    expect(marks.any()).toBe(false);
  });

  it('gives the whole-read marks only with the windows this refresh reads', () => {
    const { clock, marks, read } = setUp();
    read('w1', 100);
    marks.markContent(['w1'], true);
    marks.markContent(['w2'], true);
    const first = marks.take(false);
    expect([...first.content]).toEqual(['w2']);
    expect([...first.fresh]).toEqual(['w2']);
    clock.advance(READ_DUTY * 100);
    const second = marks.take(false);
    expect([...second.fresh]).toEqual(['w1']);
  });

  it('reads a window once more after a quiet probe: that read confirms churn or not', () => {
    const { clock, pacer, marks, read } = setUp();
    // Three reads in a row each followed by an echo alone, then an echo that starts the probe.
    for (let i = 0; i < 4; i++) {
      read('w1', 10);
      pacer.noteEvent('w1', ['text log']);
    }
    marks.markContent(['w1']);
    clock.advance(5_000); // the probe stayed quiet
    const taken = marks.take(false);
    expect({ read: [...taken.content], notices: [...taken.notices] }).toEqual({ read: ['w1'], notices: [] });
    read('w1', 10);
    expect(pacer.noteEvent('w1', ['text log'])).toBe('churn');
    marks.markNotices(['w1']);
    expect([...marks.take(false).notices]).toEqual(['w1']);
  });

  it('clear drops every mark', () => {
    const { marks } = setUp();
    marks.markTopology();
    marks.markApps();
    marks.markContent(['w1'], true, true);
    marks.clear();
    expect(marks.any()).toBe(false);
  });
});
