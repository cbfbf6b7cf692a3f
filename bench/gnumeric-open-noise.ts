/**
 * What Gnumeric prints as a file opens in place of its empty workbook: the same keyboard-only
 * Open (Ctrl+O, Ctrl+L, a path typed, Return) on a fresh private desktop per run, with no AT-SPI
 * client, with a pyatspi process that only listens to the events the bridge registers for (as a
 * screen reader does: it makes no call), and with the bridge serving. A message printed with the
 * bare listener is the toolkit's answer to any listening client, not a call of the bridge's.
 *   npx tsx bench/gnumeric-open-noise.ts   (BENCH_ROUNDS=3, BENCH_HOGS=0)
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { activateWindow, listWindows } from '../src/platform/linux/x11/index.js';
import { waitFor } from '../test/live/helpers/desktop.js';
import { alternating, cpuHogs, onFreshDesktop, printNoise, type NoiseRun } from './noiseRuns.js';

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const HOGS = Number(process.env.BENCH_HOGS ?? 0);
const APP = 'gnumeric';
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** The events the bridge registers for (Registry.RegisterEvent), listened to and counted, nothing asked. */
const LISTENER = `
import pyatspi, threading
events = ['object:children-changed', 'object:property-change', 'object:selection-changed', 'object:state-changed',
  'object:text-caret-moved', 'object:text-changed', 'object:visible-data-changed', 'window:activate', 'window:create',
  'window:deactivate', 'window:destroy']
for name in events: pyatspi.Registry.registerEventListener(lambda e: None, name)
threading.Timer(60, pyatspi.Registry.stop).start()
pyatspi.Registry.start()
`;

const MODES = ['keyboard only, no client', 'keyboard, an event listener only', 'keyboard, bridge serving'] as const;
type Mode = (typeof MODES)[number];

function run(mode: Mode, csv: string): Promise<NoiseRun> {
  return onFreshDesktop(APP, mode === 'keyboard, bridge serving', async ({ desktop, conn, input }) => {
    let listener: ChildProcess | null = null;
    if (mode === 'keyboard, an event listener only') listener = spawn('/usr/bin/python3', ['-c', LISTENER], { env: desktop.env, stdio: 'ignore' });
    try {
      const main = await waitFor(async () => (await listWindows(conn)).find((w) => / - Gnumeric$/.test(w.title)), 30_000);
      await sleep(2500);
      await activateWindow(conn, main.xid);
      await input.pressKeys(['ctrl+o']);
      await sleep(2500);
      await input.pressKeys(['ctrl+l']);
      await sleep(500);
      await input.typeText(csv);
      await sleep(300);
      await input.pressKeys(['Return']);
      const opened = async () => (await listWindows(conn)).some((w) => /^minutes\.csv - Gnumeric$/.test(w.title)) || null;
      const done = await waitFor(opened, 15_000).catch(() => false);
      await sleep(1500);
      return done === true;
    } finally {
      listener?.kill();
    }
  });
}

async function main(): Promise<void> {
  const hogs = cpuHogs(HOGS);
  const scratch = mkdtempSync(join(tmpdir(), 'gui-bridge-gnumeric-'));
  const csv = join(scratch, 'minutes.csv');
  writeFileSync(csv, 'Minutes of the review, second draft');
  try {
    const results = await alternating(MODES, ROUNDS, (mode) => run(mode, csv));
    printNoise(`${APP}: a CSV file opened by keyboard over the empty workbook, ${ROUNDS} runs per mode, ${HOGS} CPU hogs beside it`, results);
  } finally {
    hogs.stop();
    rmSync(scratch, { recursive: true, force: true });
  }
}

await main();
