/**
 * Whether Thunderbird's compose-close criticals are the bridge's: two private desktops side by
 * side, each with Thunderbird on the same offline profile, and the same cycle on both, turn by
 * turn: a new message by Ctrl+N, an address typed, Ctrl+S (a draft), then the window closed by
 * `_NET_CLOSE_WINDOW` (what the bridge's close tool asks the window manager). On one desktop no
 * AT-SPI client runs; on the other the bridge serves and reads every window as it changes. CPU
 * hogs beside them: the criticals come on a busy machine. Prints, per desktop, the closes and the
 * GLib criticals and warnings Thunderbird printed.
 *   npx tsx bench/thunderbird-close-noise.ts        (BENCH_ROUNDS=40, BENCH_HOGS=2 by default)
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Bridge } from '../src/bridge/bridge.js';
import { openDesktop, type DesktopHandle } from '../src/platform/linux/desktop/index.js';
import { XTestInput } from '../src/platform/linux/input/index.js';
import { openLinuxProbe } from '../src/platform/linux/probe.js';
import { activateWindow, closeWindow, listWindows, X11Connection } from '../src/platform/linux/x11/index.js';
import { silentLogger } from '../src/util/logger.js';
import { registry } from '../translators/index.js';
import { appComplaints } from '../test/live/helpers/appLogs.js';
import { waitFor } from '../test/live/helpers/desktop.js';
import { corpusApp, launchCorpusApp, type RunningCorpusApp } from '../test/live/corpus/apps.js';
import { prepareDocuments } from '../test/live/corpus/documents.js';
import { withIdentity } from '../test/live/tasks/scenarios/thunderbirdIdentity.js';

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 40);
const HOGS = Number(process.env.BENCH_HOGS ?? 2);
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

interface Side {
  mode: string;
  desktop: DesktopHandle;
  conn: X11Connection;
  input: XTestInput;
  app: RunningCorpusApp;
  bridge: Bridge | null;
  closes: number;
}

async function openSide(mode: string, served: boolean, scratch: string): Promise<Side> {
  mkdirSync(scratch, { recursive: true });
  const desktop = await openDesktop({});
  const app = await launchCorpusApp(
    desktop,
    withIdentity(corpusApp('thunderbird'), () => undefined),
    prepareDocuments(scratch),
  );
  const conn = await X11Connection.open(desktop.env.DISPLAY as string);
  const input = await XTestInput.open(conn);
  const bridge = served
    ? await Bridge.start({ probe: await openLinuxProbe({ env: desktop.env }), registry, log: silentLogger, appToolNaming: 'per-app' })
    : null;
  await waitFor(async () => (await listWindows(conn)).find((w) => /^Inbox - Local Folders/.test(w.title)), 120_000);
  return { mode, desktop, conn, input, app, bridge, closes: 0 };
}

/** One message: opened, given an address, saved as a draft, closed through the window manager. */
async function cycle(side: Side, index: number): Promise<void> {
  const main = (await listWindows(side.conn)).find((w) => /^Inbox - Local Folders/.test(w.title));
  if (!main) throw new Error(`${side.mode}: the 3-pane window is gone`);
  await activateWindow(side.conn, main.xid);
  await side.input.pressKeys(['ctrl+n']);
  const compose = await waitFor(async () => (await listWindows(side.conn)).find((w) => /^Write: /.test(w.title)), 30_000);
  await sleep(1500);
  await side.input.typeText(`reader${index}@example.org`);
  await side.input.pressKeys(['Tab', 'ctrl+s']);
  await sleep(1500);
  await closeWindow(side.conn, compose.xid);
  await waitFor(async () => ((await listWindows(side.conn)).some((w) => w.xid === compose.xid) ? null : true), 30_000);
  side.closes++;
}

async function main(): Promise<void> {
  const hogs: ChildProcess[] = Array.from({ length: HOGS }, () => spawn('sh', ['-c', 'while :; do :; done'], { stdio: 'ignore' }));
  const scratch = mkdtempSync(join(tmpdir(), 'gui-bridge-tb-noise-'));
  const sides: Side[] = [];
  try {
    sides.push(await openSide('keyboard only, no AT-SPI client', false, join(scratch, 'a')));
    sides.push(await openSide('keyboard, bridge serving', true, join(scratch, 'b')));
    await sleep(5000);
    // Turn by turn: both see the same drift of the machine's load.
    for (let i = 0; i < ROUNDS; i++) for (const side of sides) await cycle(side, i);
    console.log(`thunderbird: a compose window opened, saved and closed ${ROUNDS} times per desktop, ${HOGS} CPU hogs beside them`);
    for (const side of sides) {
      const complaints = appComplaints(side.desktop, [], {}).map((c) => `${c.kind}: ${c.message}`);
      console.log(`  ${side.mode}: ${side.closes} closes, ${complaints.length} criticals or warnings`);
      for (const [kind, count] of countBy(complaints)) console.log(`    ${count} × ${kind}`);
    }
  } finally {
    for (const hog of hogs) hog.kill();
    for (const side of sides) {
      await side.bridge?.close().catch(() => undefined);
      await side.input.close();
      await side.conn.close();
      await side.app.stop().catch(() => undefined);
      await side.desktop.stop();
    }
    rmSync(scratch, { recursive: true, force: true });
  }
}

function countBy(items: string[]): Map<string, number> {
  const counts = new Map<string, number>();
  for (const item of items) counts.set(item, (counts.get(item) ?? 0) + 1);
  return counts;
}

await main();
