/**
 * Item views on real applications, one desktop: KeePassXC, DB Browser for SQLite and pcmanfm-qt
 * (Qt 5), Nautilus (GTK 4), a zenity list (GTK 3) and Gnumeric (GTK 3, a sheet with no accessible
 * cells). Against pyatspi read in the same test (item_views.py): the items of every table, tree,
 * list and icon view that an agent reads (state, plus load_rows where a view states a total)
 * cover ≥ 97% of pyatspi's; load_rows reads rows at the start and at the end of a stated total;
 * no cell with text reads as true/false.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { Snapshot } from '../../src/protocol/schemas.js';
import { OPAQUE_NOTICE } from '../../src/translate/kit/reading.js';
import { displayStack, waitFor } from './helpers/desktop.js';
import { agentItems, itemCoverage, prepareItemViewApps, pyatspiItems, shows } from './helpers/itemViews.js';
import { useLiveBridge } from './helpers/liveBridge.js';

const stack = displayStack(['keepassxc', 'keepassxc-cli', 'sqlitebrowser', 'pcmanfm-qt', 'nautilus', 'zenity', 'gnumeric']);
const dir = mkdtempSync(join(tmpdir(), 'gui-bridge-items-'));
const APPS = stack.skip ? [] : prepareItemViewApps(dir);
afterAll(() => rmSync(dir, { recursive: true, force: true }));

type Window = Snapshot['windows'][number];
const tablesOf = (w: Window) => w.blocks.filter((b) => b.type === 'table') as Array<{ id: string; columns: string[]; rows: unknown[][]; total?: number }>;

describe.skipIf(stack.skip)('item views: tables, trees, lists and icon views of real apps', () => {
  const live = useLiveBridge();
  const toolsOf = async (winId: string) => (await live.client.client.listTools()).tools.filter((t) => t.name.startsWith(`${winId}__`));

  for (const app of APPS) {
    it(`${app.label}: items cover ≥ 97% of pyatspi's; load_rows reads where a total is stated; no text cell reads as a boolean`, async () => {
      await live.desktop.launch(app.command, app.args);
      const first = await live.windowTitled(app.title, 60_000);
      // The app fills its views after its window shows (DB Browser counts, then loads its rows).
      const window = await waitFor(async () => {
        const now = await live.windowNow(first.id);
        return now && shows(now, app.ready) && (!app.statesTotal || (await toolsOf(now.id)).some((t) => t.name.endsWith('__load_rows'))) ? now : null;
      }, 60_000);
      const tools = await toolsOf(window.id);
      const read = await agentItems(live.client, window, tools);
      const reference = await pyatspiItems(live.desktop, app.atspiName, app.titleText);
      const coverage = itemCoverage(reference, read);
      expect(reference.items.length, 'pyatspi found items').toBeGreaterThan(3);
      expect(coverage.ratio, `missing: ${coverage.missing.join(' | ')}`).toBeGreaterThanOrEqual(0.97);

      // Cells with text read as text: none of these apps has a check-box column.
      for (const table of tablesOf(window))
        expect(
          table.rows.flat().filter((v) => typeof v === 'boolean'),
          table.id,
        ).toEqual([]);
      for (const [label, rows] of read.loaded)
        expect(
          rows.flat().filter((v) => typeof v === 'boolean'),
          label,
        ).toEqual([]);

      if (app.statesTotal) {
        const cut = window.blocks.filter((b) => (b.type === 'table' || b.type === 'list') && b.total !== undefined);
        expect(cut.length, 'a view states a total').toBeGreaterThan(0);
        expect(read.cut.length).toBeGreaterThan(0);
        for (const table of read.cut) {
          const first = read.loaded.get(table) ?? [];
          expect(first.length, `${table}: rows from 0`).toBeGreaterThan(0);
          const head = await live.client.call(`${window.id}__load_rows`, { table, offset: 0, limit: 1 });
          const total = (head.structuredContent as { result: { total: number } }).result.total;
          const tail = await live.client.call(`${window.id}__load_rows`, { table, offset: total - 1, limit: 5 });
          expect(tail.isError, `${table}: ${JSON.stringify(tail.structuredContent)}`).toBeFalsy();
          const last = (tail.structuredContent as { result: { rows: unknown[][] } }).result.rows;
          expect(last, `${table}: the last row`).toHaveLength(1);
          if (app.rows) {
            expect(total, `${table}: the total`).toBe(app.rows.total);
            expect(last[0]?.[0], `${table}: the last row`).toBe(app.rows.last);
          }
        }
      }
    }, 180_000);
  }

  it('KeePassXC: entry titles, not "false", where the entries are', async () => {
    const window = await live.windowTitled(/entries\.kdbx - KeePassXC/, 60_000);
    const entries = tablesOf(window).find((t) => t.columns.includes('Title'));
    expect(entries?.rows.map((r) => r[entries.columns.indexOf('Title')])).toEqual(expect.arrayContaining(['Entry 1', 'Entry 10']));
    expect(entries?.total).toBe(15);
  }, 60_000);

  it('pcmanfm-qt: select chooses a file in the Qt icon view, and the view shows it chosen', async () => {
    const window = await live.windowTitled(/^files$/, 60_000);
    const result = await live.client.call(`${window.id}__select`, { field: 'List', option: 'beta.txt' });
    expect(result.isError, JSON.stringify(result.structuredContent)).toBeFalsy();
    expect((result.structuredContent as { message: string }).message).toMatch(/beta\.txt/);
  }, 60_000);

  it('zenity --list (GTK 3 tree view) still reads its columns and rows', async () => {
    await live.desktop.launch('zenity', ['--list', '--title=Fruit', '--column=Name', '--column=Colour', 'Apple', 'red', 'Banana', 'yellow']);
    const window = await live.windowTitled(/^Fruit$/, 30_000);
    const reference = await pyatspiItems(live.desktop, 'zenity', 'Fruit');
    const coverage = itemCoverage(reference, await agentItems(live.client, window, await toolsOf(window.id)));
    expect(coverage.ratio, `missing: ${coverage.missing.join(' | ')}`).toBeGreaterThanOrEqual(0.97);
    expect(tablesOf(window)[0]).toMatchObject({
      columns: ['Name', 'Colour'],
      rows: [
        ['Apple', 'red'],
        ['Banana', 'yellow'],
      ],
    });
  }, 60_000);

  it('Gnumeric (GTK 3): a sheet with no accessible cells is said in a notice', async () => {
    await live.desktop.launch('gnumeric', []);
    const window = await live.windowTitled(/Gnumeric/, 60_000);
    expect(window.blocks.filter((b) => b.type === 'notice').map((b) => (b as { text: string }).text)).toContain(OPAQUE_NOTICE);
  }, 90_000);
});
