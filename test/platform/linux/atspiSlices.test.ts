/**
 * readLayout (slices.ts): a table's ChildCount and Table size are separate calls; while the
 * application fills the table they may come from different moments. The layout is read again
 * until it fits or holds still, and a table that never holds still is a clear error.
 */
import { describe, expect, it } from 'vitest';
import type { AtspiClient } from '../../../src/platform/linux/atspi/client.js';
import { readLayout } from '../../../src/platform/linux/atspi/slices.js';
import { BUS } from './fakeAtspi.js';

const TABLE = { bus: BUS, path: '/t' };

/** Answers ChildCount / NRows / NColumns from a script of sizes, one size per property call. */
function growingTable(childCounts: number[], rows: number[]): AtspiClient {
  let c = 0;
  let r = 0;
  const next = (list: number[], i: number) => list[Math.min(i, list.length - 1)] as number;
  return {
    interfaces: async () => ['org.a11y.atspi.Accessible', 'org.a11y.atspi.Table'],
    states: async () => [],
    property: async (_ref: unknown, _iface: string, name: string) => {
      if (name === 'ChildCount') return next(childCounts, c++);
      if (name === 'NRows') return next(rows, r++);
      if (name === 'NColumns') return 2;
      throw new Error(`unexpected ${name}`);
    },
  } as unknown as AtspiClient;
}

describe('readLayout', () => {
  it('reads a table again when ChildCount and NRows came from different moments', async () => {
    // First read: 2 headers + 7000 rows of cells counted, but NRows already says 8000.
    const client = growingTable([14_002, 14_002, 20_002, 20_002], [8000, 10_000]);
    expect(await readLayout(client, TABLE)).toEqual({
      childCount: 20_002,
      table: { rows: 10_000, columns: 2, headers: 2, stride: 2, corner: 0 },
      viewport: null,
    });
  });

  it('fails with a clear code when the table never holds still, never an empty slice', async () => {
    const client = growingTable([2, 2, 4, 4, 6, 6, 8, 8, 10, 10], [5, 6, 7, 8, 9]);
    await expect(readLayout(client, TABLE)).rejects.toMatchObject({ code: 'changing' });
  });

  it('keeps a table that is steadily not the flat layout as a plain container', async () => {
    const client = growingTable([3], [4]);
    expect(await readLayout(client, TABLE)).toEqual({ childCount: 3, table: null, viewport: null });
  });
});
