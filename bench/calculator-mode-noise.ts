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
import { SessionHub } from '../src/server/hub.js';
import { activateWindow, listWindows, type X11Window } from '../src/platform/linux/x11/index.js';
import { silentLogger } from '../src/util/logger.js';
import { waitFor } from '../test/live/helpers/desktop.js';
import { connectMemoryClient } from '../test/helpers/demoServer.js';
import { alternating, cpuHogs, onFreshDesktop, printNoise, type NoiseRun } from './noiseRuns.js';

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

function run(route: Route): Promise<NoiseRun> {
  return onFreshDesktop(APP, route !== 'menu by mouse, no client', async ({ conn, input, bridge }) => {
    const calculator = () => waitFor(async () => (await listWindows(conn)).find((w) => w.title === 'Calculator'), 30_000);
    const window: X11Window = await calculator();
    await sleep(2000);
    if (route === 'switch_mode tool' && bridge) {
      const client = await connectMemoryClient(new SessionHub(bridge, silentLogger));
      const tool = await waitFor(async () => (await client.client.listTools()).tools.find((t) => t.name.endsWith('__switch_mode')), 30_000);
      await client.call(tool.name, { mode: 'advanced' });
    } else {
      await activateWindow(conn, window.xid);
      await input.click(window.bounds.x + MODE_BUTTON.x, window.bounds.y + MODE_BUTTON.y);
      await sleep(1000);
      await input.pressKeys(['Down', 'Return']);
    }
    await sleep(2500);
    return (await calculator()).bounds.width > BASIC_WIDTH;
  });
}

async function main(): Promise<void> {
  const hogs = cpuHogs(HOGS);
  try {
    const results = await alternating(ROUTES, ROUNDS, (route) => run(route));
    printNoise(`${APP}: Basic → Advanced on a fresh desktop, ${ROUNDS} runs per route, ${HOGS} CPU hogs beside it`, results);
  } finally {
    hogs.stop();
  }
}

await main();
