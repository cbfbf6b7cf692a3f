import { describe, expect, it } from 'vitest';
import { AtspiPrimitives } from '../../../src/platform/linux/atspi/primitives.js';
import { ToolkitCache } from '../../../src/platform/linux/atspi/toolkits.js';
import { BUS, FakeApp, FakeClient, node, qtGrid, type FakeNode } from './fakeAtspi.js';

function setup(): { app: FakeApp; p: AtspiPrimitives; ref: (path: string) => string } {
  const cells = Array.from({ length: 6 }, (_, i) => node(`c${i}`, 'table_cell', { name: `v${i}`, interfaces: ['Action'], actions: ['activate'] }));
  const root = node('win', 'frame', {
    children: [
      node('entry', 'text', { interfaces: ['Text', 'EditableText'], text: 'abc' }),
      node('pw', 'password_text', { interfaces: ['Text', 'EditableText'], text: 'hunter2' }),
      node('btn', 'push_button', { interfaces: ['Action', 'Component'], actions: ['Press', 'Click'] }),
      node('list', 'list', { interfaces: ['Selection'], children: [node('a', 'list_item'), node('b', 'list_item')] }),
      qtGrid('grid', 4),
      node('t', 'table', {
        interfaces: ['Table'],
        table: { rows: 3, columns: 2 },
        children: [node('h0', 'table_column_header', { name: 'A' }), node('h1', 'table_column_header', { name: 'B' }), ...cells],
      }),
      // A JTable through the ATK wrapper: label cells, row 0 selected, headers only behind Table calls.
      node('jt', 'table', {
        interfaces: ['Table', 'Selection'],
        table: { rows: 2, columns: 2, refusesRowSelection: true },
        children: ['j0', 'j1', 'j2', 'j3'].map((path, i) =>
          node(path, 'label', { name: path, states: ['visible', 'showing', ...(i < 2 ? ['selected'] : [])] }),
        ),
      }),
    ],
  });
  const app = new FakeApp(root);
  const client = new FakeClient(app);
  return { app, p: new AtspiPrimitives(client, new ToolkitCache(client)), ref: (path) => `${BUS}/n/${path}` };
}

describe('AtspiPrimitives', () => {
  it('runs an action by name, whatever its index or spelling', async () => {
    const { app, p, ref } = setup();
    await p.doAction(ref('btn'), 'click');
    expect(app.calls.find((c) => c.member === 'DoAction')?.body).toEqual([1]);
  });

  it('names the offered actions when the one asked for is missing', async () => {
    const { p, ref } = setup();
    await expect(p.doAction(ref('btn'), 'toggle')).rejects.toMatchObject({ code: 'not_supported', message: expect.stringContaining('offered: press, click') });
  });

  it('sets, inserts (at the end by default) and reads text', async () => {
    const { p, ref } = setup();
    await p.setText(ref('entry'), 'héllo');
    await p.insertText(ref('entry'), '✓');
    await p.insertText(ref('entry'), '>', 0);
    expect(await p.readText(ref('entry'))).toBe('>héllo✓');
  });

  it('passes the UTF-8 byte length to InsertText', async () => {
    const { app, p, ref } = setup();
    await p.insertText(ref('entry'), 'é✓', 1);
    expect(app.calls.find((c) => c.member === 'InsertText')?.body).toEqual([1, 'é✓', 5]);
  });

  it('refuses to read a password node and never puts text into errors (P-SENS-1)', async () => {
    const { app, p, ref } = setup();
    await expect(p.readText(ref('pw'))).rejects.toMatchObject({ code: 'refused' });
    expect(app.calls.some((c) => c.path === '/n/pw' && c.member === 'GetText')).toBe(false);
    const failure = await p.setText(ref('btn'), 'TopSecret').catch((e: Error) => e);
    expect(failure).toMatchObject({ code: 'not_supported' });
    expect(String((failure as Error).message)).not.toContain('TopSecret');
  });

  it('selects an item through its container', async () => {
    const { app, p, ref } = setup();
    await p.select(ref('b'));
    expect(app.calls.find((c) => c.member === 'SelectChild')).toMatchObject({ path: '/n/list', body: [1] });
    expect((app.nodes.get('/n/b') as FakeNode).states).toContain('selected');
  });

  it('reads a table slice as headers and rows, and a row as its cells', async () => {
    const { p, ref } = setup();
    const slice = await p.readChildren(ref('t'), 1, 3);
    expect(slice.map((n) => n.role)).toEqual(['table_column_header', 'table_row', 'table_row']);
    expect(slice[2]).toMatchObject({ ref: `${ref('t')}#row1`, children: [{ name: 'v2' }, { name: 'v3' }] });
    const cells = await p.readChildren(`${ref('t')}#row2`, 1, 5);
    expect(cells.map((c) => c.name)).toEqual(['v5']);
  });

  it("reads a slice of Qt's row-header layout like the tree read: headers, then rows named by their row header", async () => {
    const { p, ref } = setup();
    const slice = await p.readChildren(ref('grid'), 1, 3);
    expect(slice.map((n) => [n.role, n.name])).toEqual([
      ['table_column_header', 'name'],
      ['table_row', '1'],
      ['table_row', '2'],
    ]);
    expect(slice[2]?.children.map((c) => c.name)).toEqual(['r1c0', 'r1c1']);
  });

  it('selects a table row through Table, or through Selection when the table refuses AddRowSelection (Java)', async () => {
    const { app, p, ref } = setup();
    await p.select(`${ref('t')}#row1`);
    expect(app.calls.find((c) => c.member === 'AddRowSelection')).toMatchObject({ path: '/n/t', body: [1] });
    expect(app.calls.some((c) => c.member === 'SelectChild')).toBe(false);
    await p.select(`${ref('jt')}#row1`);
    const members = app.calls.filter((c) => c.path === '/n/jt').map((c) => c.member);
    expect(members.slice(-4)).toEqual(['AddRowSelection', 'GetIndexAt', 'ClearSelection', 'SelectChild']);
    // Child 2: row 1's first cell (the header is no child).
    expect(app.calls.find((c) => c.member === 'SelectChild')).toMatchObject({ path: '/n/jt', body: [2] });
    expect((app.nodes.get('/n/j2') as FakeNode).states).toContain('selected');
    expect((app.nodes.get('/n/j0') as FakeNode).states).not.toContain('selected');
  });

  it('chooses a Java table row through a cell at once: the ATK wrapper warns on every AddRowSelection', async () => {
    const { app, ref } = setup();
    const client = new FakeClient(app);
    const java = { get: async () => ({ name: 'J2SE-access-bridge', version: '0.40' }) } as unknown as ToolkitCache;
    await new AtspiPrimitives(client, java).select(`${ref('jt')}#row1`);
    const members = app.calls.filter((c) => c.path === '/n/jt').map((c) => c.member);
    expect(members).toEqual(['GetIndexAt', 'ClearSelection', 'SelectChild']);
    expect((app.nodes.get('/n/j2') as FakeNode).states).toContain('selected');
  });

  it('acts on a row through its first cell', async () => {
    const { app, p, ref } = setup();
    await p.doAction(`${ref('t')}#row1`, 'activate');
    expect(app.calls.find((c) => c.member === 'DoAction')?.path).toBe('/n/c2');
  });

  it("gives a node's screen bounds for a pointer click, and focuses it", async () => {
    const { app, p, ref } = setup();
    expect(await p.bounds(ref('btn'))).toEqual({ x: 10, y: 20, width: 30, height: 40 });
    await p.focus(ref('btn'));
    expect(app.calls.some((c) => c.member === 'GrabFocus' && c.path === '/n/btn')).toBe(true);
    await expect(p.bounds(ref('entry'))).rejects.toMatchObject({ code: 'not_supported' });
  });

  it('rejects malformed refs and arguments with clear codes', async () => {
    const { p, ref } = setup();
    await expect(p.focus('not a ref')).rejects.toMatchObject({ code: 'bad_ref' });
    await expect(p.readChildren(ref('list'), -1, 2)).rejects.toMatchObject({ code: 'bad_argument' });
    await expect(p.setValue(ref('list'), Number.NaN)).rejects.toMatchObject({ code: 'bad_argument' });
    await expect(p.insertText(ref('entry'), 'x', 1.5)).rejects.toMatchObject({ code: 'bad_argument' });
    await expect(p.doAction(`${BUS}/n/missing`, 'click')).rejects.toMatchObject({ code: 'gone' });
  });

  it("gives LibreOffice's menu items their keys, asking each binding alone (GetKeyBinding), never GetActions", async () => {
    const item = (path: string, name: string, binding: string) =>
      node(path, 'menu_item', { name, interfaces: ['Action'], actions: ['click'], keyBindings: [binding] });
    const root = node('win', 'frame', {
      children: [
        node('bar', 'menu_bar', {
          children: [
            node('file', 'menu', {
              name: 'File',
              interfaces: ['Action'],
              actions: ['click'],
              keyBindings: ['<Alt>f;<Alt>f;'],
              children: [item('save', 'Save', 's;<Alt>f:s;<Primary>s'), item('export', 'Export...', 'e;<Alt>f:e;'), item('plain', 'Plain', ';;')],
            }),
          ],
        }),
      ],
    });
    const app = new FakeApp(root);
    const client = new FakeClient(app);
    const soffice = { get: async () => ({ name: 'gtk', version: '3.24.38', application: 'soffice' }) } as unknown as ToolkitCache;
    const p = new AtspiPrimitives(client, soffice);
    expect(await p.menuKeys(`${BUS}/n/save`)).toEqual(['ctrl+s']);
    expect(await p.menuKeys(`${BUS}/n/export`)).toEqual(['alt+f', 'e']);
    // No key route: an empty list (its menus are opened and the shown item run), never null (DoAction on a closed item).
    expect(await p.menuKeys(`${BUS}/n/plain`)).toEqual([]);
    expect(app.calls.filter((c) => c.member === 'GetActions')).toEqual([]);
    expect(app.calls.filter((c) => c.member === 'GetKeyBinding').length).toBeGreaterThan(0);
  });
});
