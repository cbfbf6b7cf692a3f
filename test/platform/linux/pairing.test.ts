import { describe, expect, it } from 'vitest';
import { PairingWatch } from '../../../src/platform/linux/pairing.js';
import type { LinuxWindow, Topology } from '../../../src/platform/linux/topology.js';

function topology(windows: Array<[string, string | null]>): Topology {
  return {
    apps: [],
    windows: windows.map(([nativeId, ref]) => ({ native: { nativeId }, x11: {}, ref }) as unknown as LinuxWindow),
    nativeOfRef: new Map(),
  };
}

function watch(delays = [100, 200]) {
  let now = 0;
  const retries: number[] = [];
  const paired: string[][] = [];
  const w = new PairingWatch({ retry: () => retries.push(now), paired: (ids) => paired.push(ids), now: () => now }, delays);
  return { w, retries, paired, at: (t: number) => void (now = t) };
}

describe('live pairing watch', () => {
  it('reports a window whose accessible appeared after it mapped, and one whose accessible was re-created', () => {
    const { w, paired } = watch();
    w.observe(
      topology([]),
      topology([
        ['x1', null],
        ['x2', 'a:/1'],
      ]),
    );
    w.observe(
      topology([
        ['x1', null],
        ['x2', 'a:/1'],
      ]),
      topology([
        ['x1', 'a:/7'],
        ['x2', 'a:/9'],
      ]),
    );
    expect(paired).toEqual([['x1', 'x2']]);
    w.stop();
  });

  it('does not report windows that are new in this listing (they are read anyway) or unchanged', () => {
    const { w, paired } = watch();
    w.observe(topology([]), topology([['x1', 'a:/1']]));
    w.observe(topology([['x1', 'a:/1']]), topology([['x1', 'a:/1']]));
    expect(paired).toEqual([]);
    w.stop();
  });

  it('retries an unpaired window a bounded number of times, then stops', async () => {
    const { w, retries, at } = watch([5, 10]);
    w.observe(topology([]), topology([['x1', null]]));
    expect(w.retrying('x1')).toBe(true);
    at(5);
    await new Promise((r) => setTimeout(r, 20));
    at(15);
    await new Promise((r) => setTimeout(r, 30));
    expect(retries).toEqual([5, 15]);
    expect(w.retrying('x1')).toBe(false);
    w.stop();
  });

  it('stops retrying once the window is paired or gone', () => {
    const { w } = watch();
    w.observe(
      topology([]),
      topology([
        ['x1', null],
        ['x2', null],
      ]),
    );
    w.observe(
      topology([
        ['x1', null],
        ['x2', null],
      ]),
      topology([['x1', 'a:/1']]),
    );
    expect(w.retrying('x1')).toBe(false);
    expect(w.retrying('x2')).toBe(false);
    w.stop();
  });
});
