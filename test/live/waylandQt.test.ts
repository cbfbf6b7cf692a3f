/**
 * Live: Qt 5 and Qt 6 apps on the Wayland desktop. Without the Qt Wayland plugins
 * they run through XWayland; with the accessibility bus published on XWayland's root window
 * (wayland/desktop/xwaylandA11y.ts) their AT-SPI bridges register, so their windows are read,
 * not served window-only. Keys reach them through the virtual keyboard once the compositor has
 * focused them (foreign-toplevel activation: sway only marks an EWMH-activated XWayland window
 * urgent). Pointer clicks go through the compositor's virtual pointer: they choose in Qt combo
 * boxes (no Selection interface), and press GTK3 controls that have no accessible action, placed
 * exactly (a native window with client-side shadows; cells 40×30 px: an offset lands next door).
 */
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Snapshot } from '../../src/protocol/schemas.js';
import { waitFor } from './helpers/desktop.js';
import { openWaylandBridge, waylandStack, type WaylandBridge } from './helpers/waylandStack.js';

const stack = waylandStack(['featherpad', 'qt6ct', 'xprop', '/usr/bin/python3']);
const CLICK_TARGETS = join(import.meta.dirname, 'fixtures', 'click_targets.py');

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
    // Read, not window-only: their controls are tools (window-only windows have keys and close only).
    await waitFor(async () => {
      const tools = await live.client.toolNames();
      return tools.includes(`${featherpad.id}__menu`) && tools.includes(`${qt6ct.id}__press`) && tools.includes(`${qt6ct.id}__select`);
    }, 30_000);
  });

  it('types into the XWayland window the keys are for (FeatherPad), though another window had the focus', async () => {
    const featherpad = await titled(/^Untitled$/);
    const qt6ct = await titled(/^Qt6 Configuration Tool$/);
    // qt6ct takes the focus first: the keys must still land in FeatherPad, and only there.
    const focused = await live.client.call(`${qt6ct.id}__focus`);
    expect(focused.isError, JSON.stringify(focused.structuredContent)).toBeFalsy();
    const typed = 'Keys via XWayland: "Qt" (#5) ~^&*_+{}|:<>?';
    const call = async (tool: string, args: Record<string, unknown>) => {
      const result = await live.client.call(`${featherpad.id}__${tool}`, args);
      expect(result.isError, `${tool} ${JSON.stringify(result.structuredContent)}`).toBeFalsy();
    };
    await call('type_text', { text: `x${typed}` });
    await call('press_keys', { keys: ['Home', 'Delete', 'End', 'Return'] });
    await call('type_text', { text: 'done' });
    const expected = JSON.stringify(`${typed}\ndone`).slice(1, -1);
    const shown = await waitFor(async () => {
      const json = JSON.stringify((await snapshot()).windows.find((w) => w.id === featherpad.id));
      return json.includes(expected) ? json : undefined;
    }, 10_000);
    expect(shown).not.toContain(`x${typed}`);
    expect(JSON.stringify((await snapshot()).windows.find((w) => w.id === qt6ct.id))).not.toContain('Keys via XWayland');
  });

  it('selects in a Qt 6 combo box (no Selection interface) through the virtual pointer and keys', async () => {
    const qt6ct = await titled(/^Qt6 Configuration Tool$/);
    const previewOf = async () => {
      const w = (await snapshot()).windows.find((x) => x.id === qt6ct.id);
      const fields = w?.blocks.find((b) => b.type === 'fields') as { items: Array<{ label: string; value: unknown }> } | undefined;
      return fields?.items.find((i) => i.label === 'Preview')?.value;
    };
    for (const option of ['Inactive palette', 'Active palette']) {
      const result = await live.client.call(`${qt6ct.id}__select`, { field: 'Preview', option });
      expect(result.isError, `${option}: ${JSON.stringify(result.structuredContent)}`).toBeFalsy();
      expect(await waitFor(async () => ((await previewOf()) === option ? option : null), 10_000)).toBe(option);
    }
  });

  it('presses GTK3 controls without an accessible action by a pointer click on their centre (native window)', async () => {
    // Started here and waited for: sway focuses a window when it maps, so one mapping late (a
    // loaded machine) would take the focus from under the keys test above (measured).
    await live.desktop.launch('/usr/bin/python3', [CLICK_TARGETS]);
    const targets = await titled(/^Click targets$/);
    const said = async () => JSON.stringify((await snapshot()).windows.find((w) => w.id === targets.id)).match(/Clicked: [\w ]+/)?.[0];
    for (const cell of ['Cell 6', 'Cell 16', 'Cell 1']) {
      const result = await live.client.call(`${targets.id}__press`, { button: cell });
      expect(result.isError, `${cell}: ${JSON.stringify(result.structuredContent)}`).toBeFalsy();
      expect(await waitFor(async () => ((await said()) === `Clicked: ${cell}` ? cell : null), 10_000)).toBe(cell);
    }
  });
});
