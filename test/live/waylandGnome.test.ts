/**
 * Live (GNOME): a private headless mutter 43 desktop (`--headless --wayland --no-x11`)
 * with gedit (GTK3) and gnome-calculator (GTK4) as native Wayland clients, served by the real CLI as the desktop's user to a real
 * SDK client. mutter publishes no window list: windows and focus come from AT-SPI, the Save As
 * dialog's owner is inferred (owners.ts), and keys go through org.gnome.Mutter.RemoteDesktop.
 * Every key assertion is on gedit's document as the snapshot reads it back. One desktop.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { descendantsOf, isRunning } from '../../src/platform/linux/desktop/processes.js';
import type { Snapshot } from '../../src/protocol/schemas.js';
import { structured } from '../helpers/demoServer.js';
import { waitFor } from './helpers/desktop.js';
import { openWaylandBridge, waylandStack, type WaylandBridge } from './helpers/waylandStack.js';
import { editedText, editingSteps } from './helpers/editingSteps.js';

const stack = waylandStack(['gedit', 'zenity', 'gnome-calculator'], 'mutter');

describe.skipIf(stack.skip)('Wayland session (GNOME: mutter headless)', () => {
  let live: WaylandBridge;
  const snapshot = (): Promise<Snapshot> => live.client.snapshot();
  const titled = (title: RegExp) => waitFor(async () => (await snapshot()).windows.find((w) => title.test(w.title)), 20_000);

  beforeAll(async () => {
    live = await openWaylandBridge(['gedit'], [], 'mutter');
  }, 120_000);

  afterAll(async () => {
    await live?.close();
  }, 60_000);

  it('brings up mutter, the buses and the held keyboard as the desktop account, with a Wayland environment', () => {
    const { state, env } = live.desktop;
    expect(state.wayland?.compositor).toBe('mutter');
    expect(state.processes.map((p) => p.name)).toEqual(expect.arrayContaining(['dbus-session', 'dbus-a11y', 'at-spi2-registryd', 'mutter', 'seat-keyboard']));
    expect(env).toMatchObject({ WAYLAND_DISPLAY: 'wayland-0', XDG_SESSION_TYPE: 'wayland', XDG_CURRENT_DESKTOP: 'GNOME' });
    expect(env.SWAYSOCK).toBeUndefined();
    expect(env.DISPLAY).toBeUndefined();
  });

  it('lists gedit from AT-SPI (no compositor window list) and offers key tools through RemoteDesktop', async () => {
    const gedit = await titled(/ - gedit$/);
    expect((await snapshot()).windows).toHaveLength(1);
    expect(await live.client.toolNames()).toEqual(expect.arrayContaining([`${gedit.id}__press_keys`, `${gedit.id}__type_text`]));
    // No screenshots without a screenshot interface mutter allows us (docs/wayland.md).
    expect(gedit.blocks.some((b) => b.type === 'media')).toBe(false);
  });

  it('types into gedit: text with shifted punctuation, editing keys and chords; refuses what the layout lacks', async () => {
    const gedit = await titled(/ - gedit$/);
    const typed = 'Hi, "GNOME"! (#1) ~^&*_+{}|:<>?';
    const text = async () => JSON.stringify((await snapshot()).windows.find((w) => w.id === gedit.id));
    const call = async (tool: string, args: Record<string, unknown>) => {
      const result = await live.client.call(`${gedit.id}__${tool}`, args);
      expect(result.isError, JSON.stringify(result.structuredContent)).toBeFalsy();
    };
    // mutter focuses gedit once its window maps, which may follow its registration: the first
    // key is retried until accepted (a refused one presses nothing), then cleared with the rest.
    await waitFor(async () => ((await live.client.call(`${gedit.id}__type_text`, { text: 'x' })).isError ? undefined : true), 10_000);
    const steps = editingSteps(typed);
    for (const [tool, args] of steps) await call(tool, args);
    const expected = editedText(typed);
    await waitFor(async () => ((await text()).includes(expected) ? true : undefined), 10_000);
    // mutter drops a keysym its keymap lacks: refused before anything is pressed, not typed half.
    const refused = structured(await live.client.call(`${gedit.id}__type_text`, { text: 'ab café' }));
    expect(refused).toMatchObject({ code: 'action_not_available', message: expect.stringMatching(/not on the compositor's keyboard layout/) });
    expect(await text()).toContain(expected);
    expect(await text()).not.toContain('ab caf');
  });

  it('opens Save As with a key chord: a modal owned by gedit (inferred), closed with Escape', async () => {
    const gedit = await titled(/ - gedit$/);
    const opened = await live.client.call(`${gedit.id}__press_keys`, { keys: ['ctrl+shift+s'] });
    expect(opened.isError, JSON.stringify(opened.structuredContent)).toBeFalsy();
    const dialog = await titled(/^Save As/);
    expect(dialog).toMatchObject({ modal: true, ownerId: gedit.id });
    expect((await snapshot()).operableWindowIds).not.toContain(gedit.id);
    // The dialog gets the focus when mutter maps it, which may follow its listing: the probe waits
    // for that focus (gainsFocus) instead of refusing keys meant for a window that just opened.
    const escaped = await live.client.call(`${dialog.id}__press_keys`, { keys: ['Escape'] });
    expect(escaped.isError, JSON.stringify(escaped.structuredContent)).toBeFalsy();
    await waitFor(async () => ((await snapshot()).operableWindowIds.includes(gedit.id) ? true : undefined), 10_000);
    expect((await snapshot()).windows.map((w) => w.title)).not.toContainEqual(expect.stringMatching(/^Save As/));
  });

  it('refuses keys for a window without the focus (nothing can bring it forward), instead of typing into another', async () => {
    const gedit = await titled(/ - gedit$/);
    await live.desktop.launch('zenity', ['--info', '--title=Focus thief', '--text=Hello']);
    const thief = await titled(/^Focus thief$/);
    // mutter focuses the new window once it maps, which may follow its listing: a Shift tap (harmless
    // in gedit) is tried until it is refused; then text is refused the same way.
    await waitFor(async () => (structured(await live.client.call(`${gedit.id}__press_keys`, { keys: ['Shift_L'] })).code ? true : undefined), 10_000);
    const refused = structured(await live.client.call(`${gedit.id}__type_text`, { text: 'lost' }));
    expect(refused).toMatchObject({ code: 'action_not_available', message: expect.stringMatching(/does not have the focus/) });
    // The new window has the focus: keys for it go through (Return presses its OK button).
    const closed = await live.client.call(`${thief.id}__press_keys`, { keys: ['Return'] });
    expect(closed.isError, JSON.stringify(closed.structuredContent)).toBeFalsy();
    await waitFor(async () => (!(await snapshot()).windows.some((w) => w.title === 'Focus thief') ? true : undefined), 10_000);
    expect(JSON.stringify((await snapshot()).windows.find((w) => w.id === gedit.id))).not.toContain('lost');
  });

  it('presses keys into a GTK4 app (gnome-calculator) once mutter has focused it', async () => {
    await live.desktop.launch('gnome-calculator');
    const calculator = await titled(/^Calculator$/);
    await waitFor(async () => ((await live.client.call(`${calculator.id}__press_keys`, { keys: ['Escape'] })).isError ? undefined : true), 10_000);
    const pressed = await live.client.call(`${calculator.id}__press_keys`, { keys: ['6', '*', '7', 'Return'] });
    expect(pressed.isError, JSON.stringify(pressed.structuredContent)).toBeFalsy();
    await waitFor(async () => (((await titled(/^Calculator$/)).summary ?? '').includes('42') ? true : undefined), 10_000);
  });

  it('stops everything it started, by pid', async () => {
    const { state } = live.desktop;
    const started = state.processes.flatMap((p) => [p.pid, ...descendantsOf(p.pid)]);
    await live.close();
    expect(started.filter((pid) => isRunning(pid))).toEqual([]);
  });
});
