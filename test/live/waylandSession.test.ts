/**
 * Live: a private headless Wayland desktop (sway, headless backend, pixman) with native
 * GTK3 and GTK4 apps and an XWayland client, served by the real CLI as the desktop's user to a
 * real SDK client. Checked against sway's own view (swaymsg, an independent client): every window
 * listed exactly once with the compositor's title (also one without accessibility, served
 * window-only); dialog owners inferred on Wayland (two windows
 * of one app opening same-titled modals); keys through the virtual keyboard (wtype); screenshots
 * through screencopy (grim).
 */
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Snapshot } from '../../src/protocol/schemas.js';
import { structured } from '../helpers/demoServer.js';
import { waitFor } from './helpers/desktop.js';
import { openWaylandBridge, waylandStack, type WaylandBridge } from './helpers/waylandStack.js';
import { editedText, editingSteps } from './helpers/editingSteps.js';

const stack = waylandStack(['gnome-calculator', 'gedit', 'xterm', 'swaymsg', 'wtype', 'grim', '/usr/bin/python3']);
const TWO_WINDOWS = join(import.meta.dirname, 'fixtures', 'two_windows.py');

interface SwayView {
  name: string;
  pid: number;
  shell: string;
  rect: { width: number; height: number };
}

function swayViews(live: WaylandBridge): SwayView[] {
  const tree = JSON.parse(execFileSync('swaymsg', ['-s', live.desktop.env.SWAYSOCK ?? '', '-t', 'get_tree', '-r'], { encoding: 'utf8' })) as unknown;
  const views: SwayView[] = [];
  const walk = (node: Record<string, unknown>) => {
    if (typeof node.pid === 'number') views.push(node as unknown as SwayView);
    for (const child of [...((node.nodes as Record<string, unknown>[]) ?? []), ...((node.floating_nodes as Record<string, unknown>[]) ?? [])]) walk(child);
  };
  walk(tree as Record<string, unknown>);
  return views;
}

describe.skipIf(stack.skip)('Wayland session (sway)', () => {
  let live: WaylandBridge;
  const snapshot = (): Promise<Snapshot> => live.client.snapshot();
  const titled = (title: RegExp) => waitFor(async () => (await snapshot()).windows.find((w) => title.test(w.title)), 20_000);

  beforeAll(async () => {
    live = await openWaylandBridge(['gnome-calculator', 'gedit', 'xterm'], ['--screenshots']);
    await live.desktop.launch('/usr/bin/python3', [TWO_WINDOWS]);
    // A native window without accessibility (GTK's AT-SPI bridge off): only the compositor knows it.
    await live.desktop.launch('/usr/bin/env', ['NO_AT_BRIDGE=1', 'zenity', '--info', '--title=No accessibility', '--text=Hello']);
    await titled(/^Beta window$/);
    await titled(/^No accessibility$/);
  }, 120_000);

  afterAll(async () => {
    await live?.close();
  }, 60_000);

  it('lists each native and XWayland window exactly once, with the compositor’s titles', async () => {
    const views = swayViews(live);
    expect(views.map((v) => v.shell).sort()).toEqual(['xdg_shell', 'xdg_shell', 'xdg_shell', 'xdg_shell', 'xdg_shell', 'xwayland']);
    const windows = await waitFor(async () => {
      const all = (await snapshot()).windows;
      return all.length === views.length ? all : null;
    });
    expect(windows.map((w) => w.title).sort()).toEqual(views.map((v) => v.name).sort());
    // The XWayland client came through X11 (window-only: xterm has no AT-SPI), the others through AT-SPI.
    expect(windows.find((w) => w.title === 'xterm')?.summary).toMatch(/cannot be read/);
    expect(windows.find((w) => w.title === 'Calculator')?.summary).toMatch(/^Calculator/);
  });

  it('serves a native window without accessibility window-only, from the compositor: title, screenshot, key tools, close', async () => {
    const window = await titled(/^No accessibility$/);
    expect(window.summary).toMatch(/cannot be read/);
    expect(window.blocks.some((b) => b.type === 'media')).toBe(true);
    expect(await live.client.toolNames()).toEqual(expect.arrayContaining([`${window.id}__press_keys`, `${window.id}__type_text`, `${window.id}__close`]));
    // Closing goes through the compositor's foreign-toplevel `close`: the window goes, as sway confirms.
    expect((await live.client.call(`${window.id}__close`)).isError).toBeFalsy();
    await waitFor(async () => !(await snapshot()).windows.some((w) => w.title === 'No accessibility'), 10_000);
    expect(swayViews(live).some((v) => v.name === 'No accessibility')).toBe(false);
  });

  it('infers the owner of same-titled modals of one app from the window that opened them', async () => {
    const outcomes: boolean[] = [];
    // With and without bringing the opener forward first: pressing a button in a window that
    // does not have the focus still opens the dialog from that window (sway 1.7 sends no
    // foreign-toplevel parent, so this is owners.ts rule 2 alone).
    const trials = [
      { name: 'Beta window', activate: true },
      { name: 'Alpha window', activate: false },
      { name: 'Beta window', activate: false },
      { name: 'Alpha window', activate: true },
    ];
    for (const { name, activate } of trials) {
      const opener = await titled(new RegExp(`^${name}$`));
      if (activate) expect((await live.client.call(`${opener.id}__focus`)).isError).toBeFalsy();
      const pressed = await live.client.call(`${opener.id}__press`, { button: 'Open settings' });
      expect(pressed.isError).toBeFalsy();
      const dialog = await titled(/^Settings$/);
      const now = await snapshot();
      outcomes.push(dialog.ownerId === opener.id);
      expect(dialog).toMatchObject({ modal: true, ownerId: opener.id });
      // The modal blocks its owner only (P-OPER-1): the other window of the app stays operable.
      expect(now.operableWindowIds).toContain(dialog.id);
      expect(now.operableWindowIds).not.toContain(opener.id);
      expect(structured(await live.client.call(`${dialog.id}__press`, { button: 'Close' }))).not.toHaveProperty('code');
      await waitFor(async () => !(await snapshot()).windows.some((w) => w.title === 'Settings'));
    }
    expect(outcomes).toEqual([true, true, true, true]);
  });

  it('presses keys through the compositor’s virtual keyboard', async () => {
    const calculator = await titled(/^Calculator$/);
    const tools = await live.client.toolNames();
    expect(tools).toContain(`${calculator.id}__press_keys`);
    const pressed = await live.client.call(`${calculator.id}__press_keys`, { keys: ['Escape', '6', '*', '7', 'Return'] });
    expect(pressed.isError).toBeFalsy();
    await waitFor(async () => ((await titled(/^Calculator$/)).summary ?? '').includes('42'), 10_000);
  });

  it('types into a GTK3 app (gedit): text, shifted punctuation, editing keys, chords, and a character outside the US layout', async () => {
    const gedit = await titled(/gedit$/);
    expect(await live.client.toolNames()).toEqual(expect.arrayContaining([`${gedit.id}__press_keys`, `${gedit.id}__type_text`]));
    const typed = 'Hi, "Wayland"! (#1) ~^&*_+{}|:<>?';
    const text = async () => JSON.stringify((await snapshot()).windows.find((w) => w.id === gedit.id));
    const call = async (tool: string, args: Record<string, unknown>) => expect((await live.client.call(`${gedit.id}__${tool}`, args)).isError).toBeFalsy();
    // "é" is outside the US layout: wtype types it with a keymap of its own (first, so that no
    // editing key of ours is still queued when its keymap lands: keyboard.ts, known limit).
    await call('type_text', { text: 'café' });
    await waitFor(async () => (await text()).includes('café'), 10_000);
    // GTK3 key bindings (ctrl+a, BackSpace, Home, End) need the full keymap of our virtual keyboard.
    const steps = editingSteps(typed);
    for (const [tool, args] of steps) await call(tool, args);
    const expected = editedText(typed);
    const shown = await waitFor(async () => {
      const json = await text();
      return json.includes(expected) ? json : undefined;
    }, 10_000);
    expect(shown).not.toContain('café');
  });

  it('captures windows through screencopy: a PNG of the window’s size', async () => {
    const calculator = await titled(/^Calculator$/);
    const media = calculator.blocks.find((b) => b.type === 'media') as { url: string } | undefined;
    expect(media?.url).toMatch(/^file:\/\//);
    const png = readFileSync(fileURLToPath(media?.url ?? ''));
    expect(png.subarray(1, 4).toString()).toBe('PNG');
    const view = swayViews(live).find((v) => v.name === 'Calculator');
    expect({ width: png.readUInt32BE(16), height: png.readUInt32BE(20) }).toEqual({ width: view?.rect.width, height: view?.rect.height });
  });
});
