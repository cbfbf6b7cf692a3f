/**
 * Incremental reads fed by a fake event stream: events go through the change feed's own
 * path (decode, echo rules, top-level lookup, touches) while our reads ask the application for
 * states, as under load, where a real change often lands just after a question. The incremental
 * tree must still equal a full read, and a toolkit that announces states when asked must not
 * start a read loop.
 */
import { EventEmitter } from 'node:events';
import { describe, expect, it } from 'vitest';
import type { AtspiConnection } from '../../../src/platform/linux/atspi/connection.js';
import { AtspiEvents } from '../../../src/platform/linux/atspi/events.js';
import { IncrementalTrees } from '../../../src/platform/linux/atspi/incremental.js';
import type { ObjRef } from '../../../src/platform/linux/atspi/refs.js';
import { readWindowTree } from '../../../src/platform/linux/atspi/treeReader.js';
import { BUS, FakeApp, FakeClient, node, type FakeNode } from './fakeAtspi.js';
import { seededRandom } from '../../helpers/random.js';

const BUDGET = { maxNodes: 5000, maxDepth: 64, deadlineMs: 2000 };
const OPTIONS = { toolkit: { name: 'gtk', version: '3.24.38' }, appLabel: 'fake' };
const TOP = `${BUS}/n/win`;

function dialog(): FakeNode {
  return node('win', 'dialog', {
    name: 'Open',
    children: [
      node('bar', 'panel', {
        children: [
          node('path', 'toggle_button', { name: 'home' }),
          node('b2', 'check_box', { name: 'Hidden files', states: ['visible', 'showing', 'enabled'] }),
        ],
      }),
      node('box', 'panel', {
        children: [node('entry', 'text', { name: 'Location', interfaces: ['Text', 'EditableText'], text: '', states: ['editable', 'enabled'] })],
      }),
      node('files', 'list', { children: [node('f1', 'list_item', { name: 'a.txt' }), node('f2', 'list_item', { name: 'b.txt' })] }),
    ],
  });
}

/** A fake application on a fake bus: its changes are announced as AT-SPI signals. */
function setup(makeClient: (app: FakeApp, signal: Signal) => FakeClient = (app) => new FakeClient(app)) {
  const app = new FakeApp(dialog());
  const connection = Object.assign(new EventEmitter(), { healthy: false });
  const signal: Signal = (path, member, detail, detail1 = 0, child?: string) =>
    connection.emit('signal', {
      sender: BUS,
      path,
      interface: 'org.a11y.atspi.Event.Object',
      member,
      body: [detail, detail1, 0, { signature: '(so)', value: child ? [BUS, child] : ['', '/org/a11y/atspi/null'] }, {}],
    });
  const client = makeClient(app, signal);
  const events = new AtspiEvents(connection as unknown as AtspiConnection, client, 0);
  void events.start(); // listens; the bus is "down", so nothing is registered
  const trees = new IncrementalTrees(
    client,
    (top) => events.requestFullRead(top),
    (top) => events.touches.peek(top),
    60_000,
  );
  let reads = 0;
  // As AtspiAccess.readTree: take what events touched, read, remember what was seen.
  const read = async () => {
    reads++;
    const { tree, read: parts } = await trees.read(TOP, BUDGET, events.touches.take(TOP), OPTIONS);
    for (const part of parts) events.echo.remember(part);
    return tree;
  };
  const full = () => readWindowTree(new FakeClient(app), { bus: BUS, path: '/n/win' }, BUDGET, OPTIONS);
  return { app, client, events, trees, signal, read, full, reads: () => reads };
}

type Signal = (path: string, member: string, detail: string, detail1?: number, child?: string) => void;

/** Lets the change feed finish with the signals sent so far (top-level lookups are async). */
async function settle(): Promise<void> {
  for (let i = 0; i < 3; i++) await new Promise((resolve) => setTimeout(resolve, 1));
}

describe('incremental reads racing the event stream', () => {
  it('an entry shown just after a read (while its application is asked for states) is re-read and shown', async () => {
    const { app, client, events, trees, signal, read, full } = setup();
    await read();
    // A whole-application state question (Cache.GetItems) is under way, as during a full read.
    client.stateQueries.set(BUS, Infinity);
    const entry = app.nodes.get('/n/entry') as FakeNode;
    entry.states = [...(entry.states ?? []), 'visible', 'showing'];
    signal('/n/entry', 'StateChanged', 'visible', 1);
    signal('/n/entry', 'StateChanged', 'showing', 1);
    await settle();
    client.stateQueries.set(BUS, performance.now());
    expect([...events.touches.peek(TOP).keys()]).toEqual([`${BUS}/n/entry`]); // news: the window is read again
    const tree = await read();
    expect(tree.root.children[1]?.children[0]?.states).toContain('showing');
    expect(tree).toEqual(await full());
    expect(trees.stats).toMatchObject({ full: 1, partial: 1 });
  });

  it('after random edits announced during state questions, the incremental tree equals a full read (200 rounds)', async () => {
    const { app, client, signal, read, full, trees } = setup();
    await read();
    const next = seededRandom(33);
    const pick = <T>(list: T[]): T => list[Math.floor(next() * list.length)] as T;
    let serial = 0;
    for (let round = 0; round < 200; round++) {
      client.stateQueries.set(BUS, Infinity);
      for (let i = 0; i < 1 + (round % 3); i++) {
        const attached = [...app.nodes.values()].filter((n) => app.parents.has(n.path) && n.path !== '/n/win');
        const target = pick(attached);
        const kind = Math.floor(next() * 4);
        if (kind === 0) {
          const state = pick(['showing', 'checked', 'enabled', 'focused']);
          const on = !(target.states ?? []).includes(state);
          target.states = on ? [...(target.states ?? []), state] : (target.states ?? []).filter((s) => s !== state);
          signal(target.path, 'StateChanged', state, on ? 1 : 0);
        } else if (kind === 1) {
          target.name = `${target.name ?? ''}x`;
          signal(target.path, 'PropertyChange', 'accessible-name');
        } else if (kind === 2) {
          const child = node(`new${serial++}`, pick(['label', 'push_button']), { name: `n${serial}`, states: ['visible'] });
          target.children = [...(target.children ?? []), child];
          app.nodes.set(child.path, child);
          app.parents.set(child.path, target.path);
          signal(target.path, 'ChildrenChanged', 'add', (target.children ?? []).length - 1, child.path);
        } else {
          const gone = (target.children ?? []).pop();
          if (!gone) continue;
          const forget = (n: FakeNode): void => {
            app.nodes.delete(n.path);
            app.parents.delete(n.path);
            (n.children ?? []).forEach(forget);
          };
          forget(gone);
          signal(target.path, 'ChildrenChanged', 'remove', (target.children ?? []).length, gone.path);
        }
      }
      await settle();
      client.stateQueries.set(BUS, performance.now());
      expect(await read()).toEqual(await full());
    }
    expect(trees.stats.partial).toBeGreaterThan(100);
  });

  it('a toolkit claiming a state whenever it is asked, which its state set never shows, costs one re-read, not a loop', async () => {
    let signalOf: Signal = () => undefined;
    class ClaimingClient extends FakeClient {
      override call(ref: ObjRef, iface: string, member: string, signature = '', body: unknown[] = []): Promise<unknown[]> {
        const answer = super.call(ref, iface, member, signature, body);
        // GTK3 check items announce "checked" when their state is read, one even wrongly.
        if (member === 'GetState' && ref.path === '/n/b2') void answer.then(() => signalOf('/n/b2', 'StateChanged', 'checked', 1));
        return answer;
      }
    }
    const { events, read, reads } = setup((app, signal) => {
      signalOf = signal;
      return new ClaimingClient(app);
    });
    await read();
    await settle();
    expect(events.touches.peek(TOP).has(`${BUS}/n/b2`)).toBe(true); // in doubt: maybe a real change
    await read(); // the re-read does not show it, and is told again
    await settle();
    expect(events.touches.peek(TOP).size).toBe(0); // so it is the question's echo: nothing to read
    expect(reads()).toBe(2);
  });
});
