/**
 * Closed menus kept between reads (closedMenus.ts, LibreOffice): reused only while no event named
 * an object of the menu since the read that kept it began; open, cut or stale menus are read again.
 */
import { describe, expect, it } from 'vitest';
import { ClosedMenus, MAX_AGE_MS } from '../../../src/platform/linux/atspi/closedMenus.js';
import { readWindowTree } from '../../../src/platform/linux/atspi/treeReader.js';
import type { A11yNode } from '../../../src/platform/probe.js';
import { BUS, FakeApp, FakeClient, node as fake } from './fakeAtspi.js';

const node = (ref: string, role: string, states: string[], children: A11yNode[] = []): A11yNode => ({ ref, role, name: ref, states, children });
const fileMenu = (states: string[] = ['enabled'], itemStates: string[] = ['enabled']) =>
  node('m1', 'menu', states, [node('i1', 'menu_item', itemStates), node('sub', 'menu', ['enabled'], [node('i2', 'menu_item', itemStates)])]);
const windowWith = (menu: A11yNode) => node('w', 'frame', ['showing'], [node('bar', 'menu_bar', ['showing'], [menu])]);

describe('closed menus kept between reads', () => {
  it("reuses a closed menu's items (copies) until an event names one of them", () => {
    const menus = new ClosedMenus();
    menus.keepFrom(windowWith(fileMenu()), menus.begin());
    const first = menus.reuse(fileMenu());
    expect(first?.nodes).toBe(3);
    expect(first?.children.map((c) => c.ref)).toEqual(['i1', 'sub']);
    first!.children[0]!.name = 'changed by a caller';
    expect(menus.reuse(fileMenu())?.children[0]?.name).toBe('i1');
    menus.noteEvent('i2');
    expect(menus.reuse(fileMenu())).toBeNull();
    expect(menus.reuse(fileMenu())).toBeNull(); // dropped until read again
  });

  it("does not trust a read during which an event came: the event is newer than the read's start", () => {
    const menus = new ClosedMenus();
    const since = menus.begin();
    menus.noteEvent('i1'); // arrives while the window is being read
    menus.keepFrom(windowWith(fileMenu()), since);
    expect(menus.reuse(fileMenu())).toBeNull();
  });

  it('events about other objects leave it kept', () => {
    const menus = new ClosedMenus();
    menus.keepFrom(windowWith(fileMenu()), menus.begin());
    menus.noteEvent('some-cell');
    menus.noteEvent('bar'); // the bar's children changed: new menus have new refs, read anew
    expect(menus.reuse(fileMenu())).not.toBeNull();
  });

  it('never keeps or reuses an open menu, nor one cut by the budget', () => {
    const menus = new ClosedMenus();
    menus.keepFrom(windowWith(fileMenu(['enabled'], ['enabled', 'showing'])), menus.begin());
    expect(menus.reuse(fileMenu())).toBeNull();
    const cut = fileMenu();
    cut.children[1]!.childCount = 7;
    menus.keepFrom(windowWith(cut), menus.begin());
    expect(menus.reuse(fileMenu())).toBeNull();
    menus.keepFrom(windowWith(fileMenu()), menus.begin());
    expect(menus.reuse(fileMenu(['enabled', 'selected']))).toBeNull();
  });

  it('reads a kept menu again after MAX_AGE_MS, and after clear()', () => {
    let now = 0;
    const menus = new ClosedMenus(() => now);
    menus.keepFrom(windowWith(fileMenu()), menus.begin());
    now = MAX_AGE_MS + 1;
    expect(menus.reuse(fileMenu())).toBeNull();
    menus.keepFrom(windowWith(fileMenu()), menus.begin());
    menus.clear();
    expect(menus.reuse(fileMenu())).toBeNull();
  });
});

describe('tree reads with closed menus kept (LibreOffice policy)', () => {
  const SOFFICE = { name: 'gtk', version: '3.24.38', application: 'soffice' };
  const BUDGET = { maxNodes: 5000, maxDepth: 64, deadlineMs: 2000 };
  const item = (id: string) => fake(id, 'menu_item', { name: id, states: ['visible', 'enabled'] });
  const window = () =>
    fake('win', 'frame', {
      name: 'Untitled 1 - LibreOffice Calc',
      children: [fake('bar', 'menu_bar', { children: [fake('file', 'menu', { name: 'File', children: [item('open'), item('save'), item('close')] })] })],
    });
  const itemCalls = (app: FakeApp) => app.calls.filter((c) => /\/n\/(open|save|close)$/.test(c.path)).length;

  it("asks nothing about a kept menu's items on the next read, and reads them again once an event names one", async () => {
    const root = window();
    const app = new FakeApp(root);
    const menus = new ClosedMenus();
    const read = () => readWindowTree(new FakeClient(app), { bus: BUS, path: root.path }, BUDGET, { toolkit: SOFFICE, closedMenus: menus });
    const first = await read();
    expect(itemCalls(app)).toBeGreaterThan(0);
    app.calls.length = 0;
    const second = await read();
    expect(itemCalls(app)).toBe(0);
    expect(second.nodeCount).toBe(first.nodeCount);
    expect(JSON.stringify(second.root)).toBe(JSON.stringify(first.root));
    menus.noteEvent(`${BUS}/n/save`);
    app.calls.length = 0;
    await read();
    expect(itemCalls(app)).toBeGreaterThan(0);
  });

  it('keeps nothing for a toolkit whose policy does not allow it', async () => {
    const root = window();
    const app = new FakeApp(root);
    const menus = new ClosedMenus();
    const read = () =>
      readWindowTree(new FakeClient(app), { bus: BUS, path: root.path }, BUDGET, { toolkit: { name: 'gtk', version: '3.24.38' }, closedMenus: menus });
    await read();
    app.calls.length = 0;
    await read();
    expect(itemCalls(app)).toBeGreaterThan(0);
  });
});
