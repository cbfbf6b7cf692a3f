/**
 * branchComboLists.ts: Qt 5 counts an item view's rows at its model's top level and warns about
 * each row of the shown branch it lacks; a combo box's list of a multi-column model is not asked
 * for its children. Any other list, and any list of Qt 6, is read as before.
 */
import { describe, expect, it } from 'vitest';
import { readWindowTree } from '../../../src/platform/linux/atspi/treeReader.js';
import type { A11yNode } from '../../../src/platform/probe.js';
import { BUS, FakeApp, FakeClient, node, type FakeNode } from './fakeAtspi.js';

const BIG = { maxNodes: 5000, maxDepth: 64, deadlineMs: 2000 };
const QT5 = { name: 'Qt', version: '5.15.8' };
const QT6 = { name: 'Qt', version: '6.4.2' };

/** A window with a combo box (or a panel) holding a list of `columns` model columns, one row each. */
function windowWith(parentRole: string, columns: number): FakeNode {
  const cells = Array.from({ length: columns }, (_, i) => node(`c${i}`, 'list_item', { name: i === 0 ? 'people' : `column ${i}` }));
  const list = node('list', 'list', { interfaces: ['Table'], table: { rows: 1, columns }, states: ['showing', 'visible'], children: cells });
  return node('win', 'frame', { name: 'W', children: [node('holder', parentRole, { name: 'people', children: [list] })] });
}

async function read(root: FakeNode, toolkit: { name: string; version: string }) {
  const app = new FakeApp(root);
  const tree = await readWindowTree(new FakeClient(app), { bus: BUS, path: root.path }, BIG, { toolkit });
  const list = (tree.root.children[0] as A11yNode).children[0] as A11yNode;
  const asked = app.calls.filter((c) => c.member === 'GetChildAtIndex' && c.path === '/n/list').map((c) => c.body[0]);
  // Qt's tables read as rows of cells: the names are the cells'.
  const names = (n: A11yNode): string[] => n.children.flatMap((c) => [c.name, ...names(c)].filter((name) => name !== ''));
  return { names: names(list), asked };
}

describe('a Qt 5 combo box list of a multi-column model', () => {
  it('is not asked for its children: it reads as an empty list', async () => {
    expect(await read(windowWith('combo_box', 5), QT5)).toEqual({ names: [], asked: [] });
  });

  it('is read in Qt 6, which counts the rows of the branch it shows', async () => {
    const { names, asked } = await read(windowWith('combo_box', 5), QT6);
    expect(names[0]).toBe('people');
    expect(asked).toEqual([0, 1, 2, 3, 4]);
  });

  it('a one-column combo list, or a multi-column list outside a combo box (a file view), is read in Qt 5', async () => {
    expect((await read(windowWith('combo_box', 1), QT5)).names).toEqual(['people']);
    expect((await read(windowWith('panel', 3), QT5)).names).toEqual(['people', 'column 1', 'column 2']);
  });
});
