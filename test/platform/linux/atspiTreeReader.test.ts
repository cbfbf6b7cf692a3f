import { describe, expect, it } from 'vitest';
import type { A11yNode } from '../../../src/platform/probe.js';
import { SENSITIVE_MASK } from '../../../src/platform/probe.js';
import { TABLE_READ_ROWS } from '../../../src/platform/linux/atspi/tables.js';
import { readWindowTree } from '../../../src/platform/linux/atspi/treeReader.js';
import { visitTree } from '../../../src/platform/treeBudget.js';
import type { ObjRef } from '../../../src/platform/linux/atspi/refs.js';
import { BUS, FakeApp, FakeClient, node, qtGrid, type FakeNode } from './fakeAtspi.js';

const BIG = { maxNodes: 5000, maxDepth: 64, deadlineMs: 2000 };
const GTK3 = { name: 'gtk', version: '3.24.38' };
const GTK4 = { name: 'GTK', version: '4.8.3' };

function read(root: FakeNode, budget = BIG, toolkit = GTK3) {
  const app = new FakeApp(root);
  const client = new FakeClient(app);
  return { app, tree: readWindowTree(client, { bus: BUS, path: root.path }, budget, { toolkit, appLabel: 'fake' }) };
}

function all(root: A11yNode): A11yNode[] {
  const out: A11yNode[] = [];
  visitTree(root, (n) => out.push(n));
  return out;
}

function form(): FakeNode {
  return node('win', 'frame', {
    name: 'Login',
    attributes: { toolkit: 'gtk', 'window-type': 'normal' },
    children: [
      node('user', 'text', { interfaces: ['Text', 'EditableText'], text: 'alice', states: ['editable', 'showing'] }),
      node('pw', 'password_text', { interfaces: ['Text', 'EditableText'], text: 'hunter2', states: ['editable'] }),
      node('spin', 'spin_button', { interfaces: ['Value', 'Text'], value: 7 }),
      node('ok', 'push_button', { name: 'OK', interfaces: ['Action'], actions: ['Click'] }),
    ],
  });
}

describe('readWindowTree', () => {
  it('reads roles, names, values and actions into the neutral model', async () => {
    const { tree } = read(form());
    const t = await tree;
    expect(t.truncated).toBe(false);
    expect(t.nodeCount).toBe(5);
    const [user, pw, spin, ok] = t.root.children;
    expect(t.root.attributes).toEqual({ 'window-type': 'normal' }); // "toolkit" is noise, dropped
    expect(user).toMatchObject({ role: 'text', value: 'alice', states: ['editable', 'showing'] });
    expect(pw).toMatchObject({ role: 'password_text', sensitive: true, value: SENSITIVE_MASK });
    expect(spin).toMatchObject({ role: 'spin_button', value: '7', attributes: { value_min: '0', value_max: '100' } });
    expect(ok).toMatchObject({ name: 'OK', actions: ['click'] });
  });

  it("asks a Java spin button its current value only: the ATK wrapper throws on an unbounded JSpinner's bounds", async () => {
    const { app, tree } = read(form(), BIG, { name: 'J2SE-access-bridge', version: '0.40' });
    const spin = (await tree).root.children[2];
    expect(spin).toMatchObject({ role: 'spin_button', value: '7' });
    expect(spin?.attributes?.value_min).toBeUndefined();
    const asked = app.calls.filter((c) => c.path === '/n/spin' && c.member === 'Get').map((c) => c.body[1]);
    expect(asked).toContain('CurrentValue');
    expect(asked).not.toContain('MinimumValue');
    expect(asked).not.toContain('MaximumValue');
  });

  it("leaves no rejection unhandled when a spin button's value and its text both fail (the bus closing mid-read)", async () => {
    // Every Value and Text question about the spin button fails, as when the bus goes away.
    class ClosingClient extends FakeClient {
      override call(ref: ObjRef, iface: string, member: string, signature = '', body: unknown[] = []): Promise<unknown[]> {
        const about = [iface, String(body[0] ?? '')].join(' ');
        if (ref.path === '/n/spin' && /\.(Value|Text)\b/.test(about)) return Promise.reject(new Error('disconnected'));
        return super.call(ref, iface, member, signature, body);
      }
    }
    const unhandled: unknown[] = [];
    const onUnhandled = (reason: unknown) => void unhandled.push(reason);
    process.on('unhandledRejection', onUnhandled);
    try {
      const root = form();
      await readWindowTree(new ClosingClient(new FakeApp(root)), { bus: BUS, path: root.path }, BIG, { toolkit: GTK3 });
      await new Promise((resolve) => setTimeout(resolve, 20));
    } finally {
      process.off('unhandledRejection', onUnhandled);
    }
    expect(unhandled).toEqual([]);
  });

  it('never asks for the text of a password node (P-SENS-1)', async () => {
    const { app, tree } = read(form());
    const t = await tree;
    expect(app.calls.filter((c) => c.path === '/n/pw' && c.member === 'GetText')).toEqual([]);
    expect(JSON.stringify(t)).not.toContain('hunter2');
  });

  it('masks by character count only: an empty password reads as empty', async () => {
    const root = node('win', 'dialog', { children: [node('pw', 'text', { interfaces: ['Text'], text: '', attributes: { 'input-purpose': 'password' } })] });
    const t = await read(root).tree;
    expect(t.root.children[0]).toMatchObject({ sensitive: true, value: '' });
  });

  it('cuts at the node budget breadth first, with childCount where it cut', async () => {
    const items = Array.from({ length: 10 }, (_, i) => node(`i${i}`, 'list_item', { name: `item ${i}` }));
    const root = node('win', 'frame', { children: [node('list', 'list', { children: items }), node('btn', 'push_button', { name: 'Go' })] });
    const t = await read(root, { ...BIG, maxNodes: 6 }).tree;
    expect(t.nodeCount).toBe(6);
    expect(all(t.root)).toHaveLength(6);
    expect(t.truncated).toBe(true);
    const list = t.root.children[0] as A11yNode;
    expect(t.root.children.map((c) => c.role)).toEqual(['list', 'push_button']); // siblings first
    expect(list.children.map((c) => c.name)).toEqual(['item 0', 'item 1', 'item 2']);
    expect(list.childCount).toBe(10);
  });

  it('reads large containers child by child, never listing them whole', async () => {
    const items = Array.from({ length: 400 }, (_, i) => node(`i${i}`, 'list_item'));
    const { app, tree } = read(node('win', 'frame', { children: [node('list', 'list', { children: items })] }), { ...BIG, maxNodes: 20 });
    await tree;
    expect(app.calls.some((c) => c.path === '/n/list' && c.member === 'GetChildren')).toBe(false);
    expect(app.calls.filter((c) => c.path === '/n/list' && c.member === 'GetChildAtIndex')).toHaveLength(18);
  });

  it('cuts at the depth budget', async () => {
    const root = node('a', 'frame', { children: [node('b', 'panel', { children: [node('c', 'panel', { children: [node('d', 'label')] })] })] });
    const t = await read(root, { ...BIG, maxDepth: 2 }).tree;
    const c = t.root.children[0]?.children[0] as A11yNode;
    expect(c.role).toBe('panel');
    expect(c.children).toEqual([]);
    expect(c.childCount).toBe(1);
    expect(t.truncated).toBe(true);
  });

  it('keeps the deadline: a hung subtree yields a warning, not a stall', async () => {
    const root = node('win', 'frame', { children: [node('ok', 'label', { name: 'fine' }), node('stuck', 'panel', { hang: true })] });
    const started = Date.now();
    const t = await read(root, { ...BIG, deadlineMs: 150 }).tree;
    expect(Date.now() - started).toBeLessThan(2000);
    expect(t.truncated).toBe(true);
    expect(t.warnings).toEqual(['fake did not answer within 150 ms; the tree is incomplete']);
    expect(t.root.childCount).toBe(2);
  });

  it('returns a placeholder root when even the window does not answer', async () => {
    const t = await read(node('win', 'frame', { hang: true }), { ...BIG, deadlineMs: 50 }).tree;
    expect(t.root).toMatchObject({ ref: `${BUS}/n/win`, role: 'unknown', children: [] });
    expect(t.warnings).toHaveLength(1);
  });

  it('fails with "gone" when the window no longer exists', async () => {
    const client = new FakeClient(new FakeApp(node('win', 'frame')));
    await expect(readWindowTree(client, { bus: BUS, path: '/n/none' }, BIG)).rejects.toMatchObject({ code: 'gone' });
  });

  it('groups a flat GTK table into header and row nodes', async () => {
    const headers = [node('h0', 'table_column_header', { name: 'Name' }), node('h1', 'table_column_header', { name: 'Size' })];
    const cells = Array.from({ length: 6 }, (_, i) => node(`c${i}`, 'table_cell', { name: `v${i}` }));
    const table = node('t', 'table', { interfaces: ['Table'], table: { rows: 3, columns: 2 }, children: [...headers, ...cells] });
    const t = await read(node('win', 'frame', { children: [table] })).tree;
    const grouped = t.root.children[0] as A11yNode;
    expect(grouped.attributes).toEqual({ rows: '3', columns: '2' });
    expect(grouped.children.map((c) => c.role)).toEqual(['table_column_header', 'table_column_header', 'table_row', 'table_row', 'table_row']);
    expect(grouped.children[3]).toMatchObject({ ref: `${BUS}/n/t#row1`, children: [{ name: 'v2' }, { name: 'v3' }] });
    expect(t.nodeCount).toBe(all(t.root).length);
    expect(grouped.childCount).toBeUndefined();
  });

  it("groups Qt's row-header layout: corner left out, each row's header names its row", async () => {
    const t = await read(node('win', 'frame', { children: [qtGrid('t', 3)] }), BIG, { name: 'Qt', version: '5.15.8' }).tree;
    const grouped = t.root.children[0] as A11yNode;
    expect(grouped.children.map((c) => c.role)).toEqual(['table_column_header', 'table_column_header', 'table_row', 'table_row', 'table_row']);
    expect(grouped.children[3]).toMatchObject({ ref: `${BUS}/n/t#row1`, name: '2', children: [{ name: 'r1c0' }, { name: 'r1c1' }] });
    expect(grouped.childCount).toBeUndefined();
    expect(t.nodeCount).toBe(all(t.root).length);
  });

  it('cuts a table at whole rows and counts rows, not cells, in childCount', async () => {
    const cells = Array.from({ length: 200 }, (_, i) => node(`c${i}`, 'table_cell', { name: `v${i}` }));
    const table = node('t', 'table', {
      interfaces: ['Table'],
      table: { rows: 100, columns: 2 },
      children: [node('h0', 'table_column_header'), node('h1', 'table_column_header'), ...cells],
    });
    const t = await read(node('win', 'frame', { children: [table] }), { ...BIG, maxNodes: 14 }).tree;
    const grouped = t.root.children[0] as A11yNode;
    expect(grouped.children.filter((c) => c.role === 'table_row')).toHaveLength(3); // 1 + 1 + 2 headers + 3×(1+2) = 13 ≤ 14
    expect(grouped.childCount).toBe(102);
    expect(t.truncated).toBe(true);
    expect(t.nodeCount).toBe(all(t.root).length);
  });

  it('reads a preview of a 10,000-row table, not the node budget: the cost of a read does not grow with the rows', async () => {
    const cells = Array.from({ length: 20_000 }, (_, i) => node(`c${i}`, 'table_cell', { name: `v${i}` }));
    const table = node('t', 'table', {
      interfaces: ['Table'],
      table: { rows: 10_000, columns: 2 },
      children: [node('h0', 'table_column_header'), node('h1', 'table_column_header'), ...cells],
    });
    const { app, tree } = read(node('win', 'frame', { children: [table] }));
    const t = await tree;
    const grouped = t.root.children[0] as A11yNode;
    expect(grouped.children.filter((c) => c.role === 'table_row')).toHaveLength(TABLE_READ_ROWS);
    expect(grouped.childCount).toBe(10_002);
    expect(t.incomplete).toBeUndefined();
    const touched = new Set(app.calls.map((c) => c.path).filter((p) => p.startsWith('/n/c')));
    expect(touched.size).toBe(2 * TABLE_READ_ROWS);
  });

  it('normalises GTK4 names: doubled labels, type names, name from content', async () => {
    const root = node('win', 'frame', {
      name: 'Calculator',
      children: [
        node('seven', 'push_button', { name: '7 7', interfaces: ['Action'], actions: ['Click', 'win.close'] }),
        node('menu', 'push_button', { name: 'GtkMenuButton' }),
        node('pi', 'push_button', { name: 'GtkButton', children: [node('pil', 'label', { name: 'π' })] }),
      ],
    });
    const t = await read(root, BIG, GTK4).tree;
    expect(t.root.children.map((c) => c.name)).toEqual(['7', '', 'π']);
    expect(t.root.children[0]?.actions).toEqual(['click']); // GAction names are not node actions
  });

  it('uses Cache.GetItems as a hint and still walks what the cache misses', async () => {
    const label = node('lbl', 'label', { name: 'not cached' });
    const root = node('win', 'frame', { name: 'W', children: [node('box', 'panel', { children: [label] })] });
    const app = new FakeApp(root);
    app.cache = [root, app.nodes.get('/n/box') as FakeNode];
    const t = await readWindowTree(new FakeClient(app), { bus: BUS, path: root.path }, BIG, { toolkit: GTK4 });
    expect(all(t.root).map((n) => n.name)).toEqual(['W', '', 'not cached']);
    expect(app.calls.some((c) => c.path === '/n/box' && c.member === 'GetRole')).toBe(false);
    expect(app.calls.some((c) => c.path === '/n/lbl' && c.member === 'GetRole')).toBe(true);
  });

  it('never asks an atk-bridge toolkit (GTK 3, Gecko, Java, unknown) for Cache.GetItems: it asks every cached state set', async () => {
    const root = node('win', 'frame', { name: 'W', children: [node('box', 'panel', { children: [node('lbl', 'label', { name: 'L' })] })] });
    for (const toolkit of [GTK3, { name: 'Gecko', version: '153.8.0' }, { name: 'J2SE-access-bridge', version: '0.38' }, undefined]) {
      const app = new FakeApp(root);
      app.cache = [root];
      const t = await readWindowTree(new FakeClient(app), { bus: BUS, path: root.path }, BIG, { toolkit });
      expect(all(t.root).map((n) => n.name)).toEqual(['W', '', 'L']);
      expect(app.calls.filter((c) => c.member === 'GetItems')).toEqual([]);
    }
    const qt = new FakeApp(root);
    qt.cache = [root];
    await readWindowTree(new FakeClient(qt), { bus: BUS, path: root.path }, BIG, { toolkit: { name: 'Qt', version: '5.15.8' } });
    expect(qt.calls.filter((c) => c.member === 'GetItems')).toHaveLength(1);
  });

  it('asks GTK3 labels and list rows no GetInterfaces (their role makes them certain), anything else it asks', async () => {
    const root = node('win', 'frame', {
      children: [
        node('lbl', 'label', { name: 'L', interfaces: ['Component', 'Text', 'Hypertext'] }),
        node('ok', 'push_button', { name: 'OK', interfaces: ['Action'], actions: ['click'] }),
      ],
    });
    for (const toolkit of [GTK3, GTK4]) {
      const app = new FakeApp(root);
      const t = await readWindowTree(new FakeClient(app), { bus: BUS, path: root.path }, BIG, { toolkit });
      expect(t.root.children.map((c) => [c.name, c.actions])).toEqual([
        ['L', undefined],
        ['OK', ['click']],
      ]);
      const asked = app.calls.filter((c) => c.member === 'GetInterfaces').map((c) => c.path);
      expect(asked).toEqual(toolkit === GTK3 ? ['/n/win', '/n/ok'] : ['/n/win', '/n/lbl', '/n/ok']);
    }
  });

  it('takes child lists from the cache only where every child is in it', async () => {
    const root = node('win', 'frame', {
      name: 'W',
      children: [
        node('box', 'panel', { children: [node('a', 'label', { name: 'A' }), node('b', 'label', { name: 'B' })] }),
        node('half', 'panel', { children: [node('c', 'label', { name: 'C' }), node('d', 'label', { name: 'D' })] }),
      ],
    });
    const app = new FakeApp(root);
    app.cache = ['/n/win', '/n/box', '/n/a', '/n/b', '/n/half', '/n/c'].map((path) => app.nodes.get(path) as FakeNode);
    const t = await readWindowTree(new FakeClient(app), { bus: BUS, path: root.path }, BIG, { toolkit: GTK4 });
    expect(all(t.root).map((n) => n.name)).toEqual(['W', '', 'A', 'B', '', 'C', 'D']);
    const listed = app.calls.filter((c) => c.member === 'GetChildren').map((c) => c.path);
    expect(listed).toEqual(['/n/half']); // its child d is not cached: the list is asked for
  });
});
