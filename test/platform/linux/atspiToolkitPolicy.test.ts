import { describe, expect, it } from 'vitest';
import { readWindowTree } from '../../../src/platform/linux/atspi/treeReader.js';
import { insertLength, interfacesByRole, policyFor } from '../../../src/platform/linux/atspi/toolkitPolicy.js';
import { BUS, FakeApp, FakeClient, node } from './fakeAtspi.js';

const BIG = { maxNodes: 5000, maxDepth: 64, deadlineMs: 2000 };
const QT5 = { name: 'Qt', version: '5.15.8' };
const QT6 = { name: 'Qt', version: '6.4.2' };
const GTK3 = { name: 'gtk', version: '3.24.38' };

function editor() {
  return node('win', 'frame', {
    name: 'Untitled',
    children: [node('doc', 'text', { interfaces: ['Text', 'EditableText'], text: 'héllo', states: ['editable', 'multi_line'] })],
  });
}

async function callsFor(toolkit: { name: string; version: string; application?: string } | undefined) {
  const root = editor();
  const app = new FakeApp(root);
  const tree = await readWindowTree(new FakeClient(app), { bus: BUS, path: root.path }, BIG, { toolkit });
  return { tree, calls: app.calls };
}

describe('per-toolkit call policy (docs/toolkits.md)', () => {
  it('never sends Properties.GetAll to Qt 5 or Qt 6 (it crashes their bridge), nor to an unknown toolkit', async () => {
    for (const toolkit of [QT5, QT6, undefined, { name: 'Gecko', version: '115' }]) {
      const { tree, calls } = await callsFor(toolkit);
      expect(calls.filter((c) => c.member === 'GetAll')).toEqual([]);
      expect(tree.root.name).toBe('Untitled');
      expect(tree.root.children[0]?.value).toBe('héllo');
    }
  });

  it('asks GTK no NActions after an empty GetActions, nor a CharacterCount for a text shorter than the maximum; Qt both', async () => {
    for (const [toolkit, asked] of [
      [GTK3, []],
      [QT5, ['NActions', 'CharacterCount']],
    ] as const) {
      const root = node('win', 'frame', {
        name: 'W',
        children: [node('box', 'panel', { interfaces: ['Action'] }), node('doc', 'text', { interfaces: ['Text'], text: 'short' })],
      });
      const app = new FakeApp(root);
      const tree = await readWindowTree(new FakeClient(app), { bus: BUS, path: root.path }, BIG, { toolkit });
      const properties = app.calls.filter((c) => c.member === 'Get').map((c) => String(c.body?.[1]));
      expect(properties.filter((name) => name === 'NActions' || name === 'CharacterCount').sort()).toEqual([...asked].sort());
      expect(tree.root.children[1]?.value).toBe('short');
      expect(tree.root.children[1]?.attributes?.character_count).toBeUndefined();
    }
  });

  it('asks GTK 4 for no screen coordinates (it prints a warning for each); every other toolkit may', () => {
    expect(policyFor({ name: 'GTK', version: '4.8.3' }).screenCoordinates).toBe(false);
    for (const toolkit of [GTK3, QT5, QT6, { name: 'J2SE-access-bridge', version: '0.40' }, { name: 'Gecko', version: '115' }])
      expect(policyFor(toolkit).screenCoordinates).toBe(true);
  });

  it('keeps the GetAll fast path for GTK', async () => {
    const { calls } = await callsFor(GTK3);
    expect(calls.filter((c) => c.member === 'GetAll').length).toBeGreaterThan(0);
    expect(policyFor({ name: 'GTK', version: '4.8.3' }).bulkProperties).toBe(true);
  });

  it('asks Qt for its CharacterCount, then for a text that fits whole (end -1: never past its end)', async () => {
    const { calls } = await callsFor(QT5);
    const getText = calls.find((c) => c.member === 'GetText');
    expect(getText?.body).toEqual([0, -1]);
    expect(calls.findIndex((c) => c.body[1] === 'CharacterCount')).toBeLessThan(calls.indexOf(getText!));
  });

  it("Java (ATK wrapper): libatspi's pattern, and column headers asked through Table.GetColumnHeader", () => {
    const java = policyFor({ name: 'J2SE-access-bridge', version: '1.0' });
    expect(java).toMatchObject({ bulkProperties: false, columnHeaders: 'table_calls', rowSelection: 'cell', spinButtonBounds: false });
    expect(policyFor(GTK3).spinButtonBounds).toBe(true);
    expect(policyFor(GTK3).rowSelection).toBe('add_row');
    expect(policyFor(QT5).rowSelection).toBe('add_row');
    expect(policyFor(GTK3).columnHeaders).toBe('children');
    expect(policyFor(QT5).columnHeaders).toBe('children');
  });

  it('clamps text ranges for LibreOffice (GTK toolkit name, VCL ATK objects) and keeps its GetAll fast path', async () => {
    const { calls, tree } = await callsFor({ ...GTK3, application: 'soffice' });
    expect(calls.find((c) => c.member === 'GetText')?.body).toEqual([0, -1]);
    expect(calls.filter((c) => c.member === 'GetAll').length).toBeGreaterThan(0);
    expect(tree.root.children[0]?.value).toBe('héllo');
    expect(policyFor({ ...GTK3, application: 'gedit' }).clampTextRange).toBe(false);
    // VCL's objects are not GTK's accessibles: their interfaces are asked, and LibreOffice keeps closed menus only.
    expect(interfacesByRole('label', { ...GTK3, application: 'soffice' })).toBeNull();
    expect(interfacesByRole('label', GTK3)).not.toBeNull();
    expect(policyFor({ ...GTK3, application: 'soffice' }).keepSubtrees).toBe('closed_menus');
    expect(policyFor(GTK3).keepSubtrees).toBe('hidden');
    expect(policyFor({ name: 'gtk', version: '4.12.5' }).keepSubtrees).toBeNull();
    expect(policyFor(QT6).keepSubtrees).toBeNull();
  });

  it('asks LibreOffice action names one by one, never GetActions (its ATK wrapper warns about each description)', async () => {
    const root = node('win', 'frame', { name: 'W', children: [node('tool', 'push_button', { name: 'Text Box', interfaces: ['Action'], actions: ['click'] })] });
    const app = new FakeApp(root);
    const tree = await readWindowTree(new FakeClient(app), { bus: BUS, path: root.path }, BIG, { toolkit: { ...GTK3, application: 'soffice' } });
    expect(tree.root.children[0]?.actions).toEqual(['click']);
    expect(app.calls.filter((c) => c.member === 'GetActions')).toEqual([]);
    expect(app.calls.filter((c) => c.member === 'GetName').map((c) => c.body)).toEqual([[0]]);
    expect(policyFor(GTK3).actionList).toBe('complete');
    expect(policyFor(undefined).actionList).toBe('names');
    expect(policyFor(QT6).actionList).toBe('partial');
  });

  it('reads through an AtkSocket into the process it embeds, with no toolkit of the application: action names one by one', async () => {
    const WEB = ':1.26';
    const link = node('link', 'link', { bus: WEB, name: 'Calculator Help', interfaces: ['Action'], actions: ['jump'], silentGetActions: true });
    const page = node('page', 'document_web', { bus: WEB, name: 'All Help Documents', children: [link] });
    const plug = node('plug', 'filler', { bus: WEB, states: [], children: [page] });
    const socket = node('socket', 'filler', { states: [], socket: true, children: [plug] });
    const root = node('win', 'frame', { name: 'Help', children: [socket] });
    const app = new FakeApp(root);
    const tree = await readWindowTree(new FakeClient(app), { bus: BUS, path: root.path }, { ...BIG, deadlineMs: 500 }, { toolkit: GTK3 });
    const plugRead = tree.root.children[0]?.children[0];
    expect(plugRead?.attributes).toEqual({ embedded: 'process' });
    expect(plugRead?.children[0]?.children[0]).toMatchObject({ name: 'Calculator Help', actions: ['jump'] });
    expect(tree.warnings).toEqual([]);
    expect(app.calls.filter((c) => c.path === link.path && c.member === 'GetActions')).toEqual([]);
    // The application's own objects keep its policy.
    expect(app.calls.filter((c) => c.path === socket.path && c.member === 'GetChildAtIndex').map((c) => c.body)).toEqual([[0]]);
  });

  it("runs LibreOffice's menu items by their keys: its menu bar is GTK 3's, whose DoAction on a closed menu prints criticals", () => {
    expect(policyFor({ ...GTK3, application: 'soffice' }).menuByKeys).toBe(true);
    expect(policyFor(GTK3).menuByKeys).toBe(true);
    expect(policyFor(QT6).menuByKeys).toBe(false);
  });

  it('asks Gecko for action names one by one: its GetActions names every action ";;"', async () => {
    const root = node('win', 'frame', { name: 'W', children: [node('go', 'push_button', { name: 'Go', interfaces: ['Action'], actions: ['press'] })] });
    const app = new FakeApp(root);
    const tree = await readWindowTree(new FakeClient(app), { bus: BUS, path: root.path }, BIG, {
      toolkit: { name: 'Gecko', version: '115.0', application: 'Firefox' },
    });
    expect(tree.root.children[0]?.actions).toEqual(['press']);
    expect(app.calls.filter((c) => c.member === 'GetActions')).toEqual([]);
    expect(policyFor({ name: 'Gecko', version: '153.8.0' }).actionList).toBe('names');
  });

  it('measures InsertText lengths in UTF-16 units for Qt, UTF-8 bytes for ATK toolkits', () => {
    expect(insertLength('héllo', QT6)).toBe(5);
    expect(insertLength('héllo', GTK3)).toBe(6);
    expect(insertLength('héllo', undefined)).toBe(6);
  });
});
