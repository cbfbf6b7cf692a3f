/**
 * Qt rows of the per-toolkit benchmark (issue 10): for a Qt 5 and a Qt 6 application on a live
 * private desktop, a full read of the main window by our probe against pyatspi reading the same
 * tree with the same details in the same run (test/live/fixtures/atspi_dump.py --detail, runs
 * interleaved), and the bytes of our app://windows entry against the raw tree as JSON (role,
 * name, text, states, bounds of every node). Qt gets libatspi's call pattern (no GetAll:
 * docs/toolkits.md), so this is also the cost of the safe path.
 *   npx tsx bench/toolkits-qt.ts        (BENCH_ROUNDS=7 by default)
 */
import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import type { A11yNode } from '../src/platform/probe.js';
import { desktopProcessEnv, type Desktop } from '../src/platform/linux/desktop/index.js';
import { silentLogger } from '../src/util/logger.js';
import { openLiveStack } from '../test/live/helpers/liveStack.js';
import { ms, summarise, table } from './stats.js';

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 7);
const DUMPER = fileURLToPath(new URL('../test/live/fixtures/atspi_dump.py', import.meta.url));
const BUDGET = { maxNodes: 20_000, maxDepth: 200, deadlineMs: 10_000 };
const APPS = [
  { command: 'featherpad', label: 'FeatherPad (Qt 5.15)', title: /^Untitled$/ },
  { command: 'speedcrunch', label: 'SpeedCrunch (Qt 5.15)', title: /^SpeedCrunch$/ },
  { command: 'qt6ct', label: 'qt6ct (Qt 6.4)', title: /^Qt6 Configuration Tool$/ },
  { command: '/usr/lib/qt6/bin/linguist', label: 'Qt Linguist (Qt 6.4)', title: /^Qt Linguist$/ },
];

function pyatspiMs(desktop: Desktop, pid: number): number {
  const out = JSON.parse(execFileSync('/usr/bin/python3', [DUMPER, '--pid', String(pid), '--detail'], { env: desktopProcessEnv(desktop.env), maxBuffer: 64 << 20 }).toString()) as { ms: number[] };
  return out.ms[0] as number;
}

function rawTreeJson(root: A11yNode): string {
  const map = (n: A11yNode): unknown => ({ role: n.role, name: n.name, text: n.value ?? '', states: n.states, bounds: n.bounds ?? null, children: n.children.map(map) });
  return JSON.stringify(map(root));
}

const stack = await openLiveStack({ desktop: { apps: APPS.map((a) => a.command) }, probe: {} }, silentLogger);
try {
  await new Promise((resolve) => setTimeout(resolve, 3000)); // let the apps finish starting up
  const rows: Array<Record<string, string | number>> = [];
  for (const app of APPS) {
    const native = (await stack.probe.readTopology()).windows.find((w) => app.title.test(w.title));
    if (!native) throw new Error(`no window of ${app.command}`);
    const pid = stack.desktop.state.processes.find((p) => p.name.endsWith(`-${app.command.split('/').at(-1)}`))?.pid as number;
    await stack.probe.readTree(native.nativeId, BUDGET); // warm-up
    const ours: number[] = [];
    const theirs: number[] = [];
    let nodes = 0;
    for (let round = 0; round < ROUNDS; round++) {
      const start = performance.now();
      const tree = await stack.probe.readTree(native.nativeId, { ...BUDGET, maxNodes: 20_000 });
      ours.push(performance.now() - start);
      nodes = tree.nodeCount;
      theirs.push(pyatspiMs(stack.desktop, pid));
    }
    const tree = await stack.probe.readTree(native.nativeId, BUDGET);
    const window = stack.bridge.snapshot().windows.find((w) => app.title.test(w.title));
    const ourBytes = Buffer.byteLength(JSON.stringify(window), 'utf8');
    const rawBytes = Buffer.byteLength(rawTreeJson(tree.root), 'utf8');
    const mine = summarise(ours).median;
    const py = summarise(theirs).median;
    rows.push({
      toolkit: app.label,
      nodes,
      'full read, ours': ms(mine),
      'pyatspi (same details)': ms(py),
      'pyatspi ÷ ours': `${(py / mine).toFixed(1)}×`,
      'bytes ours / raw tree': `${ourBytes} / ${rawBytes} (${((100 * ourBytes) / rawBytes).toFixed(1)}%)`,
    });
  }
  console.log(table(rows));
  console.log(`${ROUNDS} rounds, interleaved; medians. pyatspi: a fresh process reading role, name, states, attributes, relations, actions, text/value of every node.`);
} finally {
  await stack.close();
}
