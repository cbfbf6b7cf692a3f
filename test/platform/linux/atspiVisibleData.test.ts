/**
 * Visible-data news (`object:visible-data-changed`): how a Java Swing label announces a new text.
 * One about an object a read found re-reads that object alone; one about an object no read found
 * (Java's shared cell and header renderers, sent by the thousand while a table is read) asks the
 * application nothing and marks nothing.
 */
import { EventEmitter } from 'node:events';
import { describe, expect, it } from 'vitest';
import type { AtspiConnection } from '../../../src/platform/linux/atspi/connection.js';
import { AtspiEvents, type AtspiChange } from '../../../src/platform/linux/atspi/events.js';
import { BUS, FakeApp, FakeClient, node } from './fakeAtspi.js';

const TOP = `${BUS}/n/win`;

function setup() {
  const app = new FakeApp(node('win', 'frame', { name: 'jEdit', children: [node('clock', 'label', { name: '4:12 PM' })] }));
  const connection = Object.assign(new EventEmitter(), { healthy: false });
  const events = new AtspiEvents(connection as unknown as AtspiConnection, new FakeClient(app), 0);
  void events.start(); // listens; the bus is "down", so nothing is registered
  const changes: AtspiChange[] = [];
  events.on('change', (change) => changes.push(change));
  const visibleData = (path: string) =>
    connection.emit('signal', { sender: BUS, path, interface: 'org.a11y.atspi.Event.Object', member: 'VisibleDataChanged', body: ['', 0, 0, {}, {}] });
  const settle = () => new Promise((resolve) => setTimeout(resolve, 5));
  // The change is announced after the object's re-read: on a busy machine that takes more than a
  // few milliseconds, so the test waits for it (at most 5 s) rather than for a fixed time.
  const changed = async () => {
    const until = Date.now() + 5000;
    while (changes.length === 0 && Date.now() < until) await settle();
  };
  return { app, events, changes, visibleData, settle, changed };
}

describe('visible-data news', () => {
  it("re-reads a known object's own facts: a Java label's new text", async () => {
    const { events, changes, visibleData, changed } = setup();
    events.topLevels.learn(TOP, {
      ref: TOP,
      role: 'frame',
      name: 'jEdit',
      states: [],
      children: [{ ref: `${BUS}/n/clock`, role: 'label', name: '4:12 PM', states: [], children: [] }],
    });
    visibleData('/n/clock');
    await changed();
    expect(events.touches.peek(TOP)).toEqual(new Map([[`${BUS}/n/clock`, 'node']]));
    // What announced it, for the bridge's pacing: this kind of event from this object.
    expect(changes).toContainEqual({ kind: 'content', topLevels: [TOP], causes: { [TOP]: [`object:visible-data-changed ${BUS}/n/clock`] } });
  });

  it('asks nothing about an object no read found (a renderer), and marks nothing', async () => {
    const { app, events, changes, visibleData, settle } = setup();
    for (let i = 0; i < 50; i++) visibleData('/n/renderer');
    await settle();
    expect(app.calls).toEqual([]);
    expect(events.touches.peek(TOP).size).toBe(0);
    expect(changes).toEqual([]);
  });
});
