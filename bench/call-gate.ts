/**
 * What bounding the calls in flight per application (callGate.ts) costs and spares, on a live
 * private desktop: whole fresh reads of Nautilus showing 3,000 files (a GTK 4 app on the bus, no
 * peer socket) and of gedit (GTK 3, its peer socket), with MAX_CALLS_IN_FLIGHT against no bound,
 * interleaved. Spared: how long another client of the application (a screen reader, our own
 * liveness question) waits for one answer while the read runs; its pings go every 50 ms over a
 * connection of their own. Costs: the read's own time. Calls that timed out are counted.
 *   npx tsx bench/call-gate.ts        (BENCH_ROUNDS=7 by default)
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { AtspiAccess, type AtspiApplication } from '../src/platform/linux/atspi/index.js';
import { MAX_CALLS_IN_FLIGHT } from '../src/platform/linux/atspi/client.js';
import { IFACE, ROOT_PATH } from '../src/platform/linux/atspi/names.js';
import { parseRef } from '../src/platform/linux/atspi/refs.js';
import { ToolkitCache } from '../src/platform/linux/atspi/toolkits.js';
import { readWindowTree } from '../src/platform/linux/atspi/treeReader.js';
import { DEFAULT_TREE_BUDGET } from '../src/platform/probe.js';
import { appOf, atspiDesktop } from './atspiApps.js';
import { ms, summarise, table } from './stats.js';

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 7);
const FILES = 3000;
const PING_EVERY_MS = 50;
/** More limits to compare, e.g. BENCH_LIMITS=8,128. */
const EXTRA_LIMITS = (process.env.BENCH_LIMITS ?? '').split(',').filter(Boolean).map(Number);

interface Sample {
  readMs: number;
  nodes: number;
  pingMaxMs: number;
  pingMedianMs: number;
  timeouts: number;
}

/** One fresh read of the app's first top-level with `limit` calls in flight, pinged meanwhile by `other`. */
async function readOnce(access: AtspiAccess, other: AtspiAccess, app: AtspiApplication, limit: number): Promise<Sample> {
  access.client.gate.limit = limit;
  const top = app.topLevels[0];
  if (!top) throw new Error(`${app.name} has no window`);
  const toolkit = await new ToolkitCache(access.client).get(app.bus);
  const pings: number[] = [];
  let timeouts = 0;
  let reading = true;
  const pinger = (async () => {
    while (reading) {
      const sent = performance.now();
      await other.client.call({ bus: app.bus, path: ROOT_PATH }, IFACE.accessible, 'GetRole').catch(() => timeouts++);
      pings.push(performance.now() - sent);
      await new Promise((resolve) => setTimeout(resolve, PING_EVERY_MS));
    }
  })();
  const started = performance.now();
  const tree = await readWindowTree(access.client, parseRef(top.ref), DEFAULT_TREE_BUDGET, { toolkit });
  const readMs = performance.now() - started;
  reading = false;
  await pinger;
  timeouts += tree.warnings.filter((w) => /no answer|timed out/i.test(w)).length;
  const stats = summarise(pings);
  return { readMs, nodes: tree.nodeCount, pingMaxMs: Math.max(...pings), pingMedianMs: stats.median, timeouts };
}

async function bench(access: AtspiAccess, other: AtspiAccess, label: string, app: AtspiApplication) {
  const limits: Array<[string, number]> = [
    [`${MAX_CALLS_IN_FLIGHT} in flight`, MAX_CALLS_IN_FLIGHT],
    ...EXTRA_LIMITS.map((n): [string, number] => [`${n} in flight`, n]),
    ['no bound', Number.POSITIVE_INFINITY],
  ];
  const samples = new Map<string, Sample[]>(limits.map(([name]) => [name, []]));
  for (let round = 0; round < ROUNDS; round++) {
    for (const [name, limit] of round % 2 === 0 ? limits : [...limits].reverse()) samples.get(name)?.push(await readOnce(access, other, app, limit));
  }
  const median = (values: number[]) => summarise(values).median;
  const rows = limits.map(([name]) => {
    const s = samples.get(name) ?? [];
    return {
      window: label,
      calls: name,
      nodes: median(s.map((x) => x.nodes)),
      'read (median)': ms(median(s.map((x) => x.readMs))),
      'other client waits (median of maxima)': ms(median(s.map((x) => x.pingMaxMs))),
      'timed-out calls': s.reduce((sum, x) => sum + x.timeouts, 0),
    };
  });
  const [gated, free] = [limits[0], limits[limits.length - 1]].map((limit) => samples.get(limit?.[0] ?? '') ?? []);
  const ratio = (pick: (x: Sample) => number) => median((gated ?? []).map(pick)) / median((free ?? []).map(pick));
  const summary = `${label}: read time ${ratio((x) => x.readMs).toFixed(2)}× of unbounded; another client's longest wait ${ratio((x) => x.pingMaxMs).toFixed(2)}× of unbounded.`;
  return { rows, summary };
}

const scratch = mkdtempSync(join(tmpdir(), 'gui-bridge-gate-'));
const folder = join(scratch, 'gate-files');
mkdirSync(folder);
for (let i = 1; i <= FILES; i++) writeFileSync(join(folder, `file${String(i).padStart(4, '0')}.txt`), 'x\n');
const { desktop, access } = await atspiDesktop();
const other = await AtspiAccess.open({ env: desktop.env });
try {
  const nautilus = await desktop.launch('nautilus', ['--new-window', folder]);
  const gedit = await desktop.launch('gedit');
  const nautilusApp = await appOf(access, nautilus.pid);
  const geditApp = await appOf(access, gedit.pid);
  await new Promise((resolve) => setTimeout(resolve, 5000)); // both finish starting up, the folder loads
  const runs = [await bench(access, other, `Nautilus, ${FILES} files`, nautilusApp), await bench(access, other, 'gedit main window', geditApp)];
  console.log(table(runs.flatMap((run) => run.rows)));
  console.log(`\n${runs.map((run) => run.summary).join('\n')}`);
  console.log(
    `\n${ROUNDS} rounds, interleaved; medians. Load average ${loadavg()
      .map((l) => l.toFixed(1))
      .join(' ')} on ${cpus().length} CPUs.`,
  );
} finally {
  await other.close();
  await access.close();
  await desktop.stop();
  rmSync(scratch, { recursive: true, force: true });
}
