/**
 * Live (issue 16): Qt 5 and Qt 6 apps on the Wayland desktop. Without the Qt Wayland plugins
 * they run through XWayland; with the accessibility bus published on XWayland's root window
 * (wayland/desktop/xwaylandA11y.ts) their AT-SPI bridges register, so their windows are read,
 * not served window-only. Keys reach them through our virtual keyboard via XWayland.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Snapshot } from '../../src/protocol/schemas.js';
import { waitFor } from './helpers/desktop.js';
import { openWaylandBridge, waylandStack, type WaylandBridge } from './helpers/waylandStack.js';

const stack = waylandStack(['featherpad', 'qt6ct', 'xprop', '/usr/bin/python3']);

describe.skipIf(stack.skip)('Qt apps on the Wayland session (XWayland)', () => {
  let live: WaylandBridge;
  const snapshot = (): Promise<Snapshot> => live.client.snapshot();
  const titled = (title: RegExp) => waitFor(async () => (await snapshot()).windows.find((w) => title.test(w.title)), 30_000);

  beforeAll(async () => {
    live = await openWaylandBridge(['featherpad', 'qt6ct']);
  }, 120_000);

  afterAll(async () => {
    await live?.close();
  }, 60_000);

  it('reads a Qt 5 window (FeatherPad) and a Qt 6 window (qt6ct), not window-only', async () => {
    const featherpad = await titled(/^Untitled$/);
    const qt6ct = await titled(/^Qt6 Configuration Tool$/);
    expect(featherpad.summary).not.toMatch(/cannot be read/);
    expect(qt6ct.summary).not.toMatch(/cannot be read/);
    expect(qt6ct.summary).toMatch(/Version/);
  });

  it('types into the Qt 5 editor through the virtual keyboard (XWayland), editing keys included', async () => {
    const featherpad = await titled(/^Untitled$/);
    const call = async (tool: string, args: Record<string, unknown>) => expect((await live.client.call(`${featherpad.id}__${tool}`, args)).isError).toBeFalsy();
    await call('type_text', { text: 'Qt on Wayland: 1+1' });
    await call('press_keys', { keys: ['BackSpace', 'Home'] });
    await call('type_text', { text: '# ' });
    await waitFor(async () => JSON.stringify((await snapshot()).windows.find((w) => w.id === featherpad.id)).includes('# Qt on Wayland: 1+'), 10_000);
  });
});
