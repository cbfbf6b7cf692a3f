/**
 * What GNOME Calculator prints when it first shows Advanced mode, by three routes, on a fresh
 * private desktop per run with CPU hogs beside it:
 *   - a person's route with no AT-SPI client at all: the mode button clicked, Down, Return;
 *   - the same route while the bridge serves and reads every window as it changes;
 *   - the bridge's own `switch_mode` tool, through an MCP client.
 * Advanced mode shows the calculator's unit converter (MathConverter) for the first time; GTK 4
 * warns "Trying to snapshot MathConverter … without a current allocation" when a frame draws it
 * before its first allocation. A message the bare route prints too is the app's own
 * (test/live/helpers/appLogs.ts lists those); one printed only while served is harm to find.
 *   npx tsx bench/calculator-mode-noise.ts   (BENCH_ROUNDS=6, BENCH_HOGS=2)
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { Bridge } from '../src/bridge/bridge.js';
import { openDesktop, type DesktopHandle } from '../src/platform/linux/desktop/index.js';
import { XTestInput } from '../src/platform/linux/input/index.js';
import { openLinuxProbe } from '../src/platform/linux/probe.js';
import { SessionHub } from '../src/server/hub.js';
import { activateWindow, listWindows, X11Connection, type X11Window } from '../src/platform/linux/x11/index.js';
import { silentLogger } from '../src/util/logger.js';
import { registry } from '../translators/index.js';
import { appComplaints, DESKTOP_MESSAGES } from '../test/live/helpers/appLogs.js';
import { waitFor } from '../test/live/helpers/desktop.js';
import { connectMemoryClient } from '../test/helpers/demoServer.js';

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 6);
const HOGS = Number(process.env.BENCH_HOGS ?? 2);
const APP = 'gnome-calculator';
/** The "Mode selection" menu button's centre in the Basic window (GNOME Calculator 43, client-side header bar). */
const MODE_BUTTON = { x: 144, y: 23 };
/** The Basic window is 365 pixels wide; Advanced widens it. */
const BASIC_WIDTH = 400;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

const ROUTES = ['menu by mouse, no client', 'menu by mouse, bridge serving', 'switch_mode tool'] as const;
type Route = (typeof ROUTES)[number];

async function run(route: Route): Promise<{ done: boolean; complaints: string[] }> {
  const desktop: DesktopHandle = await openDesktop({ apps: [APP] });
  let bridge: Bridge | null = null;
  const conn = await X11Connection.open(desktop.env.DISPLAY as string);
  const input = await XTestInput.open(conn);
  try {
    if (route !== 'menu by mouse, no client') {
      const probe = await openLinuxProbe({ env: desktop.env });
      bridge = await Bridge.start({ probe, registry, log: silentLogger, appToolNaming: 'per-app' });
    }
    const calculator = () => waitFor(async () => (await listWindows(conn)).find((w) => w.title === 'Calculator'), 30_000);
    const window: X11Window = await calculator();
    await sleep(2000);
    if (route === 'switch_mode tool' && bridge) {
      const client = await connectMemoryClient(new SessionHub(bridge, silentLogger));
      const tools = await waitFor(async () => (await client.client.listTools()).tools.find((t) => t.name.endsWith('__switch_mode')), 30_000);
      await client.call(tools.name, { mode: 'advanced' });
    } else {
      await activateWindow(conn, window.xid);
      await input.click(window.bounds.x + MODE_BUTTON.x, window.bounds.y + MODE_BUTTON.y);
      await sleep(1000);
      await input.pressKeys(['Down', 'Return']);
    }
    await sleep(2500);
    const done = (await calculator()).bounds.width > BASIC_WIDTH;
    const complaints = appComplaints(desktop, DESKTOP_MESSAGES, {}).map((c) => `${c.kind}: ${c.message.replace(/0x[0-9a-f]+/, '0x…')}`);
    return { done, complaints };
  } finally {
    await input.close();
    await conn.close();
    await bridge?.close().catch(() => undefined);
    await desktop.stop();
  }
}

async function main(): Promise<void> {
  const hogs: ChildProcess[] = Array.from({ length: HOGS }, () => spawn('sh', ['-c', 'while :; do :; done'], { stdio: 'ignore' }));
  const results = new Map<Route, Array<{ done: boolean; complaints: string[] }>>();
  try {
    for (let i = 0; i < ROUNDS; i++) {
      // Alternating routes: all see the same drift of the machine's load.
      for (const route of ROUTES) results.set(route, [...(results.get(route) ?? []), await run(route)]);
    }
  } finally {
    for (const hog of hogs) hog.kill();
  }
  console.log(`${APP}: Basic → Advanced on a fresh desktop, ${ROUNDS} runs per route, ${HOGS} CPU hogs beside it`);
  for (const [route, runs] of results) {
    const noisy = runs.filter((r) => r.complaints.length > 0);
    console.log(`  ${route}: done ${runs.filter((r) => r.done).length}/${runs.length}, runs with criticals or warnings ${noisy.length}/${runs.length}`);
    for (const kind of new Set(runs.flatMap((r) => r.complaints))) console.log(`    ${kind}`);
  }
}

await main();
