/**
 * childrenByIndex (missingChildren.ts): Qt counts table children it does not give and warns about
 * each one asked for; an index that gave nothing is not asked again while the count holds.
 */
import { describe, expect, it } from 'vitest';
import { childrenByIndex } from '../../../src/platform/linux/atspi/missingChildren.js';
import { BUS, FakeApp, FakeClient, node } from './fakeAtspi.js';

describe('childrenByIndex', () => {
  it('asks a missing child once while the count stays, and again when the count changes', async () => {
    const items = Array.from({ length: 5 }, (_, i) => node(`i${i}`, 'list_item', { name: `item ${i}` }));
    const app = new FakeApp(node('list', 'list', { interfaces: ['Table'], table: { rows: 2, columns: 5 }, children: items }));
    const client = new FakeClient(app);
    const ref = { bus: BUS, path: '/n/list' };
    const asked = () => app.calls.filter((c) => c.member === 'GetChildAtIndex').map((c) => c.body[0]);

    expect((await childrenByIndex(client, ref, 10)).map((c) => c.path)).toEqual(items.map((i) => i.path));
    expect(asked()).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9]);
    app.calls.length = 0;
    expect(await childrenByIndex(client, ref, 10)).toHaveLength(5);
    expect(asked()).toEqual([0, 1, 2, 3, 4]);
    app.calls.length = 0;
    await childrenByIndex(client, ref, 12);
    expect(asked()).toHaveLength(12);
  });
});
