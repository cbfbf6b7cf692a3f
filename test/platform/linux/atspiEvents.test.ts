import { describe, expect, it } from 'vitest';
import { decodeSignal } from '../../../src/platform/linux/atspi/eventDecode.js';
import { TopLevelIndex } from '../../../src/platform/linux/atspi/topLevels.js';
import { BUS, FakeApp, FakeClient, node } from './fakeAtspi.js';

const OBJ = 'org.a11y.atspi.Event.Object';

describe('decodeSignal', () => {
  it('names the event like AT-SPI and drops the text of text-changed (P-SENS-1)', () => {
    const event = decodeSignal({
      sender: ':1.5',
      path: '/a/1',
      interface: OBJ,
      member: 'TextChanged',
      body: ['insert', 0, 7, { signature: 's', value: 'hunter2' }, {}],
    });
    expect(event).toMatchObject({
      type: 'object:text-changed:insert',
      category: 'object',
      member: 'text-changed',
      source: { bus: ':1.5', path: '/a/1' },
      child: null,
    });
    expect(JSON.stringify(event)).not.toContain('hunter2');
  });

  it('carries the child of children-changed and the flag of state-changed', () => {
    const added = decodeSignal({
      sender: ':1.0',
      path: '/org/a11y/atspi/accessible/root',
      interface: OBJ,
      member: 'ChildrenChanged',
      body: ['add', 3, 0, { signature: '(so)', value: [':1.9', '/org/a11y/atspi/accessible/root'] }, {}],
    });
    expect(added).toMatchObject({ type: 'object:children-changed:add', detail1: 3, child: { bus: ':1.9', path: '/org/a11y/atspi/accessible/root' } });
    const window = decodeSignal({
      sender: ':1.5',
      path: '/w',
      interface: 'org.a11y.atspi.Event.Window',
      member: 'Create',
      body: ['', 0, 0, { signature: 'i', value: 0 }, {}],
    });
    expect(window?.type).toBe('window:create');
  });

  it('ignores other signals', () => {
    expect(
      decodeSignal({ sender: 'org.freedesktop.DBus', path: '/org/freedesktop/DBus', interface: 'org.freedesktop.DBus', member: 'NameOwnerChanged', body: [] }),
    ).toBeNull();
  });
});

describe('TopLevelIndex', () => {
  const app = () => new FakeApp(node('win', 'frame', { children: [node('box', 'panel', { children: [node('txt', 'text')] })] }));

  it('walks parents up to the application root once, then answers from its cache', async () => {
    const fake = app();
    const index = new TopLevelIndex(new FakeClient(fake));
    expect(await index.topLevelOf({ bus: BUS, path: '/n/txt' })).toBe(`${BUS}/n/win`);
    const asked = fake.calls.length;
    expect(await index.topLevelOf({ bus: BUS, path: '/n/box' })).toBe(`${BUS}/n/win`);
    expect(fake.calls.length).toBe(asked);
    expect(await index.topLevelOf({ bus: BUS, path: '/org/a11y/atspi/accessible/root' })).toBeNull();
  });

  it('names the ancestors it walked to place a new object, up to the first one it knew', async () => {
    const fake = app();
    const index = new TopLevelIndex(new FakeClient(fake));
    expect(await index.locate({ bus: BUS, path: '/n/txt' })).toEqual({ top: `${BUS}/n/win`, walked: [`${BUS}/n/box`, `${BUS}/n/win`] });
    expect(await index.locate({ bus: BUS, path: '/n/box' })).toEqual({ top: `${BUS}/n/win`, walked: [] });
  });

  it('learns children from children-changed and forgets what died', async () => {
    const fake = app();
    const index = new TopLevelIndex(new FakeClient(fake));
    await index.topLevelOf({ bus: BUS, path: '/n/box' });
    index.noteChild({ bus: BUS, path: '/n/box' }, { bus: BUS, path: '/n/new' });
    expect(index.knownTopLevelOf({ bus: BUS, path: '/n/new' })).toBe(`${BUS}/n/win`);
    index.forget({ bus: BUS, path: '/n/new' });
    expect(index.knownTopLevelOf({ bus: BUS, path: '/n/new' })).toBeNull();
    expect(await index.topLevelOf({ bus: BUS, path: '/n/vanished' })).toBeNull();
  });

  it('forgets what a closed top-level held, and walks again when the cached top-level is not open', async () => {
    const fake = app();
    const index = new TopLevelIndex(new FakeClient(fake));
    const txt = { bus: BUS, path: '/n/txt' };
    expect(await index.topLevelOf(txt)).toBe(`${BUS}/n/win`);
    // The app shows the same objects in a new window (GNOME Calculator's preferences, reopened).
    fake.nodes.set('/n/win2', node('win2', 'frame'));
    fake.parents.set('/n/win2', '/org/a11y/atspi/accessible/root');
    fake.parents.set('/n/box', '/n/win2');
    expect(await index.topLevelOf(txt)).toBe(`${BUS}/n/win`);
    expect(await index.topLevelAmong(txt, (top) => top === `${BUS}/n/win2`)).toBe(`${BUS}/n/win2`);
    expect(await index.topLevelOf(txt)).toBe(`${BUS}/n/win2`);
    expect(await index.topLevelAmong(txt, () => false)).toBeNull();
    index.forgetTop(`${BUS}/n/win2`);
    expect(index.knownTopLevelOf(txt)).toBeNull();
    expect(index.knownTopLevelOf({ bus: BUS, path: '/n/box' })).toBeNull();
  });
});
