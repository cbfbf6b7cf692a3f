/**
 * X11 half of the Linux probe on a live private desktop (gnome-calculator, gedit, a zenity modal
 * attached to the calculator): X11 connect + window listing, XTEST typing of 45 characters incl.
 * all shifted punctuation (read back once through pyatspi), and PNG capture per window.
 *   npx tsx bench/linux-x11.ts        (BENCH_ITERATIONS=50 by default)
 */
import { fileURLToPath } from 'node:url';
import { execFileSync } from 'node:child_process';
import { WindowCapturer } from '../src/platform/linux/capture/index.js';
import { desktopProcessEnv, startDesktop, type Desktop } from '../src/platform/linux/desktop/index.js';
import { XTestInput } from '../src/platform/linux/input/index.js';
import { activateWindow, listWindows, X11Connection, type X11Window } from '../src/platform/linux/x11/index.js';
import { ms, table, time } from './stats.js';

const ITERATIONS = Number(process.env.BENCH_ITERATIONS ?? 50);
const TEXT = 'XTEST: Hello World 123! ~`@#$%^&*()_+{}|:"<>?';
const PYATSPI = fileURLToPath(new URL('../test/live/helpers/atspi_probe.py', import.meta.url));

async function waitForWindows(conn: X11Connection, count: number): Promise<X11Window[]> {
  for (let i = 0; i < 300; i++) {
    const windows = await listWindows(conn);
    if (windows.length >= count) return windows;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`expected ${count} windows`);
}

async function benchListing(desktop: Desktop, windows: number): Promise<Array<Record<string, string | number>>> {
  const connect = await time(async () => (await X11Connection.open(desktop.display)).close(), ITERATIONS, 3);
  const conn = await X11Connection.open(desktop.display);
  const list = await time(() => listWindows(conn), ITERATIONS, 5);
  await conn.close();
  const cold = await time(
    async () => {
      const fresh = await X11Connection.open(desktop.display);
      await listWindows(fresh);
      await fresh.close();
    },
    ITERATIONS,
    3,
  );
  return [
    { measure: 'X11 connect', windows, median: ms(connect.median), p99: ms(connect.p99) },
    { measure: 'list windows (warm connection)', windows, median: ms(list.median), p99: ms(list.p99) },
    { measure: 'connect + list (cold)', windows, median: ms(cold.median), p99: ms(cold.p99) },
  ];
}

async function benchTyping(desktop: Desktop, conn: X11Connection, gedit: X11Window): Promise<Record<string, string | number>> {
  const input = await XTestInput.open(conn);
  await activateWindow(conn, gedit.xid);
  const typing = await time(
    async () => {
      await input.pressKeys(['ctrl+a', 'BackSpace']);
      await input.typeText(TEXT);
    },
    Math.min(ITERATIONS, 30),
    2,
  );
  // The app consumes the keys after we return (dozens of runs queue up): wait until it has
  // caught up, and check that the final text is exact.
  const exact = await readBack(desktop, gedit, 20_000);
  await input.close();
  return {
    measure: `XTEST type ${TEXT.length} chars (+ ctrl+a, BackSpace)`,
    windows: 1,
    median: ms(typing.median),
    p99: `${ms(typing.p99)}; readback ${exact ? 'exact' : 'DIFFERS'}`,
  };
}

/** Polls the focused text through pyatspi until it equals TEXT. */
async function readBack(desktop: Desktop, gedit: X11Window, timeoutMs: number): Promise<boolean> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const out = JSON.parse(
      execFileSync('/usr/bin/python3', [PYATSPI, 'focused-text', String(gedit.pid)], { env: desktopProcessEnv(desktop.env) }).toString(),
    ) as { text?: string };
    if (out.text === TEXT) return true;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return false;
}

async function benchCapture(conn: X11Connection, windows: X11Window[]): Promise<Array<Record<string, string | number>>> {
  const capturer = await WindowCapturer.open(conn);
  await new Promise((resolve) => setTimeout(resolve, 500)); // apps repaint into their pixmaps
  const rows: Array<Record<string, string | number>> = [];
  for (const window of windows) {
    const shot = await capturer.captureWindow(window.xid);
    const took = await time(() => capturer.captureWindow(window.xid), Math.min(ITERATIONS, 20), 2);
    rows.push({
      measure: `capture ${JSON.stringify(window.title)} ${shot.width}x${shot.height} → ${shot.png.length} B PNG`,
      windows: 1,
      median: ms(took.median),
      p99: ms(took.p99),
    });
  }
  capturer.release();
  return rows;
}

const upStarted = performance.now();
const desktop = await startDesktop({ apps: ['gnome-calculator', 'gedit'] });
const upMs = performance.now() - upStarted;
const conn = await X11Connection.open(desktop.display);
try {
  const calculator = (await listWindows(conn)).find((w) => w.title === 'Calculator');
  if (!calculator) throw new Error('no calculator window');
  await desktop.launch('zenity', ['--question', '--modal', `--attach=${calculator.xid}`, '--title=Modal question', '--text=Proceed?']);
  const windows = await waitForWindows(conn, 3);
  const gedit = windows.find((w) => w.title.endsWith('gedit'));
  if (!gedit) throw new Error('no gedit window');
  const rows = [
    { measure: 'desktop up (Xvfb, buses, openbox, calculator + gedit windows)', windows: 2, median: ms(upMs), p99: '-' },
    ...(await benchListing(desktop, windows.length)),
    await benchTyping(desktop, conn, gedit),
    ...(await benchCapture(conn, windows)),
  ];
  console.log(table(rows));
} finally {
  await conn.close();
  const downStarted = performance.now();
  await desktop.stop();
  console.log(`desktop down: ${ms(performance.now() - downStarted)}`);
}
