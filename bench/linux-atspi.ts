/**
 * AT-SPI half of the Linux probe on a live private desktop: full window-tree reads of gedit
 * (main window, and with its Save As file chooser open) and gnome-calculator, against
 * python3-pyatspi reading the same trees in the same run (test/live/fixtures/atspi_dump.py,
 * runs interleaved), and the latency from a text change to its AT-SPI event. The goal: the
 * gedit main window in at most 30 ms on a quiet machine, and at least 8× faster than pyatspi
 * reading the same fields ("pyatspi + attributes, relations, actions, text/value"). Ours as the
 * server reads (hidden subtrees kept from its last read, keptSubtrees.ts) and keeping nothing (a
 * window's first read), interleaved; pyatspi's ratio is given against both.
 *   npx tsx bench/linux-atspi.ts        (BENCH_ROUNDS=9 by default)
 */
import { execFileSync } from 'node:child_process';
import { cpus, loadavg } from 'node:os';
import { fileURLToPath } from 'node:url';
import type { AtspiAccess, AtspiApplication } from '../src/platform/linux/atspi/index.js';
import { parseRef } from '../src/platform/linux/atspi/refs.js';
import { ToolkitCache } from '../src/platform/linux/atspi/toolkits.js';
import { readWindowTree } from '../src/platform/linux/atspi/treeReader.js';
import { desktopProcessEnv, type Desktop } from '../src/platform/linux/desktop/index.js';
import { XTestInput } from '../src/platform/linux/input/index.js';
import { activateWindow, listWindows, X11Connection } from '../src/platform/linux/x11/index.js';
import type { A11yNode } from '../src/platform/probe.js';
import { appOf, atspiDesktop } from './atspiApps.js';
import { ms, summarise, table } from './stats.js';

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 9);
const DUMPER = fileURLToPath(new URL('../test/live/fixtures/atspi_dump.py', import.meta.url));
const BUDGET = { maxNodes: 20_000, maxDepth: 200, deadlineMs: 10_000 };

interface PyRun {
  ms: number[];
  nodes: number;
}

/** One pyatspi process: `repeat` reads of the app (the first cold, later ones with libatspi's cache warm). */
function pyatspi(desktop: Desktop, pid: number, detail: boolean, repeat = 1): PyRun {
  const args = [DUMPER, '--pid', String(pid), '--repeat', String(repeat), ...(detail ? ['--detail'] : [])];
  const out = JSON.parse(execFileSync('/usr/bin/python3', args, { env: desktopProcessEnv(desktop.env), maxBuffer: 64 << 20 }).toString()) as {
    apps: Array<{ topLevels: Array<{ nodes: unknown[] }> }>;
    ms: number[];
  };
  return { ms: out.ms, nodes: out.apps[0]?.topLevels.reduce((sum, t) => sum + t.nodes.length, 0) ?? 0 };
}

/**
 * Our read of every top-level of the application (what pyatspi's dump reads): as the server reads
 * (hidden subtrees kept from the last read where the toolkit allows it, keptSubtrees.ts), or
 * keeping nothing (a window's first read).
 */
async function ours(access: AtspiAccess, app: AtspiApplication, keepNothing = false): Promise<{ ms: number; nodes: number; calls: number }> {
  const calls = access.client.callCount;
  const toolkit = keepNothing ? await toolkits(access).get(parseRef(app.topLevels[0]?.ref as string).bus) : undefined;
  const start = performance.now();
  let nodes = 0;
  for (const top of app.topLevels) {
    const tree = keepNothing ? await readWindowTree(access.client, parseRef(top.ref), BUDGET, { toolkit }) : await access.readTree(top.ref, BUDGET, app.name);
    nodes += countReal(tree.root);
  }
  return { ms: performance.now() - start, nodes, calls: access.client.callCount - calls };
}

let toolkitCache: ToolkitCache | undefined;
const toolkits = (access: AtspiAccess): ToolkitCache => (toolkitCache ??= new ToolkitCache(access.client));

function countReal(node: A11yNode): number {
  const synthetic = node.ref.includes('#row') ? 0 : 1; // table rows we add are not AT-SPI nodes
  return synthetic + node.children.reduce((sum, child) => sum + countReal(child), 0);
}

async function benchTrees(desktop: Desktop, access: AtspiAccess, label: string, pid: number, topLevels = 1): Promise<Array<Record<string, string | number>>> {
  const app = await appOf(access, pid, topLevels);
  // Warm-up: JIT, the app's peer socket; a first read makes GTK 3 create accessibles and announce
  // them, which invalidates what it kept: the reads after it settle.
  for (let i = 0; i < 3; i++) {
    await ours(access, app);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  const mine: number[] = [];
  const first: number[] = [];
  const cold: number[] = [];
  const detail: number[] = [];
  let counts = { nodes: 0, calls: 0, firstCalls: 0, pyNodes: 0 };
  for (let round = 0; round < ROUNDS; round++) {
    const whole = await ours(access, app, true);
    first.push(whole.ms);
    const read = await ours(access, app);
    mine.push(read.ms);
    const basic = pyatspi(desktop, pid, false);
    cold.push(basic.ms[0] as number);
    detail.push(pyatspi(desktop, pid, true).ms[0] as number);
    counts = { nodes: read.nodes, calls: read.calls, firstCalls: whole.calls, pyNodes: basic.nodes };
  }
  const warm = pyatspi(desktop, pid, false, ROUNDS + 1).ms.slice(1);
  const steady: number[] = [];
  for (let round = 0; round < ROUNDS; round++) steady.push((await ours(access, app)).ms);
  const m = summarise(mine).median;
  const mFirst = summarise(first).median;
  const row = (measure: string, samples: number[]) => {
    const median = summarise(samples).median;
    const ratio = measure.startsWith('ours') ? (samples === mine ? '1.0×' : '') : `${(median / m).toFixed(1)}× (${(median / mFirst).toFixed(1)}× first read)`;
    return { measure, nodes: measure.startsWith('ours') ? counts.nodes : counts.pyNodes, median: ms(median), 'pyatspi ÷ ours': ratio };
  };
  return [
    row(`ours: ${label} (${counts.calls} D-Bus calls)`, mine),
    row(`ours, nothing kept (a window's first read): ${label} (${counts.firstCalls} D-Bus calls)`, first),
    row(`ours, back to back (no pyatspi run in between): ${label}`, steady),
    row(`pyatspi + attributes, relations, actions, text/value, fresh process: ${label}`, detail),
    row(`pyatspi, role/name/states/children, fresh process: ${label}`, cold),
    row(`pyatspi, role/name/states/children, libatspi cache warm: ${label}`, warm),
  ];
}

async function benchTextEvent(access: AtspiAccess, pid: number): Promise<Record<string, string | number>> {
  const app = await appOf(access, pid);
  const tree = await access.readTree(app.topLevels[0]?.ref as string, BUDGET);
  const view = findText(tree.root);
  const latencies: number[] = [];
  for (let i = 0; i < 40; i++) {
    const seen = new Promise<number>((resolve) => {
      const listener = (event: { type: string; source: string; receivedAt: number }) => {
        if (event.type !== 'object:text-changed:insert' || event.source !== view.ref) return;
        access.events.off('event', listener);
        resolve(event.receivedAt);
      };
      access.events.on('event', listener);
    });
    const start = performance.now();
    await access.primitives.setText(view.ref, `event latency ${i}`);
    latencies.push((await seen) - start);
  }
  const s = summarise(latencies);
  return { measure: 'setText → object:text-changed:insert event (gedit)', nodes: 1, median: ms(s.median), 'pyatspi ÷ ours': `p99 ${ms(s.p99)}` };
}

function findText(node: A11yNode): A11yNode {
  if (node.role === 'text' && node.states.includes('multi_line') && node.states.includes('editable')) return node;
  for (const child of node.children) {
    try {
      return findText(child);
    } catch {
      // keep looking
    }
  }
  throw new Error('no editable multi-line text');
}

/** Opens gedit's Save As (a GTK3 file chooser, ~500 more nodes) with real keys. */
async function openSaveAs(desktop: Desktop, pid: number): Promise<void> {
  const conn = await X11Connection.open(desktop.display);
  try {
    const window = (await listWindows(conn)).find((w) => w.pid === pid);
    if (!window) throw new Error('no gedit window');
    await activateWindow(conn, window.xid);
    const input = await XTestInput.open(conn);
    await input.pressKeys(['ctrl+shift+s']);
    await input.close();
  } finally {
    await conn.close();
  }
}

const { desktop, access } = await atspiDesktop();
try {
  const gedit = await desktop.launch('gedit');
  const calculator = await desktop.launch('gnome-calculator');
  await appOf(access, gedit.pid);
  await appOf(access, calculator.pid);
  await new Promise((resolve) => setTimeout(resolve, 3000)); // let both finish starting up (plugins, fonts)
  const rows = [
    ...(await benchTrees(desktop, access, 'gedit main window', gedit.pid)),
    ...(await benchTrees(desktop, access, 'gnome-calculator', calculator.pid)),
    await benchTextEvent(access, gedit.pid),
  ];
  await openSaveAs(desktop, gedit.pid);
  rows.splice(6, 0, ...(await benchTrees(desktop, access, 'gedit + Save As dialog', gedit.pid, 2)));
  console.log(table(rows));
  console.log(
    `${ROUNDS} rounds, interleaved; medians. "pyatspi ÷ ours" = how many times longer pyatspi took. Load average ${loadavg()
      .map((l) => l.toFixed(1))
      .join(' ')} on ${cpus().length} CPUs.`,
  );
  await access.close();
} finally {
  await desktop.stop();
}
