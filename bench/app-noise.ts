/**
 * What an application prints on its own, and what it prints while the bridge serves it: the same
 * keyboard-only task (AbiWord: Save As by its shortcut, a path typed, Return) on a fresh private
 * desktop per run, once with no AT-SPI client at all and once with the bridge reading every
 * window as it serves, with CPU hogs beside it (a loaded machine is where the difference shows).
 * Prints, per mode, how many runs printed GLib criticals or warnings, and which. A message the
 * bare app prints too is the app's own (test/live/helpers/appLogs.ts lists those); one printed
 * only while served is harm to find.
 * BENCH_TASK=about runs Help › About instead, opened by its mnemonics and closed through the
 * window manager, twice per run.
 *   npx tsx bench/app-noise.ts        (BENCH_ROUNDS=6, BENCH_HOGS=2, BENCH_TASK=save-as by default)
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Bridge } from '../src/bridge/bridge.js';
import { openDesktop, type DesktopHandle } from '../src/platform/linux/desktop/index.js';
import { XTestInput } from '../src/platform/linux/input/index.js';
import { openLinuxProbe } from '../src/platform/linux/probe.js';
import { activateWindow, closeWindow, listWindows, X11Connection } from '../src/platform/linux/x11/index.js';
import { silentLogger } from '../src/util/logger.js';
import { registry } from '../translators/index.js';
import { appComplaints, DESKTOP_MESSAGES } from '../test/live/helpers/appLogs.js';
import { waitFor } from '../test/live/helpers/desktop.js';

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 6);
const HOGS = Number(process.env.BENCH_HOGS ?? 2);
/** save-as (the default), or about: Help › About opened and closed twice. */
const TASK = process.env.BENCH_TASK === 'about' ? 'about' : 'save-as';
const APP = 'abiword';
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

type Mode = 'keyboard only' | 'keyboard, bridge serving';

/** One run: a fresh desktop, the task by keyboard, the app's complaints. */
async function run(mode: Mode, scratch: string, index: number): Promise<{ done: boolean; complaints: string[] }> {
  const desktop: DesktopHandle = await openDesktop({ apps: [APP] });
  let bridge: Bridge | null = null;
  const conn = await X11Connection.open(desktop.env.DISPLAY as string);
  const input = await XTestInput.open(conn);
  try {
    if (mode !== 'keyboard only') {
      const probe = await openLinuxProbe({ env: desktop.env });
      bridge = await Bridge.start({ probe, registry, log: silentLogger, appToolNaming: 'per-app' });
    }
    const main = await waitFor(async () => (await listWindows(conn)).find((w) => /^Untitled/.test(w.title)), 30_000);
    await sleep(2000);
    const done = TASK === 'about' ? await aboutTwice(conn, input, main.xid) : await saveAs(conn, input, main.xid, join(scratch, `run-${index}.abw`));
    await sleep(1000);
    const complaints = appComplaints(desktop, DESKTOP_MESSAGES, {}).map((c) => `${c.kind}: ${c.message}`);
    return { done, complaints };
  } finally {
    await input.close();
    await conn.close();
    await bridge?.close().catch(() => undefined);
    await desktop.stop();
  }
}

/** Save As by its shortcut, a path typed, Return; done when the file is on disk. */
async function saveAs(conn: X11Connection, input: XTestInput, xid: number, path: string): Promise<boolean> {
  await activateWindow(conn, xid);
  await input.pressKeys(['ctrl+shift+s']);
  await sleep(3000);
  await input.typeText(path);
  await sleep(500);
  await input.pressKeys(['Return']);
  return waitFor(() => existsSync(path), 10_000).catch(() => false);
}

/** Help › About by its mnemonics, the dialog closed through the window manager, twice; done when both closed. */
async function aboutTwice(conn: X11Connection, input: XTestInput, xid: number): Promise<boolean> {
  for (let i = 0; i < 2; i++) {
    await activateWindow(conn, xid);
    await input.pressKeys(['alt+h']);
    await sleep(500);
    await input.pressKeys(['a']);
    const about = await waitFor(async () => (await listWindows(conn)).find((w) => /About/.test(w.title)), 10_000).catch(() => undefined);
    if (!about) return false;
    await sleep(1000);
    await closeWindow(conn, about.xid);
    const closed = await waitFor(async () => ((await listWindows(conn)).some((w) => w.xid === about.xid) ? null : true), 10_000).catch(() => false);
    if (!closed) return false;
  }
  return true;
}

async function main(): Promise<void> {
  const hogs: ChildProcess[] = Array.from({ length: HOGS }, () => spawn('sh', ['-c', 'while :; do :; done'], { stdio: 'ignore' }));
  const scratch = mkdtempSync(join(tmpdir(), 'gui-bridge-noise-'));
  const results = new Map<Mode, Array<{ done: boolean; complaints: string[] }>>();
  try {
    let index = 0;
    for (let i = 0; i < ROUNDS; i++) {
      // Alternating modes: both see the same drift of the machine's load.
      for (const mode of ['keyboard only', 'keyboard, bridge serving'] as const) {
        const outcome = await run(mode, scratch, index++);
        results.set(mode, [...(results.get(mode) ?? []), outcome]);
      }
    }
  } finally {
    for (const hog of hogs) hog.kill();
    rmSync(scratch, { recursive: true, force: true });
  }
  console.log(
    `${APP}: ${TASK === 'about' ? 'Help › About opened and closed twice' : 'Save As'} by keyboard, ${ROUNDS} runs per mode, ${HOGS} CPU hogs beside it`,
  );
  for (const [mode, runs] of results) {
    const noisy = runs.filter((r) => r.complaints.length > 0);
    const kinds = [...new Set(runs.flatMap((r) => r.complaints))];
    console.log(`  ${mode}: done ${runs.filter((r) => r.done).length}/${runs.length}, runs with criticals or warnings ${noisy.length}/${runs.length}`);
    for (const kind of kinds) console.log(`    ${kind}`);
  }
}

await main();
