/**
 * Where a full window read goes: the D-Bus calls of one read of the gedit main
 * window and of gnome-calculator, by method (a window's first read, keeping nothing, and a read
 * as the server makes it, hidden subtrees kept from its last read: keptSubtrees.ts), and the wall
 * time of its phases: `Cache.GetItems` alone (the reference every read starts with) against the
 * whole read, with the CPU time this process and the application spent in it. Then the spared
 * calls' worth, A/B interleaved in the same run: a first read against the same read sparing
 * nothing (every node asked its attributes and relations, `thorough`; both keep nothing). Same
 * live private desktop as bench/linux-atspi.ts.
 *   npx tsx bench/linux-atspi-calls.ts        (BENCH_ROUNDS=15 by default)
 */
import { cpus, loadavg } from 'node:os';
import type { AtspiAccess } from '../src/platform/linux/atspi/index.js';
import { readCacheHints } from '../src/platform/linux/atspi/cacheHints.js';
import { parseRef } from '../src/platform/linux/atspi/refs.js';
import { ToolkitCache } from '../src/platform/linux/atspi/toolkits.js';
import { readWindowTree } from '../src/platform/linux/atspi/treeReader.js';
import { appOf, atspiDesktop } from './atspiApps.js';
import { cpuMs } from './serveProcess.js';
import { ms, summarise, table } from './stats.js';

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 15);
const BUDGET = { maxNodes: 20_000, maxDepth: 200, deadlineMs: 10_000 };

/** One read with every call counted by method: as served (hidden subtrees kept), or keeping nothing (a window's first read). */
async function tallied(access: AtspiAccess, ref: string, label: string, keepNothing: boolean): Promise<Map<string, number>> {
  const tally = new Map<string, number>();
  const root = parseRef(ref);
  const toolkit = await new ToolkitCache(access.client).get(root.bus);
  access.client.tally = tally;
  try {
    if (keepNothing) await readWindowTree(access.client, root, BUDGET, { toolkit });
    else await access.readTree(ref, BUDGET, label);
  } finally {
    access.client.tally = null;
  }
  return tally;
}

async function phases(access: AtspiAccess, ref: string, label: string, pid: number): Promise<Array<Record<string, string | number>>> {
  const bus = parseRef(ref).bus;
  const cache: number[] = [];
  const full: number[] = [];
  const cpu: number[] = [];
  let appCpu = 0;
  for (let round = 0; round < ROUNDS; round++) {
    let start = performance.now();
    await readCacheHints(access.client, bus, 10_000);
    cache.push(performance.now() - start);
    const used = process.cpuUsage();
    const appBefore = cpuMs(pid);
    start = performance.now();
    await access.readTree(ref, BUDGET, label);
    full.push(performance.now() - start);
    appCpu += cpuMs(pid) - appBefore;
    const spent = process.cpuUsage(used);
    cpu.push((spent.user + spent.system) / 1000);
  }
  const whole = summarise(full).median;
  const row = (phase: string, samples: number[]) => {
    const median = summarise(samples).median;
    return { phase: `${label}: ${phase}`, median: ms(median), '÷ full read': (median / whole).toFixed(2) };
  };
  const appMean = appCpu / ROUNDS; // the kernel counts in ticks of 10 ms: a mean over the rounds
  return [
    row('full read (ref)', full),
    row('Cache.GetItems alone', cache),
    row('CPU time of this process during the full read', cpu),
    { phase: `${label}: CPU time of the application per full read (mean)`, median: ms(appMean), '÷ full read': (appMean / whole).toFixed(2) },
  ];
}

/** A first read (nothing kept) against the same read sparing nothing, rounds interleaved. */
async function spared(access: AtspiAccess, ref: string, label: string): Promise<Array<Record<string, string | number>>> {
  const root = parseRef(ref);
  const toolkit = await new ToolkitCache(access.client).get(root.bus);
  const arms = [
    { name: 'first read (nothing kept)', thorough: false, ms: [] as number[], calls: 0 },
    { name: 'sparing nothing (every node asked its attributes and relations)', thorough: true, ms: [] as number[], calls: 0 },
  ];
  for (let round = 0; round < ROUNDS; round++) {
    for (const arm of arms) {
      const calls = access.client.callCount;
      const start = performance.now();
      await readWindowTree(access.client, root, BUDGET, { toolkit, thorough: arm.thorough });
      arm.ms.push(performance.now() - start);
      arm.calls = access.client.callCount - calls;
    }
  }
  const reference = summarise(arms[0]?.ms ?? []).median;
  return arms.map((arm) => {
    const median = summarise(arm.ms).median;
    return { read: `${label}: ${arm.name}`, 'D-Bus calls': arm.calls, median: ms(median), '÷ first read': (median / reference).toFixed(2) };
  });
}

function breakdown(label: string, tally: Map<string, number>): Array<Record<string, string | number>> {
  const total = [...tally.values()].reduce((sum, n) => sum + n, 0);
  const rows = [...tally.entries()]
    .sort((a, b) => b[1] - a[1])
    .map(([method, calls]) => ({ read: label, method, calls, share: `${((100 * calls) / total).toFixed(1)}%` }));
  return [...rows, { read: label, method: 'all', calls: total, share: '100%' }];
}

const { desktop, access } = await atspiDesktop();
try {
  const gedit = await desktop.launch('gedit');
  const calculator = await desktop.launch('gnome-calculator');
  const apps = [
    { label: 'gedit', app: await appOf(access, gedit.pid), pid: gedit.pid },
    { label: 'gnome-calculator', app: await appOf(access, calculator.pid), pid: calculator.pid },
  ];
  await new Promise((resolve) => setTimeout(resolve, 3000)); // let both finish starting up (plugins, fonts)
  const calls: Array<Record<string, string | number>> = [];
  const times: Array<Record<string, string | number>> = [];
  const worth: Array<Record<string, string | number>> = [];
  for (const { label, app, pid } of apps) {
    const ref = app.topLevels[0]?.ref as string;
    // Warm-up: JIT, the app's peer socket; a first read makes GTK 3 create accessibles and
    // announce them, which invalidates what it kept: the reads after it settle.
    for (let i = 0; i < 3; i++) {
      await access.readTree(ref, BUDGET, label);
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
    calls.push(...breakdown(`${label}, first read`, await tallied(access, ref, label, true)));
    calls.push(...breakdown(`${label}, as served`, await tallied(access, ref, label, false)));
    times.push(...(await phases(access, ref, label, pid)));
    worth.push(...(await spared(access, ref, label)));
  }
  console.log(table(calls));
  console.log();
  console.log(table(times));
  console.log();
  console.log(table(worth));
  console.log(
    `${ROUNDS} rounds; medians. Load average ${loadavg()
      .map((l) => l.toFixed(1))
      .join(' ')} on ${cpus().length} CPUs.`,
  );
  await access.close();
} finally {
  await desktop.stop();
}
