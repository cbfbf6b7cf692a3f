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
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { XTestInput } from '../src/platform/linux/input/index.js';
import { activateWindow, closeWindow, listWindows, X11Connection } from '../src/platform/linux/x11/index.js';
import { waitFor } from '../test/live/helpers/desktop.js';
import { alternating, cpuHogs, onFreshDesktop, printNoise, type NoiseRun } from './noiseRuns.js';

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 6);
const HOGS = Number(process.env.BENCH_HOGS ?? 2);
/** save-as (the default), or about: Help › About opened and closed twice. */
const TASK = process.env.BENCH_TASK === 'about' ? 'about' : 'save-as';
const APP = 'abiword';
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

const MODES = ['keyboard only', 'keyboard, bridge serving'] as const;
type Mode = (typeof MODES)[number];

/** One run: a fresh desktop, the task by keyboard, the app's complaints. */
function run(mode: Mode, scratch: string, index: number): Promise<NoiseRun> {
  return onFreshDesktop(APP, mode !== 'keyboard only', async ({ conn, input }) => {
    const main = await waitFor(async () => (await listWindows(conn)).find((w) => /^Untitled/.test(w.title)), 30_000);
    await sleep(2000);
    const done = TASK === 'about' ? await aboutTwice(conn, input, main.xid) : await saveAs(conn, input, main.xid, join(scratch, `run-${index}.abw`));
    await sleep(1000);
    return done;
  });
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
  const hogs = cpuHogs(HOGS);
  const scratch = mkdtempSync(join(tmpdir(), 'gui-bridge-noise-'));
  try {
    const results = await alternating(MODES, ROUNDS, (mode, index) => run(mode, scratch, index));
    const task = TASK === 'about' ? 'Help › About opened and closed twice' : 'Save As';
    printNoise(`${APP}: ${task} by keyboard, ${ROUNDS} runs per mode, ${HOGS} CPU hogs beside it`, results);
  } finally {
    hogs.stop();
    rmSync(scratch, { recursive: true, force: true });
  }
}

await main();
