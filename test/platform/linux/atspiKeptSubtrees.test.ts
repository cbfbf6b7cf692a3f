/**
 * Unseen subtrees kept between reads (keptSubtrees.ts): closed menus (LibreOffice) and hidden
 * subtrees (GTK 3), reused only while no event named an object of them since the read that kept
 * them began; open, shown, cut or stale ones are read again.
 */
import { describe, expect, it } from 'vitest';
import { KeptSubtrees, MAX_AGE_MS } from '../../../src/platform/linux/atspi/keptSubtrees.js';
import { readWindowTree } from '../../../src/platform/linux/atspi/treeReader.js';
import type { A11yNode } from '../../../src/platform/probe.js';
import { BUS, FakeApp, FakeClient, node as fake } from './fakeAtspi.js';

const node = (ref: string, role: string, states: string[], children: A11yNode[] = []): A11yNode => ({ ref, role, name: ref, states, children });
const fileMenu = (states: string[] = ['enabled'], itemStates: string[] = ['enabled']) =>
  node('m1', 'menu', states, [node('i1', 'menu_item', itemStates), node('sub', 'menu', ['enabled'], [node('i2', 'menu_item', itemStates)])]);
const windowWith = (menu: A11yNode) => node('w', 'frame', ['showing'], [node('bar', 'menu_bar', ['showing'], [menu])]);

describe('closed menus kept between reads', () => {
  it("reuses a closed menu's items (copies) until an event names one of them", () => {
    const menus = new KeptSubtrees();
    menus.keepFrom('closed_menus', windowWith(fileMenu()), menus.begin());
    const first = menus.reuse('closed_menus', fileMenu());
    expect(first?.nodes).toBe(3);
    expect(first?.children.map((c) => c.ref)).toEqual(['i1', 'sub']);
    first!.children[0]!.name = 'changed by a caller';
    expect(menus.reuse('closed_menus', fileMenu())?.children[0]?.name).toBe('i1');
    menus.noteEvent('i2');
    expect(menus.reuse('closed_menus', fileMenu())).toBeNull();
    expect(menus.reuse('closed_menus', fileMenu())).toBeNull(); // dropped until read again
  });

  it("does not trust a read during which an event came: the event is newer than the read's start", () => {
    const menus = new KeptSubtrees();
    const since = menus.begin();
    menus.noteEvent('i1'); // arrives while the window is being read
    menus.keepFrom('closed_menus', windowWith(fileMenu()), since);
    expect(menus.reuse('closed_menus', fileMenu())).toBeNull();
  });

  it('events about other objects leave it kept', () => {
    const menus = new KeptSubtrees();
    menus.keepFrom('closed_menus', windowWith(fileMenu()), menus.begin());
    menus.noteEvent('some-cell');
    menus.noteEvent('bar'); // the bar's children changed: new menus have new refs, read anew
    expect(menus.reuse('closed_menus', fileMenu())).not.toBeNull();
  });

  it('never keeps or reuses an open menu, nor one cut by the budget', () => {
    const menus = new KeptSubtrees();
    menus.keepFrom('closed_menus', windowWith(fileMenu(['enabled'], ['enabled', 'showing'])), menus.begin());
    expect(menus.reuse('closed_menus', fileMenu())).toBeNull();
    const cut = fileMenu();
    cut.children[1]!.childCount = 7;
    menus.keepFrom('closed_menus', windowWith(cut), menus.begin());
    expect(menus.reuse('closed_menus', fileMenu())).toBeNull();
    menus.keepFrom('closed_menus', windowWith(fileMenu()), menus.begin());
    expect(menus.reuse('closed_menus', fileMenu(['enabled', 'selected']))).toBeNull();
  });

  it('a kept menu reused by every read is still read again after MAX_AGE_MS from its last real read', () => {
    let now = 0;
    const menus = new KeptSubtrees(() => now);
    menus.keepFrom('closed_menus', windowWith(fileMenu()), menus.begin());
    now = MAX_AGE_MS / 2;
    expect(menus.reuse('closed_menus', fileMenu())).not.toBeNull();
    menus.keepFrom('closed_menus', windowWith(fileMenu()), menus.begin()); // the read that reused it
    now = MAX_AGE_MS + 1;
    expect(menus.reuse('closed_menus', fileMenu())).toBeNull();
    menus.keepFrom('closed_menus', windowWith(fileMenu()), menus.begin()); // read afresh
    expect(menus.reuse('closed_menus', fileMenu())).not.toBeNull();
  });

  it('forgets what expired when it keeps anew (the subtrees of closed windows)', () => {
    let now = 0;
    const menus = new KeptSubtrees(() => now);
    menus.keepFrom('closed_menus', windowWith(fileMenu()), menus.begin());
    expect(menus.size).toBe(1);
    now = MAX_AGE_MS + 1;
    menus.keepFrom('closed_menus', node('w2', 'frame', ['showing']), menus.begin());
    expect(menus.size).toBe(0);
  });

  it('reads a kept menu again after MAX_AGE_MS, and after clear()', () => {
    let now = 0;
    const menus = new KeptSubtrees(() => now);
    menus.keepFrom('closed_menus', windowWith(fileMenu()), menus.begin());
    now = MAX_AGE_MS + 1;
    expect(menus.reuse('closed_menus', fileMenu())).toBeNull();
    menus.keepFrom('closed_menus', windowWith(fileMenu()), menus.begin());
    menus.clear();
    expect(menus.reuse('closed_menus', fileMenu())).toBeNull();
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
    const menus = new KeptSubtrees();
    const read = () => readWindowTree(new FakeClient(app), { bus: BUS, path: root.path }, BUDGET, { toolkit: SOFFICE, keptSubtrees: menus });
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
    const menus = new KeptSubtrees();
    const read = () =>
      readWindowTree(new FakeClient(app), { bus: BUS, path: root.path }, BUDGET, { toolkit: { name: 'gtk', version: '4.12.5' }, keptSubtrees: menus });
    await read();
    app.calls.length = 0;
    await read();
    expect(itemCalls(app)).toBeGreaterThan(0);
  });
});

describe('hidden subtrees kept between reads (GTK 3 policy)', () => {
  const GTK3 = { name: 'gtk', version: '3.24.38', application: 'gedit' };
  const BUDGET = { maxNodes: 5000, maxDepth: 64, deadlineMs: 2000 };
  const hidden = ['visible', 'enabled'];
  const window = (popoverStates = hidden) =>
    fake('win', 'frame', {
      name: 'Document - gedit',
      children: [
        fake('open', 'push_button', { name: 'Open' }),
        fake('popover', 'panel', {
          states: popoverStates,
          children: [fake('list', 'list_box', { states: hidden, children: [fake('row1', 'list_item', { name: 'Plain Text', states: hidden })] })],
        }),
      ],
    });
  const insideCalls = (app: FakeApp) => app.calls.filter((c) => /\/n\/(list|row1)$/.test(c.path)).length;

  it('keeps a subtree where nothing shows, not one where something does', () => {
    const kept = new KeptSubtrees();
    const shown = node('p', 'panel', ['visible'], [node('a', 'label', ['visible', 'showing'])]);
    kept.keepFrom('hidden', node('w', 'frame', ['showing'], [shown, node('q', 'panel', ['visible'], [node('b', 'label', ['visible'])])]), kept.begin());
    expect(kept.reuse('hidden', node('p', 'panel', ['visible']))).toBeNull();
    expect(kept.reuse('hidden', node('q', 'panel', ['visible']))?.nodes).toBe(1);
    expect(kept.reuse('hidden', node('q', 'panel', ['visible', 'showing']))).toBeNull(); // it shows now
    expect(kept.reuse('closed_menus', node('q', 'panel', ['visible']))).toBeNull(); // kept by another kind
  });

  it('asks nothing inside a hidden popover on the next read; an event inside it, or its showing, reads it again', async () => {
    const root = window();
    const app = new FakeApp(root);
    const kept = new KeptSubtrees();
    const read = () => readWindowTree(new FakeClient(app), { bus: BUS, path: root.path }, BUDGET, { toolkit: GTK3, keptSubtrees: kept });
    const first = await read();
    expect(insideCalls(app)).toBeGreaterThan(0);
    app.calls.length = 0;
    const second = await read();
    expect(insideCalls(app)).toBe(0);
    expect(JSON.stringify(second.root)).toBe(JSON.stringify(first.root));
    expect(second.nodeCount).toBe(first.nodeCount);
    kept.noteEvent(`${BUS}/n/row1`);
    app.calls.length = 0;
    await read();
    expect(insideCalls(app)).toBeGreaterThan(0);
    await read(); // kept again
    const popover = root.children?.[1];
    if (popover) popover.states = ['visible', 'showing'];
    app.calls.length = 0;
    await read();
    expect(insideCalls(app)).toBeGreaterThan(0);
  });
});
