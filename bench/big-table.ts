/**
 * What one state read of a big GTK3 table costs. A 10,000-row `zenity --list`
 * against a 100-row one (the reference, same run, same desktop): D-Bus calls and time per
 * window-tree read with the default budget, once both lists are full. GTK3 makes a cell's
 * accessible on demand, so a read that grows with the rows keeps the app busy; the ratio
 * "10,000 ÷ 100 rows" should stay near 1 (tables.ts TABLE_READ_ROWS).
 *   npx tsx bench/big-table.ts        (BENCH_ROUNDS=9 by default)
 */
import { cpus, loadavg } from 'node:os';
import type { AtspiAccess, AtspiApplication } from '../src/platform/linux/atspi/index.js';
import { DEFAULT_TREE_BUDGET, type A11yNode } from '../src/platform/probe.js';
import { appOf, atspiDesktop } from './atspiApps.js';
import { ms, summarise, table } from './stats.js';

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 9);

function listArgs(rows: number): string[] {
  const cells = Array.from({ length: rows }, (_, i) => [String(i + 1), `Item ${i + 1}`]).flat();
  return ['--list', `--title=List ${rows}`, '--column=Number', '--column=Name', ...cells];
}

function findTable(node: A11yNode): A11yNode | undefined {
  if (node.role === 'table' || node.role === 'tree_table') return node;
  for (const child of node.children) {
    const found = findTable(child);
    if (found) return found;
  }
  return undefined;
}

async function readOnce(access: AtspiAccess, app: AtspiApplication): Promise<{ ms: number; calls: number; rows: number; incomplete: boolean }> {
  const top = app.topLevels[0] as AtspiApplication['topLevels'][number];
  const calls = access.client.callCount;
  const start = performance.now();
  const tree = await access.readTree(top.ref, DEFAULT_TREE_BUDGET, app.name);
  const list = findTable(tree.root);
  const rows = list ? (list.childCount ?? list.children.length) - list.children.filter((c) => c.role !== 'table_row').length : 0;
  return { ms: performance.now() - start, calls: access.client.callCount - calls, rows, incomplete: tree.incomplete === true };
}

/** Reads until the table shows every row (zenity fills big lists in batches). */
async function whenFull(access: AtspiAccess, app: AtspiApplication, rows: number): Promise<void> {
  for (let i = 0; i < 600; i++) {
    const read = await readOnce(access, app);
    if (read.rows >= rows && !read.incomplete) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`the ${rows}-row list never showed every row`);
}

const { desktop, access } = await atspiDesktop();
try {
  const sizes = [100, 10_000];
  const apps = new Map<number, AtspiApplication>();
  for (const rows of sizes) {
    const zenity = await desktop.launch('zenity', listArgs(rows));
    const app = await appOf(access, zenity.pid);
    await whenFull(access, app, rows);
    apps.set(rows, app);
  }
  const samples = new Map<number, { ms: number[]; calls: number }>(sizes.map((rows) => [rows, { ms: [], calls: 0 }]));
  for (let round = 0; round < ROUNDS; round++) {
    for (const rows of sizes) {
      const read = await readOnce(access, apps.get(rows) as AtspiApplication);
      const entry = samples.get(rows) as { ms: number[]; calls: number };
      entry.ms.push(read.ms);
      entry.calls = read.calls;
    }
  }
  const ref = samples.get(100) as { ms: number[]; calls: number };
  const big = samples.get(10_000) as { ms: number[]; calls: number };
  const refMs = summarise(ref.ms).median;
  const bigMs = summarise(big.ms).median;
  console.log(
    table([
      { 'state read of a zenity list': '100 rows (ref)', 'D-Bus calls': ref.calls, median: ms(refMs), p99: ms(summarise(ref.ms).p99), '÷ ref (time)': '1.00' },
      {
        'state read of a zenity list': '10,000 rows',
        'D-Bus calls': big.calls,
        median: ms(bigMs),
        p99: ms(summarise(big.ms).p99),
        '÷ ref (time)': (bigMs / refMs).toFixed(2),
      },
    ]),
  );
  console.log(
    `${ROUNDS} rounds, interleaved, lists full; default budget (${DEFAULT_TREE_BUDGET.maxNodes} nodes). Load average ${loadavg()
      .map((l) => l.toFixed(1))
      .join(' ')} on ${cpus().length} CPUs.`,
  );
  await access.close();
} finally {
  await desktop.stop();
}
