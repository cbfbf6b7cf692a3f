/** ReadPacer: paced re-reads of a window that keeps changing, and churn our own reads cause. */
import { describe, expect, it } from 'vitest';
import { ECHO_TAIL_MS, PROBE_MS, READ_DUTY, ReadPacer, SUSPECT_READS } from '../../src/bridge/pacing.js';

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

  it('confirms churn when reads bring only echoes and a quiet probe follows; then ignores echoes', () => {
    const { pacer, read, advance, now } = clocked();
    read('w', 50);
    for (let i = 0; i < SUSPECT_READS; i++) {
      advance(10);
      expect(pacer.noteEvent('w')).toBe('read'); // just after the read: an echo
      advance(READ_DUTY * 50);
      read('w', 50);
    }
    advance(10);
    expect(pacer.noteEvent('w')).toBe('read'); // still marks the window; the probe decides
    expect(pacer.dueAt('w')).toBe(now() + PROBE_MS);
    advance(PROBE_MS);
    expect(pacer.take('w')).toBe('drop');
    expect(pacer.churning('w')).toBe(true);
    // Echoes of later reads are ignored; a change at a quiet time is read.
    read('w', 50);
    advance(10);
    expect(pacer.noteEvent('w')).toBe('ignore');
    advance(ECHO_TAIL_MS + 100);
    expect(pacer.noteEvent('w')).toBe('read');
    expect(pacer.take('w')).toBe('read');
    // A read that brings no echo ends the churn.
    read('w', 50);
    advance(ECHO_TAIL_MS + 1000);
    read('w', 50);
    expect(pacer.churning('w')).toBe(false);
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
    expect(pacer.take('w')).toBe('read');
    expect(pacer.churning('w')).toBe(false);
  });

  it('external churn, events at quiet times between reads, is never taken for an echo', () => {
    const { pacer, read, advance } = clocked();
    for (let i = 0; i < 20; i++) {
      read('w', 20);
      advance(ECHO_TAIL_MS + 1);
      expect(pacer.noteEvent('w')).toBe('read');
      expect(pacer.take('w')).toBe('read');
    }
    expect(pacer.churning('w')).toBe(false);
  });
});
