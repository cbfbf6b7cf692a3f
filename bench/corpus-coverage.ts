/**
 * Corpus coverage, per app and per toolkit: the texts pyatspi reads in each corpus app's window
 * (labels, values, cells, list items, status bars, page text; visible nodes only), how many of
 * them our read of the same window shows (test/live/corpus/coverage.ts), the hidden texts our read
 * shows (none expected), and a full read of the window by our probe against pyatspi reading the
 * same app in the same run (bench/toolkitRows.ts), medians of interleaved rounds.
 *   npx tsx bench/corpus-coverage.ts [app-id …]      (BENCH_ROUNDS=7 by default)
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { silentLogger } from '../src/util/logger.js';
import { connectMemoryClient } from '../test/helpers/demoServer.js';
import { waitFor } from '../test/live/helpers/desktop.js';
import { pyatspiWindow } from '../test/live/helpers/coverage.js';
import { openLiveStack } from '../test/live/helpers/liveStack.js';
import { CORPUS, launchCorpusApp, toolkitOf, type CorpusApp } from '../test/live/corpus/apps.js';
import { CATEGORIES, corpusCoverage, ROW_CATEGORIES, type Category, type CorpusCoverage } from '../test/live/corpus/coverage.js';
import { prepareDocuments } from '../test/live/corpus/documents.js';
import { table } from './stats.js';
import { toolkitRow } from './toolkitRows.js';

const wanted = process.argv.slice(2);
const apps = CORPUS.filter((a) => wanted.length === 0 || wanted.includes(a.id));
const pct = (found: number, items: number) => (items === 0 ? '—' : `${((100 * found) / items).toFixed(1)}%`);

interface Result {
  app: CorpusApp;
  coverage: CorpusCoverage;
  timing: Record<string, string | number>;
}

async function measure(app: CorpusApp): Promise<Result> {
  // One desktop per app: each is measured alone, as a user would run it.
  const stack = await openLiveStack({}, silentLogger);
  const dir = mkdtempSync(join(tmpdir(), 'gui-bridge-corpus-bench-'));
  try {
    const running = await launchCorpusApp(stack.desktop, app, prepareDocuments(dir));
    const client = await connectMemoryClient(stack.hub);
    const title = new RegExp(app.titleText.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'));
    const window = await waitFor(
      async () => (await client.snapshot()).windows.find((w) => title.test(w.title) && !/has not appeared yet/.test(JSON.stringify(w.blocks))),
      (app.startSeconds ?? 45) * 1000,
      500,
    );
    await new Promise((resolve) => setTimeout(resolve, 2000)); // let the document finish loading
    const reference = await pyatspiWindow(stack.desktop, app.atspiName, app.titleText, 120_000, true);
    const now = (await client.snapshot()).windows.find((w) => w.id === window.id) ?? window;
    const tools = (await client.client.listTools()).tools.filter((t) => t.name.startsWith(`${window.id}__`));
    const coverage = corpusCoverage(reference, toolkitOf(app), now, tools);
    const timing = await toolkitRow(stack, app.id, title, running.launched.pid);
    await client.close();
    await running.stop();
    return { app, coverage, timing };
  } finally {
    await stack.close();
    rmSync(dir, { recursive: true, force: true });
  }
}

const results: Result[] = [];
for (const app of apps) {
  try {
    results.push(await measure(app));
  } catch (error) {
    console.log(`${app.id}: not measured: ${error instanceof Error ? error.message : String(error)}`);
  }
}

console.log(
  table(
    results.map(({ app, coverage, timing }) => ({
      app: app.id,
      toolkit: app.toolkit,
      'texts in pyatspi': coverage.items,
      'texts we read': coverage.items - coverage.missing.length,
      coverage: pct(coverage.items - coverage.missing.length, coverage.items),
      'without rows': `${(100 * coverage.textRatio).toFixed(1)}%`,
      ...Object.fromEntries(CATEGORIES.map((k) => [k, coverage.byCategory[k] ? pct(coverage.byCategory[k]!.found, coverage.byCategory[k]!.items) : '—'])),
      'hidden shown': coverage.leaks.length,
      'read, ours': timing['full read, ours'] as string,
      pyatspi: timing['pyatspi (same details)'] as string,
      'pyatspi ÷ ours': timing['pyatspi ÷ ours'] as string,
    })),
  ),
);
const toolkits = [...new Set(results.map((r) => r.app.toolkit))];
console.log(
  table(
    toolkits.map((toolkit) => {
      const mine = results.filter((r) => r.app.toolkit === toolkit);
      const items = mine.reduce((sum, r) => sum + r.coverage.items, 0);
      const found = mine.reduce((sum, r) => sum + r.coverage.items - r.coverage.missing.length, 0);
      const cats = (pick: (k: Category) => boolean) =>
        mine.flatMap((r) =>
          Object.entries(r.coverage.byCategory)
            .filter(([k]) => pick(k as Category))
            .map(([, c]) => c as { items: number; found: number }),
        );
      const text = cats((k) => !ROW_CATEGORIES.has(k));
      const rows = cats((k) => ROW_CATEGORIES.has(k));
      const sum = (list: Array<{ items: number; found: number }>, key: 'items' | 'found') => list.reduce((total, c) => total + c[key], 0);
      return {
        toolkit,
        apps: mine.map((r) => r.app.id).join(', '),
        'texts in pyatspi': items,
        'texts we read': found,
        coverage: pct(found, items),
        'without rows': pct(sum(text, 'found'), sum(text, 'items')),
        'rows (cells, items)': pct(sum(rows, 'found'), sum(rows, 'items')),
      };
    }),
  ),
);
for (const r of results) if (r.coverage.missing.length > 0) console.log(`${r.app.id} misses: ${r.coverage.missing.join(' | ')}`);
