/**
 * stalePlaces.ts: in a GTK 4 list or grid view, a row that claims a place on screen where the
 * toolkit's hit test picks another row is not on screen (GTK 4.8 keeps a scrolled-away row's old
 * place); it is kept as a row beyond the view, on a copy of the tree, as is a row placed wholly
 * outside the view. Rows the hit test confirms,
 * rows where it picks nothing, other toolkits and other views are left as read.
 */
import { describe, expect, it } from 'vitest';
import { markStalePlaces } from '../../../src/platform/linux/atspi/stalePlaces.js';
import { readWindowTree } from '../../../src/platform/linux/atspi/treeReader.js';
import type { A11yNode } from '../../../src/platform/probe.js';
import { BUS, FakeApp, FakeClient, node, type FakeNode } from './fakeAtspi.js';

const BIG = { maxNodes: 5000, maxDepth: 64, deadlineMs: 2000 };
const GTK4 = { name: 'GTK', version: '4.8.3' };
const GTK3 = { name: 'GTK', version: '3.24.38' };
const VISIBLE = ['visible', 'sensitive', 'focusable'];

/** A grid view: rows 0–3 drawn at y 0–90, rows 4–5 claiming places at y 0 and 30 they left. */
function window(pickable = true, beyond = false): FakeNode {
  const row = (i: number, y: number, drawn = pickable) =>
    node(`row${i}`, 'table_cell', {
      states: VISIBLE,
      interfaces: ['Component'],
      extents: [0, y, 100, 30],
      drawn,
      children: [node(`label${i}`, 'label', { name: `file${i}`, states: VISIBLE })],
    });
  const rows = [row(0, 0), row(1, 30), row(2, 60), row(3, 90), row(4, 0, false), row(5, 30, false)];
  // Laid out wholly below the view, as GTK places a row or two beyond its edges.
  if (beyond) rows.push(row(6, 120), row(7, 150));
  const view = node('view', 'table', {
    states: VISIBLE,
    interfaces: ['Selection', 'Action', 'Component'],
    actions: ['list.select-all'],
    extents: [0, 0, 100, 120],
    children: rows,
  });
  return node('win', 'frame', { name: 'W', children: [view] });
}

async function read(toolkit: { name: string; version: string }, pickable = true, beyond = false) {
  const app = new FakeApp(window(pickable, beyond));
  const client = new FakeClient(app);
  const tree = await readWindowTree(client, { bus: BUS, path: '/n/win' }, BIG, { toolkit });
  const view = () => tree.root.children[0] as A11yNode;
  view().attributes = { ...view().attributes, selects_items: 'true' };
  const { tree: marked } = await markStalePlaces(client, tree, toolkit);
  const placedRows = (root: A11yNode) => (root.children[0] as A11yNode).children.filter((r) => r.zeroSize !== true).map((r) => r.ref.split('/').pop());
  return { before: placedRows(tree.root), after: placedRows(marked.root), hits: app.calls.filter((c) => c.member === 'GetAccessibleAtPoint').length };
}

describe('rows of a GTK 4 list view that claim places they left', () => {
  it('are kept as rows beyond the view; the rows drawn there stay; the read tree is not changed', async () => {
    const { before, after, hits } = await read(GTK4);
    expect(after).toEqual(['row0', 'row1', 'row2', 'row3']);
    expect(before).toEqual(['row0', 'row1', 'row2', 'row3', 'row4', 'row5']);
    expect(hits).toBe(6);
  });

  it('rows placed wholly outside the view are beyond it too, without a hit test', async () => {
    const { before, after, hits } = await read(GTK4, true, true);
    expect(before).toContain('row6');
    expect(after).toEqual(['row0', 'row1', 'row2', 'row3']);
    expect(hits).toBe(6);
  });

  it('where the hit test answers nothing (the null object), every row keeps its place', async () => {
    const { after, hits } = await read(GTK4, false);
    expect(after).toHaveLength(6);
    expect(hits).toBe(6);
  });

  it('are not looked for in other toolkits (GTK 3 keeps its rows laid out)', async () => {
    const { after, hits } = await read(GTK3);
    expect(after).toHaveLength(6);
    expect(hits).toBe(0);
  });
});
