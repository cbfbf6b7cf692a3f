/**
 * A window that closes while it is read: once the application root drops the top-level (or sends
 * `window:destroy`), nothing of it is asked any more. A read under way stops at its next call,
 * the reads queued behind it ask nothing, its kept tree is forgotten, and events about its dying
 * objects start no walk up their parents. Signals go through the change feed's own path.
 */
import { EventEmitter } from 'node:events';
import { describe, expect, it } from 'vitest';
import { ClosingWindows, WindowClosingError } from '../../../src/platform/linux/atspi/closingWindows.js';
import type { AtspiConnection } from '../../../src/platform/linux/atspi/connection.js';
import { AtspiEvents } from '../../../src/platform/linux/atspi/events.js';
import { IncrementalTrees } from '../../../src/platform/linux/atspi/incremental.js';
import type { ObjRef } from '../../../src/platform/linux/atspi/refs.js';
import { TopLevelIndex } from '../../../src/platform/linux/atspi/topLevels.js';
import { readWindowTree } from '../../../src/platform/linux/atspi/treeReader.js';
import { BUS, FakeApp, FakeClient, node, type FakeNode } from './fakeAtspi.js';

const BUDGET = { maxNodes: 5000, maxDepth: 64, deadlineMs: 2000 };
const OPTIONS = { toolkit: { name: 'gtk', version: '3.24.38' }, appLabel: 'fake' };
const TOP = `${BUS}/n/win`;
const APP_ROOT = '/org/a11y/atspi/accessible/root';

function dialog(): FakeNode {
  const field = (name: string) => node(name, 'text', { name, interfaces: ['Text', 'EditableText'], text: name, states: ['editable', 'showing'] });
  return node('win', 'dialog', {
    name: 'Save',
    children: [
      node('box', 'panel', { children: [field('name'), field('folder'), node('opts', 'panel', { children: [field('type'), field('encoding')] })] }),
      node('save', 'push_button', { name: 'Save', interfaces: ['Action'], actions: ['click'] }),
    ],
  });
}

/** The application closes the dialog when `closeAt` is asked: the two signals come before the answer. */
class ClosingApp extends FakeClient {
  closeAt: ((ref: ObjRef, member: string) => boolean) | null = null;
  /** How many calls had reached the application when it closed the dialog. */
  callsAtClose = -1;

  constructor(
    app: FakeApp,
    private readonly emitSignal: (signal: object) => void,
  ) {
    super(app);
  }

  override call(ref: ObjRef, iface: string, member: string, signature = '', body: unknown[] = []): Promise<unknown[]> {
    const reply = super.call(ref, iface, member, signature, body);
    if (this.closeAt?.(ref, member)) {
      this.closeAt = null;
      this.callsAtClose = this.app.calls.length;
      close(this.emitSignal);
    }
    return reply;
  }
}

/** What GTK's atk-bridge sends when a dialog is destroyed: the root's children-changed:remove, then window:destroy. */
function close(emit: (signal: object) => void): void {
  const child = { signature: '(so)', value: [BUS, '/n/win'] };
  emit({ sender: BUS, path: APP_ROOT, interface: 'org.a11y.atspi.Event.Object', member: 'ChildrenChanged', body: ['remove', 1, 0, child, {}] });
  emit({ sender: BUS, path: '/n/win', interface: 'org.a11y.atspi.Event.Window', member: 'Destroy', body: ['', 0, 0, { signature: 'i', value: 0 }, {}] });
}

function setup() {
  const app = new FakeApp(dialog());
  const connection = Object.assign(new EventEmitter(), { healthy: false });
  const emitSignal = (signal: object): void => void connection.emit('signal', signal);
  const client = new ClosingApp(app, emitSignal);
  const events = new AtspiEvents(connection as unknown as AtspiConnection, client, 0);
  void events.start(); // listens; the bus is "down", so nothing is registered
  const trees = new IncrementalTrees(
    client,
    (top) => events.requestFullRead(top),
    (top) => events.touches.peek(top),
    60_000,
  );
  events.closing.onClosing((top) => trees.forget(top));
  // As AtspiAccess.readTree: stopped once the window closes.
  const read = () => trees.read(TOP, BUDGET, events.touches.take(TOP), OPTIONS, events.closing.stopper(TOP));
  const signal = (path: string, member: string, detail: string, detail1 = 0) =>
    connection.emit('signal', { sender: BUS, path, interface: 'org.a11y.atspi.Event.Object', member, body: [detail, detail1, 0, {}, {}] });
  return { app, client, events, trees, read, signal, emitSignal };
}

describe('reads of a window that is closing', () => {
  it('a read under way asks nothing once the dialog closed, and fails as closing', async () => {
    const { app, client, read } = setup();
    client.closeAt = (ref, member) => ref.path === '/n/box' && member === 'GetChildren';
    await expect(read()).rejects.toBeInstanceOf(WindowClosingError);
    expect(client.callsAtClose).toBeGreaterThan(0);
    // Calls sent before the signals are answered; none is sent after them.
    expect(app.calls.length).toBe(client.callsAtClose);
    expect(app.calls.map((c) => c.path)).not.toContain('/n/encoding');
  });

  it('forgets the kept tree and asks nothing for reads queued behind, nor for later ones', async () => {
    const { app, client, read, signal } = setup();
    await read();
    signal('/n/name', 'TextChanged', 'insert');
    client.closeAt = (ref) => ref.path === '/n/name';
    const [partial, queued] = [read(), read()];
    await expect(partial).rejects.toBeInstanceOf(WindowClosingError);
    await expect(queued).rejects.toBeInstanceOf(WindowClosingError);
    const asked = app.calls.length;
    await expect(read()).rejects.toBeInstanceOf(WindowClosingError);
    expect(app.calls.length).toBe(asked);
  });

  it('events about the objects of a closing window ask nothing and mark nothing', async () => {
    const { app, events, read, signal, emitSignal } = setup();
    const { tree } = await read();
    events.topLevels.learn(TOP, tree.root); // as AtspiAccess.readTree does after each read
    close(emitSignal);
    const asked = app.calls.length;
    // GTK's teardown of a dialog: each object turns defunct, then loses its widget.
    for (const path of ['/n/name', '/n/folder', '/n/save']) {
      signal(path, 'StateChanged', 'defunct', 1);
      signal(path, 'PropertyChange', 'widget');
      signal(path, 'StateChanged', 'sensitive', 0);
    }
    await new Promise((resolve) => setTimeout(resolve, 5));
    expect(app.calls.length).toBe(asked); // no Parent asked of a dying object
    expect(events.touches.peek(TOP).size).toBe(0);
  });
});

describe('ClosingWindows', () => {
  it('stops a read begun before the window closed, even once it is shown again; a new read goes on', () => {
    const closing = new ClosingWindows();
    const before = closing.stopper(TOP);
    expect(before()).toBe(false);
    closing.mark(TOP);
    expect(before()).toBe(true);
    expect(closing.stopper(TOP)()).toBe(true);
    closing.reopened(TOP);
    expect(before()).toBe(true);
    const after = closing.stopper(TOP);
    expect(after()).toBe(false);
    expect(closing.isClosing(TOP)).toBe(false);
  });
});

describe('TopLevelIndex and dead objects', () => {
  it('asks nothing about an object whose widget change follows its defunct in the same burst', async () => {
    const { app, signal } = setup();
    signal('/n/folder', 'StateChanged', 'defunct', 1);
    signal('/n/folder', 'PropertyChange', 'widget');
    await new Promise((resolve) => setTimeout(resolve, 5));
    expect(app.calls).toEqual([]);
  });

  it('never walks up from an object that turned defunct, unless it is named again as a new child', async () => {
    const app = new FakeApp(dialog());
    const index = new TopLevelIndex(new FakeClient(app));
    const name = { bus: BUS, path: '/n/name' };
    index.died(name);
    expect(await index.locate(name)).toEqual({ top: null, walked: [] });
    expect(app.calls).toEqual([]);
    index.noteChild({ bus: BUS, path: '/n/box' }, name);
    expect((await index.locate(name)).top).toBe(TOP);
  });
});

describe('objects that died before the walk reached them', () => {
  it('reads a dead object as vanished, asking it nothing', async () => {
    const app = new FakeApp(dialog());
    const dead = new Set([`${BUS}/n/opts`]);
    const tree = await readWindowTree(new FakeClient(app), { bus: BUS, path: '/n/win' }, BUDGET, { ...OPTIONS, gone: (ref) => dead.has(ref) });
    expect(app.calls.filter((c) => c.path === '/n/opts' || c.path === '/n/type')).toEqual([]);
    expect(tree.root.children[0]?.children.map((c) => c.name)).toEqual(['name', 'folder']);
  });

  it('re-reads in full, without asking it, a window whose touched object died', async () => {
    const { app, events, trees, signal } = setup();
    const dead = new Set<string>();
    const options = { ...OPTIONS, gone: (ref: string) => dead.has(ref) };
    const read = () => trees.read(TOP, BUDGET, events.touches.take(TOP), options, events.closing.stopper(TOP));
    const { tree } = await read();
    events.topLevels.learn(TOP, tree.root);
    dead.add(`${BUS}/n/folder`);
    signal('/n/folder', 'PropertyChange', 'accessible-name');
    await new Promise((resolve) => setTimeout(resolve, 5));
    const asked = app.calls.length;
    await read();
    expect(app.calls.slice(asked).filter((c) => c.path === '/n/folder')).toEqual([]);
    expect(trees.stats).toMatchObject({ full: 2, partial: 0 });
  });
});
