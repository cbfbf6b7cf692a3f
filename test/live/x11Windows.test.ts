/**
 * Live: real gnome-calculator (GTK4), gedit (GTK3) and a zenity modal attached to the calculator
 * (an owner in another process) on a private headless desktop. Our X11 listing is checked
 * against xprop/xwininfo; activate, close, the change feed and capture act on the real windows.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isRunning } from '../../src/platform/linux/desktop/processes.js';
import { WindowCapturer } from '../../src/platform/linux/capture/index.js';
import {
  activateWindow,
  closeWindow,
  listWindows,
  queryClientPid,
  readWindow,
  X11Connection,
  X11Watcher,
  type X11Change,
  type X11Window,
} from '../../src/platform/linux/x11/index.js';
import { decodePng } from '../platform/linux/capture/decodePng.js';
import { displayStack, useDesktop, waitFor } from './helpers/desktop.js';
import { xpropRoot, xpropWindow, xwininfo } from './helpers/xprop.js';

const stack = displayStack(['gnome-calculator', 'gedit', 'zenity', 'xprop', 'xwininfo']);

describe.skipIf(stack.skip)('X11 windows on a live desktop', () => {
  const live = useDesktop({ apps: ['gnome-calculator', 'gedit'] });
  let conn: X11Connection;
  let zenityPid: number;
  const changes: X11Change[] = [];
  let watcher: X11Watcher;

  const windowTitled = async (title: RegExp): Promise<X11Window> => waitFor(async () => (await listWindows(conn)).find((w) => title.test(w.title)), 20_000);

  beforeAll(async () => {
    conn = await X11Connection.open(live.desktop.display);
    watcher = await X11Watcher.start(conn, (change) => changes.push(change));
    const calculator = await windowTitled(/^Calculator$/);
    const zenity = await live.desktop.launch('zenity', ['--question', '--modal', `--attach=${calculator.xid}`, '--title=Modal question', '--text=Proceed?']);
    zenityPid = zenity.pid;
    await windowTitled(/^Modal question$/);
  }, 60_000);

  afterAll(async () => {
    watcher?.stop();
    await conn?.close();
  });

  it('lists exactly the clients xprop lists, with the same titles, classes, pids, owners, states and types', async () => {
    const windows = await listWindows(conn);
    expect(windows.map((w) => w.nativeId).sort()).toEqual(
      xpropRoot(live.desktop)
        .clients.map((id) => `0x${Number(id).toString(16)}`)
        .sort(),
    );
    for (const window of windows) {
      const truth = xpropWindow(live.desktop, window.nativeId);
      expect({
        title: window.title,
        wmClass: window.wmClass,
        pid: window.pid,
        owner: window.ownerNativeId,
        states: window.states,
        types: window.windowTypes,
      }).toEqual({
        title: truth.netWmName,
        wmClass: { instance: truth.wmClass[0], className: truth.wmClass[1] },
        pid: truth.pid,
        owner: truth.transientFor === null ? null : `0x${Number(truth.transientFor).toString(16)}`,
        states: truth.states,
        types: truth.types,
      });
      expect(window.bounds).toEqual(xwininfo(live.desktop, window.nativeId));
      // The X server's view of the client socket (used when _NET_WM_PID is missing) agrees.
      expect(await queryClientPid(conn, window.xid)).toBe(truth.pid);
    }
  });

  it('sees the modal owned by a window of another process', async () => {
    const windows = await listWindows(conn);
    const calculator = windows.find((w) => w.title === 'Calculator')!;
    const modal = windows.find((w) => w.title === 'Modal question')!;
    expect(modal).toMatchObject({ pid: zenityPid, modal: true, windowType: 'dialog', ownerNativeId: calculator.nativeId, wmClass: { className: 'Zenity' } });
    expect(modal.pid).not.toBe(calculator.pid);
    expect(calculator).toMatchObject({ modal: false, windowType: 'normal', ownerNativeId: null, gtkApplicationId: 'org.gnome.Calculator' });
    const gedit = windows.find((w) => w.title.endsWith('gedit'))!;
    expect(gedit).toMatchObject({ gtkApplicationId: 'org.gnome.gedit', wmClass: { instance: 'gedit', className: 'Gedit' }, pidSource: 'net_wm_pid' });
  });

  it('activates windows through the window manager, as xprop confirms, and the feed reports it', async () => {
    const windows = await listWindows(conn);
    const gedit = windows.find((w) => w.title.endsWith('gedit'))!;
    const modal = windows.find((w) => w.title === 'Modal question')!;
    for (const target of [gedit, modal, gedit]) {
      const before = changes.length;
      const wasActive = xpropRoot(live.desktop).active === target.nativeId;
      expect(await activateWindow(conn, target.xid)).toEqual({ active: target.xid, activated: true });
      expect(xpropRoot(live.desktop).active).toBe(target.nativeId);
      expect((await listWindows(conn)).find((w) => w.xid === target.xid)?.active).toBe(true);
      if (!wasActive) await waitFor(() => changes.slice(before).some((c) => c.kind === 'active-window' && c.xid === target.xid), 5000);
    }
  });

  it('captures a real window as a PNG of its size with real content', async () => {
    const capturer = await WindowCapturer.open(conn);
    try {
      const calculator = (await listWindows(conn)).find((w) => w.title === 'Calculator')!;
      // Redirection just started: the app repaints into its pixmap on the next frame.
      const shot = await waitFor(async () => {
        const png = decodePng((await capturer.captureWindow(calculator.xid)).png);
        return distinctColours(png.pixels) > 8 ? png : null;
      }, 10_000);
      expect({ width: shot.width, height: shot.height }).toEqual({ width: calculator.bounds.width, height: calculator.bounds.height });
      const screen = decodePng((await capturer.captureScreen()).png);
      expect({ width: screen.width, height: screen.height }).toEqual({ width: 1280, height: 1024 });

      // A covered window still captures as itself (its pixmap, not what lies on top of it).
      const windows = await listWindows(conn);
      const modal = windows.find((w) => w.title === 'Modal question')!;
      const gedit = windows.find((w) => w.title.endsWith('gedit'))!;
      expect(overlaps(modal.bounds, gedit.bounds)).toBe(true);
      await activateWindow(conn, modal.xid);
      const onTop = await waitFor(async () => {
        const png = decodePng((await capturer.captureWindow(modal.xid)).png);
        return distinctColours(png.pixels) > 8 ? png : null;
      }, 10_000);
      await activateWindow(conn, gedit.xid);
      expect((await listWindows(conn)).find((w) => w.xid === gedit.xid)!.stackIndex).toBeGreaterThan(
        (await listWindows(conn)).find((w) => w.xid === modal.xid)!.stackIndex,
      );
      await new Promise((resolve) => setTimeout(resolve, 300)); // both apps repaint (focus styling)
      const covered = decodePng((await capturer.captureWindow(modal.xid)).png);
      const shown = crop(decodePng((await capturer.captureScreen()).png), modal.bounds);
      // Itself, up to focus styling; not the gedit pixels the screen shows there.
      expect(agreement(covered.pixels, onTop.pixels)).toBeGreaterThan(0.9);
      expect(agreement(covered.pixels, shown)).toBeLessThan(0.5);
    } finally {
      capturer.release();
    }
  });

  it('closes a window through the window manager; the feed reports it and the app exits', async () => {
    const modal = (await listWindows(conn)).find((w) => w.title === 'Modal question')!;
    const before = changes.length;
    await closeWindow(conn, modal.xid);
    await waitFor(async () => !(await listWindows(conn)).some((w) => w.xid === modal.xid), 10_000);
    expect(xpropRoot(live.desktop).clients.map((id) => Number(id))).not.toContain(modal.xid);
    await waitFor(() => changes.slice(before).some((c) => c.kind === 'client-list'), 5000);
    await waitFor(() => changes.slice(before).some((c) => c.kind === 'window-destroyed' && c.xid === modal.xid), 5000);
    await waitFor(() => !isRunning(zenityPid), 10_000);
  });

  it('reports a new window of a new process through the client list, and survives vanished windows', async () => {
    const before = changes.length;
    const info = await live.desktop.launch('zenity', ['--info', '--title=Feed probe', '--text=new window']);
    const window = await windowTitled(/^Feed probe$/);
    await waitFor(() => changes.slice(before).some((c) => c.kind === 'client-list'), 5000);
    expect(watcherWatches(window.xid)).toBe(true);
    await info.kill();
    await waitFor(async () => !(await listWindows(conn)).some((w) => w.xid === window.xid), 10_000);
    // Queries about a window that is gone are values, not crashes.
    await expect(activateWindow(conn, window.xid)).rejects.toMatchObject({ code: 'gone' });
    await expect(closeWindow(conn, window.xid)).rejects.toMatchObject({ code: 'gone' });
    expect((await listWindows(conn)).length).toBeGreaterThanOrEqual(2);
  });

  it('keeps listing while windows vanish mid-query (BadWindow is a value, never a crash)', async () => {
    const apps = await Promise.all([1, 2, 3, 4].map((n) => live.desktop.launch('zenity', ['--info', `--title=Vanishing ${n}`, '--text=bye'])));
    await waitFor(async () => (await listWindows(conn)).filter((w) => w.title.startsWith('Vanishing')).length === 4, 20_000);
    const stable = (await listWindows(conn)).filter((w) => !w.title.startsWith('Vanishing')).map((w) => w.nativeId);
    const vanished = (await listWindows(conn)).filter((w) => w.title.startsWith('Vanishing'));
    const killing = Promise.all(apps.map((app) => app.kill()));
    for (let round = 0; round < 40; round++) {
      const ids = (await listWindows(conn)).map((w) => w.nativeId);
      for (const id of stable) expect(ids).toContain(id);
    }
    await killing;
    await waitFor(async () => !(await listWindows(conn)).some((w) => w.title.startsWith('Vanishing')), 10_000);
    for (const window of vanished) expect(await readWindow(conn, window.xid)).toBeNull();
  });

  function watcherWatches(xid: number): boolean {
    return watcher.windows.includes(xid);
  }
});

function distinctColours(pixels: Buffer): number {
  const colours = new Set<number>();
  for (let i = 0; i + 2 < pixels.length && colours.size < 100; i += 3)
    colours.add(((pixels[i] ?? 0) << 16) | ((pixels[i + 1] ?? 0) << 8) | (pixels[i + 2] ?? 0));
  return colours.size;
}

function overlaps(a: { x: number; y: number; width: number; height: number }, b: { x: number; y: number; width: number; height: number }): boolean {
  return a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;
}

/** Share of pixels that are identical in two RGB buffers of the same size. */
function agreement(a: Buffer, b: Buffer): number {
  let same = 0;
  for (let i = 0; i + 2 < a.length; i += 3) if (a[i] === b[i] && a[i + 1] === b[i + 1] && a[i + 2] === b[i + 2]) same++;
  return same / (a.length / 3);
}

/** The RGB pixels of `rect` in a decoded screen capture. */
function crop(screen: { width: number; pixels: Buffer }, rect: { x: number; y: number; width: number; height: number }): Buffer {
  const rows: Buffer[] = [];
  for (let y = rect.y; y < rect.y + rect.height; y++)
    rows.push(screen.pixels.subarray((y * screen.width + rect.x) * 3, (y * screen.width + rect.x + rect.width) * 3));
  return Buffer.concat(rows);
}
