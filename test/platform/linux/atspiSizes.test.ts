/**
 * Zero-size nodes and spin box texts in the probe: GTK 4 and Qt nodes laid out with no width or
 * height, or wholly off the screen, are marked `zeroSize` (GTK 4 asked in window coordinates,
 * never screen ones: it warns on those; Qt in screen ones: Qt 5's window extents are wrong),
 * GTK 3 nodes are never asked; a read-only spin box's text is read besides its number.
 */
import { describe, expect, it } from 'vitest';
import { IncrementalTrees } from '../../../src/platform/linux/atspi/incremental.js';
import { Touches } from '../../../src/platform/linux/atspi/touches.js';
import { readWindowTree } from '../../../src/platform/linux/atspi/treeReader.js';
import { BUS, FakeApp, FakeClient, node, type FakeNode } from './fakeAtspi.js';

const BIG = { maxNodes: 5000, maxDepth: 64, deadlineMs: 2000 };
const GTK3 = { name: 'gtk', version: '3.24.38' };
const GTK4 = { name: 'GTK', version: '4.8.3' };
const QT5 = { name: 'Qt', version: '5.15.8' };

async function read(root: FakeNode, toolkit: { name: string; version: string }) {
  const app = new FakeApp(root);
  const tree = await readWindowTree(new FakeClient(app), { bus: BUS, path: root.path }, BIG, { toolkit, appLabel: 'fake' });
  return { app, tree };
}

function window(): FakeNode {
  return node('win', 'frame', {
    interfaces: ['Component'],
    children: [
      node('bar', 'filler', {
        interfaces: ['Component'],
        states: ['visible'],
        extents: [0, 47, 690, 0],
        children: [node('msg', 'label', { name: 'Could Not Open File', interfaces: ['Component'], states: ['visible'], extents: [0, 47, 0, 0] })],
      }),
      node('doc', 'label', { name: 'notes.txt', interfaces: ['Component'], states: ['visible'] }),
      node('gone', 'label', { name: 'Not visible', interfaces: ['Component'], states: [] }),
    ],
  });
}

describe('zero-size nodes', () => {
  it('GTK 4: marks nodes of no width or height, asking window coordinates only, and never a node that is not visible', async () => {
    const { app, tree } = await read(window(), GTK4);
    const [bar, doc] = tree.root.children;
    expect(bar?.zeroSize).toBe(true);
    expect(bar?.children[0]?.zeroSize).toBe(true);
    expect(doc?.zeroSize).toBeUndefined();
    const extents = app.calls.filter((c) => c.member === 'GetExtents');
    expect(extents.length).toBeGreaterThan(0);
    expect(extents.every((c) => c.body[0] === 1)).toBe(true);
    expect(extents.some((c) => c.path === '/n/gone')).toBe(false);
  });

  it('Qt: marks them too (tabified docks stay visible and showing)', async () => {
    const { tree } = await read(window(), QT5);
    expect(tree.root.children[0]?.zeroSize).toBe(true);
  });

  it('Qt: asks screen coordinates, and a dock laid out wholly off the screen takes no room', async () => {
    const root = node('win', 'frame', {
      interfaces: ['Component'],
      children: [
        node('dock', 'frame', { name: 'Plot', interfaces: ['Component'], states: ['visible', 'showing'], extents: [-724, -566, 345, 233] }),
        node('file', 'list_item', { name: 'alpha.txt', interfaces: ['Component'], states: ['visible', 'showing'], extents: [895, 121, 101, 103] }),
      ],
    });
    const { app, tree } = await read(root, QT5);
    const [dock, file] = tree.root.children;
    expect(dock?.zeroSize).toBe(true);
    expect(file?.zeroSize).toBeUndefined();
    const extents = app.calls.filter((c) => c.member === 'GetExtents');
    expect(extents.length).toBeGreaterThan(0);
    expect(extents.every((c) => c.body[0] === 0)).toBe(true);
  });

  it('GTK 3: showing says it, extents are never asked (unrealized tree views print CRITICALs)', async () => {
    const { app, tree } = await read(window(), GTK3);
    expect(app.calls.filter((c) => c.member === 'GetExtents')).toEqual([]);
    expect(tree.root.children[0]?.zeroSize).toBeUndefined();
  });
});

describe('spin box text', () => {
  it('a read-only spin box reads as the text it shows, its number kept beside', async () => {
    const root = node('win', 'frame', { children: [node('page', 'spin_button', { interfaces: ['Value', 'Text'], value: 1, text: '1 / 2' })] });
    const { tree } = await read(root, QT5);
    expect(tree.root.children[0]).toMatchObject({ value: '1 / 2', attributes: { value_number: '1', value_min: '0', value_max: '100' } });
  });

  it('a spin box whose text is its number reads as the number', async () => {
    const root = node('win', 'frame', { children: [node('n', 'spin_button', { interfaces: ['Value', 'Text'], value: 7, text: '7' })] });
    const { tree } = await read(root, QT5);
    expect(tree.root.children[0]?.value).toBe('7');
    expect(tree.root.children[0]?.attributes?.value_number).toBeUndefined();
  });
});

describe('zero-size nodes between reads', () => {
  it('an incremental read asks kept zero-size nodes again, and one laid out since makes it a full read', async () => {
    const root = window();
    const app = new FakeApp(root);
    const touches = new Touches();
    const trees = new IncrementalTrees(
      new FakeClient(app),
      () => undefined,
      (top) => touches.peek(top),
      60_000,
    );
    const top = `${BUS}/n/win`;
    const options = { toolkit: GTK4, appLabel: 'fake' };
    const read = () => trees.read(top, BIG, touches.take(top), options).then((r) => r.tree);
    expect((await read()).root.children[0]?.zeroSize).toBe(true);
    // The document's text changes (an event); the info bar is revealed (no event).
    touches.add(top, `${BUS}/n/doc`, 'node');
    expect((await read()).root.children[0]?.zeroSize).toBe(true);
    expect(trees.stats.partial).toBe(1);
    const bar = root.children?.[0] as FakeNode;
    bar.extents = [0, 47, 690, 40];
    (bar.children?.[0] as FakeNode).extents = [0, 47, 300, 20];
    touches.add(top, `${BUS}/n/doc`, 'node');
    const after = await read();
    expect(after.root.children[0]?.zeroSize).toBeUndefined();
    expect(after.root.children[0]?.children[0]?.zeroSize).toBeUndefined();
    expect(trees.stats.full).toBe(2);
  });
});

/** Polls `done` (no timing assumption: the checks run on their own timers). */
async function until(done: () => boolean): Promise<void> {
  for (let i = 0; i < 500 && !done(); i++) await new Promise((resolve) => setTimeout(resolve, 10));
}

describe('zero-size nodes with no event at all', () => {
  it('after a read, their sizes are asked again, backing off; one laid out asks for a full read of the window', async () => {
    const root = window();
    const app = new FakeApp(root);
    const touches = new Touches();
    const asked: string[] = [];
    const trees = new IncrementalTrees(
      new FakeClient(app),
      (top) => asked.push(top),
      (top) => touches.peek(top),
      60_000,
      [20, 40],
    );
    const top = `${BUS}/n/win`;
    await trees.read(top, BIG, touches.take(top), { toolkit: GTK4, appLabel: 'fake' });
    expect(trees.layout.pending()).toEqual([top]);
    // Nothing laid out: both checks pass quietly, then the watch ends.
    await until(() => trees.layout.pending().length === 0);
    expect(asked).toEqual([]);
    expect(trees.layout.pending()).toEqual([]);
    // A new read starts the watch over; the info bar is revealed without any event.
    await trees.read(top, BIG, touches.take(top), { toolkit: GTK4, appLabel: 'fake' });
    const bar = root.children?.[0] as FakeNode;
    bar.extents = [0, 47, 690, 40];
    await until(() => asked.length > 0);
    expect(asked).toEqual([top]);
    expect(trees.layout.pending()).toEqual([]);
  });

  it('a window with nothing kept hidden, or a toolkit whose states say it (GTK 3), is not watched', async () => {
    const touches = new Touches();
    const trees = new IncrementalTrees(
      new FakeClient(new FakeApp(window())),
      () => undefined,
      (top) => touches.peek(top),
      60_000,
      [20],
    );
    const top = `${BUS}/n/win`;
    await trees.read(top, BIG, touches.take(top), { toolkit: GTK3, appLabel: 'fake' });
    expect(trees.layout.pending()).toEqual([]);
    trees.clear();
  });
});
