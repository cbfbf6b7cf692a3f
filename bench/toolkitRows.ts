/**
 * One row of the per-toolkit benchmark, shared by bench/toolkits-*.ts: a full read of
 * an application's window by our probe against pyatspi reading the same tree with the same
 * details in the same run (test/live/fixtures/atspi_dump.py --detail, runs interleaved), and the
 * bytes of our app://windows entry against the raw tree as JSON (role, name, text, states,
 * bounds of every node).
 */
import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { desktopProcessEnv, type Desktop } from '../src/platform/linux/desktop/index.js';
import type { LiveStack } from '../test/live/helpers/liveStack.js';
import { ms, summarise } from './stats.js';
import { rawTreeJson } from './rawTree.js';

export const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 7);
const DUMPER = fileURLToPath(new URL('../test/live/fixtures/atspi_dump.py', import.meta.url));
const BUDGET = { maxNodes: 20_000, maxDepth: 200, deadlineMs: 10_000 };

export const FOOTNOTE = `${ROUNDS} rounds, interleaved; medians. pyatspi: a fresh process reading role, name, states, attributes, relations, actions, text/value of every node.`;

function pyatspiMs(desktop: Desktop, pid: number): number {
  const out = JSON.parse(
    execFileSync('/usr/bin/python3', [DUMPER, '--pid', String(pid), '--detail'], { env: desktopProcessEnv(desktop.env), maxBuffer: 64 << 20 }).toString(),
  ) as { ms: number[] };
  return out.ms[0] as number;
}

/** The row of the window titled `title` of the process `pid`. */
export async function toolkitRow(stack: LiveStack, label: string, title: RegExp, pid: number): Promise<Record<string, string | number>> {
  const native = (await stack.probe.readTopology()).windows.find((w) => title.test(w.title));
  if (!native) throw new Error(`no window of ${label}`);
  await stack.probe.readTree(native.nativeId, BUDGET); // warm-up
  const ours: number[] = [];
  const theirs: number[] = [];
  let nodes = 0;
  for (let round = 0; round < ROUNDS; round++) {
    const start = performance.now();
    const tree = await stack.probe.readTree(native.nativeId, BUDGET);
    ours.push(performance.now() - start);
    nodes = tree.nodeCount;
    theirs.push(pyatspiMs(stack.desktop, pid));
  }
  const tree = await stack.probe.readTree(native.nativeId, BUDGET);
  const window = stack.bridge.snapshot().windows.find((w) => title.test(w.title));
  const ourBytes = Buffer.byteLength(JSON.stringify(window), 'utf8');
  const rawBytes = Buffer.byteLength(rawTreeJson(tree.root), 'utf8');
  const mine = summarise(ours).median;
  const py = summarise(theirs).median;
  return {
    toolkit: label,
    nodes,
    'full read, ours': ms(mine),
    'pyatspi (same details)': ms(py),
    'pyatspi ÷ ours': `${(py / mine).toFixed(1)}×`,
    'bytes ours / raw tree': `${ourBytes} / ${rawBytes} (${((100 * ourBytes) / rawBytes).toFixed(1)}%)`,
  };
}
