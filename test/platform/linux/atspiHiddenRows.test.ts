/**
 * Rows of a long GTK 4 view laid out at no size (hiddenRows.ts): each row is read itself, what it
 * holds is not, in the read and in the read-ahead; rows on screen are read whole, so a view
 * scrolled to its end keeps its last rows' labels within the node budget; short views (a
 * drop-down's closed list) and other toolkits are read whole; an incremental read keeps such a
 * row unread while it stays hidden and reads the window whole once it is laid out.
 */
import { describe, expect, it } from 'vitest';
import { IncrementalTrees } from '../../../src/platform/linux/atspi/incremental.js';
import { Touches } from '../../../src/platform/linux/atspi/touches.js';
import { LONG_VIEW_ROWS } from '../../../src/platform/linux/atspi/hiddenRows.js';
import { readWindowTree } from '../../../src/platform/linux/atspi/treeReader.js';
import type { A11yNode } from '../../../src/platform/probe.js';
import { BUS, FakeApp, FakeClient, node, type FakeNode } from './fakeAtspi.js';

const GTK4 = { name: 'GTK', version: '4.8.3' };
const QT5 = { name: 'Qt', version: '5.15.8' };
const BIG = { maxNodes: 5000, maxDepth: 64, deadlineMs: 2000 };

/** A grid view of `rows` rows; the last `onScreen` are laid out, the others have no size. */
function view(rows: number, onScreen: number): FakeNode {
  const row = (i: number): FakeNode => {
    const shown = i >= rows - onScreen;
    const extents: [number, number, number, number] = shown ? [10 + (i % 4) * 150, 20 + Math.floor(i / 4) * 130, 144, 130] : [0, 0, 0, 0];
    const inner = (suffix: string, children: FakeNode[] = []) =>
      node(`r${i}${suffix}`, 'panel', { interfaces: ['Component'], states: ['visible'], extents: shown ? extents : [0, 0, 0, 0], children });
    return node(`r${i}`, 'table_cell', {
      interfaces: ['Component'],
      states: ['visible', 'focusable'],
      extents,
      children: [
        node(`r${i}c`, 'table_cell', {
          name: `file${i}.txt`,
          interfaces: ['Component'],
          states: ['visible'],
          extents: shown ? extents : [0, 0, 0, 0],
          children: [
            inner('p', [
              inner('q', [
                node(`r${i}l`, 'label', { name: `file${i}.txt`, interfaces: ['Component'], states: ['visible'], extents: shown ? extents : [0, 0, 0, 0] }),
              ]),
            ]),
          ],
        }),
      ],
    });
  };
  return node('win', 'frame', {
    interfaces: ['Component'],
    states: ['visible', 'showing'],
    children: [
      node('grid', 'table', {
        interfaces: ['Component', 'Selection'],
        states: ['visible'],
        extents: [0, 0, 800, 600],
        children: Array.from({ length: rows }, (_, i) => row(i)),
      }),
    ],
  });
}

const labels = (root: A11yNode): string[] => {
  const out: string[] = [];
  const stack = [root];
  while (stack.length > 0) {
    const n = stack.pop() as A11yNode;
    if (n.role === 'label') out.push(n.name);
    stack.push(...n.children);
  }
  return out.sort();
};

const grid = (root: A11yNode) => root.children[0] as A11yNode;

describe('hidden rows of long GTK 4 views', () => {
  it('reads each row, and what only the laid-out rows hold: nothing is asked below a hidden row', async () => {
    const app = new FakeApp(view(200, 8));
    const tree = await readWindowTree(new FakeClient(app), { bus: BUS, path: '/n/win' }, BIG, { toolkit: GTK4 });
    const rows = grid(tree.root).children;
    expect(rows).toHaveLength(200);
    expect(rows[0]?.zeroSize).toBe(true);
    expect(rows[0]?.children).toEqual([]);
    expect(rows[0]?.childCount).toBe(1);
    expect(rows[199]?.children[0]?.name).toBe('file199.txt');
    expect(labels(tree.root)).toEqual(Array.from({ length: 8 }, (_, k) => `file${192 + k}.txt`).sort());
    expect(tree.truncated).toBe(false);
    const asked = new Set(app.calls.map((c) => c.path));
    expect(asked.has('/n/r0c')).toBe(false); // not even read ahead
    expect(asked.has('/n/r199c')).toBe(true);
  });

  it('the rows on screen at the end of a view keep their labels where reading every row whole would pass the budget', async () => {
    const rows = 600;
    const budget = { maxNodes: 1500, maxDepth: 64, deadlineMs: 4000 };
    const tree = await readWindowTree(new FakeClient(new FakeApp(view(rows, 16))), { bus: BUS, path: '/n/win' }, budget, { toolkit: GTK4 });
    expect(labels(tree.root)).toEqual(Array.from({ length: 16 }, (_, k) => `file${rows - 16 + k}.txt`).sort());
    expect(tree.truncated).toBe(false);
  });

  it('a short view (a drop-down list) and other toolkits are read whole', async () => {
    const short = await readWindowTree(new FakeClient(new FakeApp(view(LONG_VIEW_ROWS, 2))), { bus: BUS, path: '/n/win' }, BIG, { toolkit: GTK4 });
    expect(labels(short.root)).toHaveLength(LONG_VIEW_ROWS);
    const qt = await readWindowTree(new FakeClient(new FakeApp(view(200, 8))), { bus: BUS, path: '/n/win' }, BIG, { toolkit: QT5 });
    expect(labels(qt.root)).toHaveLength(200);
  });

  it('an incremental read keeps a hidden row unread while it stays hidden, and reads the window whole once it is laid out', async () => {
    const app = new FakeApp(view(100, 4));
    const touches = new Touches();
    const trees = new IncrementalTrees(
      new FakeClient(app),
      (top) => touches.addAll(top),
      (top) => touches.peek(top),
      60_000,
    );
    const TOP = `${BUS}/n/win`;
    const read = () => trees.read(TOP, BIG, touches.take(TOP), { toolkit: GTK4 }).then((r) => r.tree);
    await read();
    expect(trees.stats.full).toBe(1);
    // A hidden row changes (GTK rebinds it to another file): read alone, its children stay unread.
    (app.nodes.get('/n/r3') as FakeNode).name = 'rebound';
    touches.add(TOP, `${BUS}/n/r3`, 'node');
    const same = await read();
    expect(trees.stats).toMatchObject({ full: 1, partial: 1 });
    expect(grid(same.root).children[3]?.name).toBe('rebound');
    expect(grid(same.root).children[3]?.childCount).toBe(1);
    // It is laid out: what it holds is read.
    for (const part of ['/n/r3', '/n/r3c', '/n/r3p', '/n/r3q', '/n/r3l']) (app.nodes.get(part) as FakeNode).extents = [10, 20, 144, 130];
    touches.add(TOP, `${BUS}/n/r3`, 'node');
    const shown = await read();
    expect(trees.stats.full).toBe(2);
    expect(labels(shown.root)).toContain('file3.txt');
  });
});
