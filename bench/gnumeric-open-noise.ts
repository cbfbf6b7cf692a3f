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
import { Bridge } from '../src/bridge/bridge.js';
import { openDesktop, type DesktopHandle } from '../src/platform/linux/desktop/index.js';
import { XTestInput } from '../src/platform/linux/input/index.js';
import { openLinuxProbe } from '../src/platform/linux/probe.js';
import { activateWindow, listWindows, X11Connection } from '../src/platform/linux/x11/index.js';
import { silentLogger } from '../src/util/logger.js';
import { registry } from '../translators/index.js';
import { appComplaints, DESKTOP_MESSAGES } from '../test/live/helpers/appLogs.js';
import { waitFor } from '../test/live/helpers/desktop.js';

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

async function run(mode: Mode, csv: string): Promise<{ done: boolean; complaints: string[] }> {
  const desktop: DesktopHandle = await openDesktop({ apps: [APP] });
  let bridge: Bridge | null = null;
  let listener: ChildProcess | null = null;
  const conn = await X11Connection.open(desktop.env.DISPLAY as string);
  const input = await XTestInput.open(conn);
  try {
    if (mode === 'keyboard, bridge serving') {
      const probe = await openLinuxProbe({ env: desktop.env });
      bridge = await Bridge.start({ probe, registry, log: silentLogger, appToolNaming: 'per-app' });
    }
    if (mode === 'keyboard, an event listener only') listener = spawn('/usr/bin/python3', ['-c', LISTENER], { env: desktop.env, stdio: 'ignore' });
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
    const done = await waitFor(async () => (await listWindows(conn)).some((w) => /^minutes\.csv - Gnumeric$/.test(w.title)) || null, 15_000).catch(() => false);
    await sleep(1500);
    const complaints = appComplaints(desktop, DESKTOP_MESSAGES, {}).map((c) => `${c.kind}: ${c.message}`);
    return { done: done === true, complaints };
  } finally {
    listener?.kill();
    await input.close();
    await conn.close();
    await bridge?.close().catch(() => undefined);
    await desktop.stop();
  }
}

async function main(): Promise<void> {
  const hogs: ChildProcess[] = Array.from({ length: HOGS }, () => spawn('sh', ['-c', 'while :; do :; done'], { stdio: 'ignore' }));
  const scratch = mkdtempSync(join(tmpdir(), 'gui-bridge-gnumeric-'));
  const csv = join(scratch, 'minutes.csv');
  writeFileSync(csv, 'Minutes of the review, second draft');
  const results = new Map<Mode, Array<{ done: boolean; complaints: string[] }>>();
  try {
    for (let i = 0; i < ROUNDS; i++) for (const mode of MODES) results.set(mode, [...(results.get(mode) ?? []), await run(mode, csv)]);
  } finally {
    for (const hog of hogs) hog.kill();
    rmSync(scratch, { recursive: true, force: true });
  }
  console.log(`${APP}: a CSV file opened by keyboard over the empty workbook, ${ROUNDS} runs per mode, ${HOGS} CPU hogs beside it`);
  for (const [mode, runs] of results) {
    const noisy = runs.filter((r) => r.complaints.length > 0);
    console.log(`  ${mode}: done ${runs.filter((r) => r.done).length}/${runs.length}, runs with criticals or warnings ${noisy.length}/${runs.length}`);
    for (const kind of new Set(runs.flatMap((r) => r.complaints))) console.log(`    ${kind}`);
  }
}

await main();
