/**
 * lazyViews.ts: a GTK 4 view that created fewer rows than its scroll range holds is marked with how
 * many items it holds and the index of the first on screen, measured from the rows on screen and
 * its vertical scroll bar (a sibling, found once). A view that created all its rows is not marked.
 */
import { describe, expect, it } from 'vitest';
import { markLazyViews, ScrollValues } from '../../../src/platform/linux/atspi/lazyViews.js';
import { markStalePlaces } from '../../../src/platform/linux/atspi/stalePlaces.js';
import { readWindowTree } from '../../../src/platform/linux/atspi/treeReader.js';
import type { A11yNode } from '../../../src/platform/probe.js';
import { BUS, FakeApp, FakeClient, node } from './fakeAtspi.js';

const BIG = { maxNodes: 5000, maxDepth: 64, deadlineMs: 2000 };
const GTK4 = { name: 'GTK', version: '4.8.3' };
const VISIBLE = ['visible', 'sensitive', 'focusable'];

/** A list view 120 px high, rows of 30 px: four on screen, two more created below; the scroll bar's range is `rows` × 30. */
function app(rows: number, value: number) {
  const row = (i: number, y: number | null) =>
    node(`row${i}`, 'table_cell', {
      states: VISIBLE,
      interfaces: ['Component'],
      extents: y === null ? [0, 0, 0, 0] : [0, y, 100, 30],
      children: [node(`label${i}`, 'label', { name: `file${i}`, states: VISIBLE })],
    });
  const view = node('view', 'table', {
    states: VISIBLE,
    interfaces: ['Selection', 'Action', 'Component'],
    extents: [0, 0, 100, 120],
    children: [row(0, 0), row(1, 30), row(2, 60), row(3, 90), row(4, null), row(5, null)],
  });
  const filler = node('filler', 'filler', { states: VISIBLE, interfaces: ['Value', 'Component'], value, maxValue: rows * 30 });
  const bar = node('bar', 'scroll_bar', { states: [...VISIBLE, 'vertical'], interfaces: ['Component'], children: [filler] });
  return new FakeApp(node('win', 'frame', { name: 'W', children: [node('pane', 'scroll_pane', { states: VISIBLE, children: [view, bar] })] }));
}

async function marks(fake: FakeApp, values?: ScrollValues) {
  const client = new FakeClient(fake);
  const tree = await readWindowTree(client, { bus: BUS, path: '/n/win' }, BIG, { toolkit: GTK4 });
  const view = (root: A11yNode) => (root.children[0] as A11yNode).children[0] as A11yNode;
  view(tree.root).attributes = { ...view(tree.root).attributes, selects_items: 'true' };
  const checked = await markStalePlaces(client, tree, GTK4);
  const before = fake.calls.length;
  const { tree: marked, scrolls } = await markLazyViews(values ?? new ScrollValues(client), checked.tree, checked.screens);
  const { items_at_least, items_at_most, items_from } = view(marked.root).attributes ?? {};
  return {
    marks: { items_at_least, items_at_most, items_from },
    calls: fake.calls.length - before,
    read: view(tree.root).attributes,
    scrolls: [...scrolls.values()],
  };
}

describe('GTK 4 views that create rows near the screen', () => {
  it('a list of 1,000 rows with 6 created is marked with its count and its first row on screen; the read tree is not changed', async () => {
    const { marks: top, read } = await marks(app(1000, 0));
    expect(top).toEqual({ items_at_least: '1000', items_at_most: '1000', items_from: '0' });
    expect(read?.items_at_least).toBeUndefined();
    // Scrolled down by 100 rows: the rows on screen are items 100 on.
    const { marks: down, scrolls } = await marks(app(1000, 3000));
    expect(down).toEqual({ items_at_least: '1000', items_at_most: '1000', items_from: '100' });
    expect(scrolls).toEqual([3000]); // the value the scroll watch compares with
  });

  it('a view whose rows all exist is not marked', async () => {
    const { marks: none } = await marks(app(6, 0));
    expect(none).toEqual({ items_at_least: undefined, items_at_most: undefined, items_from: undefined });
  });

  it('the scroll bar is found once per view; later reads ask its value only', async () => {
    const fake = app(1000, 0);
    const values = new ScrollValues(new FakeClient(fake));
    const first = await marks(fake, values);
    const second = await marks(fake, values);
    expect(second.marks).toEqual(first.marks);
    expect(second.calls).toBe(1);
    expect(first.calls).toBeGreaterThan(1);
  });
});
