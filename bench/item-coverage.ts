/**
 * Item views per application on a live private desktop (the apps of test/live/itemViews.test.ts):
 * the items of its tables, trees, lists and icon views in a pyatspi walk (item_views.py), how many
 * of them an agent reads (the state, plus load_rows where a view states a total), the coverage,
 * and the time of our full window read (probe.readTree, median of BENCH_ROUNDS) against the
 * pyatspi walk of the same window's item views, measured in the same run.
 *   npx tsx bench/item-coverage.ts        (BENCH_ROUNDS=3 by default)
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DEFAULT_TREE_BUDGET } from '../src/platform/probe.js';
import { silentLogger } from '../src/util/logger.js';
import { connectMemoryClient } from '../test/helpers/demoServer.js';
import { waitFor } from '../test/live/helpers/desktop.js';
import { agentItems, itemCoverage, prepareItemViewApps, pyatspiItems } from '../test/live/helpers/itemViews.js';
import { openLiveStack } from '../test/live/helpers/liveStack.js';
import { ms, summarise, table } from './stats.js';

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const dir = mkdtempSync(join(tmpdir(), 'gui-bridge-item-bench-'));
const stack = await openLiveStack({}, silentLogger);
try {
  const client = await connectMemoryClient(stack.hub);
  const rows: Array<Record<string, string | number>> = [];
  for (const app of prepareItemViewApps(dir)) {
    await stack.desktop.launch(app.command, app.args);
    const window = await waitFor(async () => (await client.snapshot()).windows.find((w) => app.title.test(w.title) && w.blocks.length > 1), 60_000);
    await new Promise((resolve) => setTimeout(resolve, 2000)); // let the app finish filling its views
    const native = (await stack.probe.readTopology()).windows.find((w) => app.title.test(w.title));
    if (!native) throw new Error(`no window of ${app.label}`);
    const ours: number[] = [];
    const theirs: number[] = [];
    let reference = await pyatspiItems(stack.desktop, app.atspiName, app.titleText);
    for (let round = 0; round < ROUNDS; round++) {
      const start = performance.now();
      await stack.probe.readTree(native.nativeId, DEFAULT_TREE_BUDGET);
      ours.push(performance.now() - start);
      reference = await pyatspiItems(stack.desktop, app.atspiName, app.titleText);
      theirs.push(reference.ms);
    }
    const fresh = (await client.snapshot()).windows.find((w) => w.id === window.id) ?? window;
    const tools = (await client.client.listTools()).tools.filter((t) => t.name.startsWith(`${window.id}__`));
    const coverage = itemCoverage(reference, await agentItems(client, fresh, tools));
    const mine = summarise(ours).median;
    const py = summarise(theirs).median;
    rows.push({
      app: app.label,
      'items (pyatspi)': coverage.items,
      'items read (ours)': coverage.read,
      coverage: `${(100 * coverage.ratio).toFixed(1)}%`,
      'our full read': ms(mine),
      'pyatspi item walk': ms(py),
      'ours ÷ pyatspi': `${(mine / py).toFixed(2)}×`,
    });
    if (coverage.missing.length > 0) console.error(`${app.label} missing: ${coverage.missing.join(' | ')}`);
  }
  console.log(table(rows));
  console.log('Our read is the whole window (every node, for the state); pyatspi walks only what the item views show.');
  await client.close();
} finally {
  await stack.close();
  rmSync(dir, { recursive: true, force: true });
}
