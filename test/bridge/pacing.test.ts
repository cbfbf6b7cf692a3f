/** ReadPacer: paced re-reads of a window that keeps changing, and churn our own reads cause. */
import { describe, expect, it } from 'vitest';
import { ECHO_TAIL_MS, PROBE_MS, READ_DUTY, ReadPacer, SUSPECT_READS } from '../../src/bridge/pacing.js';
import { CAUSES_OVERFLOW } from '../../src/platform/probe.js';

function clocked() {
  let now = 1_000;
  const pacer = new ReadPacer(() => now);
  const read = (id: string, ms: number) => {
    pacer.readStarted(id);
    now += ms;
    pacer.readEnded(id);
  };
  return { pacer, read, advance: (ms: number) => (now += ms), now: () => now };
}

describe('ReadPacer', () => {
  it('paces a window READ_DUTY times its last read apart; a window never read is due at once', () => {
    const { pacer, read, now } = clocked();
    expect(pacer.dueAt('w')).toBe(0);
    read('w', 100);
    expect(pacer.dueAt('w')).toBe(now() + READ_DUTY * 100);
  });

  /** Reads in a row each followed at once by an echo (`causes`), until the window is probing. */
  function suspect(clock: ReturnType<typeof clocked>, causes?: string[]) {
    const { pacer, read, advance } = clock;
    read('w', 50);
    for (let i = 0; i < SUSPECT_READS; i++) {
      advance(10);
      expect(pacer.noteEvent('w', causes)).toBe('read'); // just after the read: an echo
      advance(READ_DUTY * 50);
      read('w', 50);
    }
    advance(10);
    expect(pacer.noteEvent('w', causes)).toBe('read'); // still marks the window; the probe decides
  }

  /** Suspected, then a quiet probe and the read that follows it (the one that confirms churn or not). */
  function confirmingRead(causes: string[]) {
    const clock = clocked();
    suspect(clock, causes);
    clock.advance(PROBE_MS);
    clock.pacer.take('w');
    clock.read('w', 50);
    return clock;
  }

  it('confirms churn when reads bring only echoes, a quiet probe follows and its read echoes again; then ignores echoes', () => {
    const clock = clocked();
    const { pacer, read, advance, now } = clock;
    suspect(clock);
    expect(pacer.dueAt('w')).toBe(now() + PROBE_MS);
    advance(PROBE_MS);
    pacer.take('w'); // due: read once more, what the last echo announced is not lost
    expect(pacer.churning('w')).toBe(false);
    read('w', 50);
    advance(10);
    expect(pacer.noteEvent('w')).toBe('churn');
    expect(pacer.churning('w')).toBe(true);
    // Echoes of later reads are ignored; a change at a quiet time is read.
    read('w', 50);
    advance(10);
    expect(pacer.noteEvent('w')).toBe('ignore');
    advance(ECHO_TAIL_MS + 100);
    expect(pacer.noteEvent('w')).toBe('read');
    pacer.take('w');
    // A read that brings no echo ends the churn.
    read('w', 50);
    advance(ECHO_TAIL_MS + 1000);
    read('w', 50);
    expect(pacer.churning('w')).toBe(false);
  });

  it('the read after a quiet probe that brings no echo ends the suspicion', () => {
    const { pacer, read, advance } = confirmingRead(['log text']);
    advance(ECHO_TAIL_MS + 100);
    read('w', 50); // nothing came after the confirming read
    advance(10);
    expect(pacer.noteEvent('w', ['log text'])).toBe('read');
    expect(pacer.churning('w')).toBe(false);
  });

  it('a person changing the window just after each read, by other objects, is never taken for churn', () => {
    // A test (or a quick person) scrolls a view as soon as a read shows it: timing says echo.
    const { pacer, advance } = confirmingRead(['bounds of row 1']);
    advance(10);
    expect(pacer.noteEvent('w', ['bounds of row 30'])).toBe('read'); // just after the confirming read: other objects
    expect(pacer.churning('w')).toBe(false);
  });

  it('in churn, an echo announced by anything else is read: only the churning objects are ignored', () => {
    const { pacer, read, advance } = confirmingRead(['log text']);
    advance(10);
    expect(pacer.noteEvent('w', ['log text'])).toBe('churn');
    read('w', 50);
    advance(10);
    expect(pacer.noteEvent('w', ['log text'])).toBe('ignore');
    expect(pacer.noteEvent('w', ['log text', 'log line 12'])).toBe('ignore'); // the echo may add objects
    expect(pacer.noteEvent('w', ['scroll bar value'])).toBe('read');
    expect(pacer.noteEvent('w', [CAUSES_OVERFLOW])).toBe('read'); // a burst of many objects: a real change
    expect(pacer.churning('w')).toBe(true);
  });

  it('a change during the probe means the app changes on its own: no churn, paced reads', () => {
    const { pacer, read, advance } = clocked();
    read('w', 50);
    for (let i = 0; i <= SUSPECT_READS; i++) {
      advance(10);
      pacer.noteEvent('w');
      advance(READ_DUTY * 50);
      read('w', 50);
    }
    advance(10);
    pacer.noteEvent('w'); // probing now
    advance(ECHO_TAIL_MS + 200);
    expect(pacer.noteEvent('w')).toBe('read'); // outside any read
    pacer.take('w');
    read('w', 50);
    advance(10);
    expect(pacer.noteEvent('w')).toBe('read'); // an echo again, but no probe was quiet
    expect(pacer.churning('w')).toBe(false);
  });

  it('external churn, events at quiet times between reads, is never taken for an echo', () => {
    const { pacer, read, advance } = clocked();
    for (let i = 0; i < 20; i++) {
      read('w', 20);
      advance(ECHO_TAIL_MS + 1);
      expect(pacer.noteEvent('w')).toBe('read');
      pacer.take('w');
    }
    expect(pacer.churning('w')).toBe(false);
  });
});
