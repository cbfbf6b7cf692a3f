/**
 * LibreOffice on a live desktop: Writer and Calc from Debian (VCL gtk3 plugin, ATK
 * bridge), each with a profile of its own in a temporary directory (no first-start dialogs, one
 * process per app). Calc's sheet (2^20 × 16,384 cells, ChildCount 2^31-1) is read by its visible
 * range only. For each app: generic/translated coverage ≥ 97% of a pyatspi dump of the same
 * window, still running after 50 full reads and 20 actions; Calc: set_cell reads back, paging
 * through load_cells and go_to_cell reaches a value far down the sheet; Writer: typed text is
 * read back as the document and saved through the Save As dialog. One desktop for the file.
 */
import { existsSync, mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_TREE_BUDGET } from '../../src/platform/probe.js';
import type { LaunchedApp } from '../../src/platform/linux/desktop/index.js';
import { coverageOf, pyatspiWindow } from './helpers/coverage.js';
import { displayStack, waitFor } from './helpers/desktop.js';
import { useLiveBridge } from './helpers/liveBridge.js';

const stack = displayStack(['soffice']);
/** A first start with an empty profile takes 10–40 s, and over 90 s on a machine loaded 12× its cores. */
const START_MS = 180_000;

type Table = { type: 'table'; id?: string; columns: string[]; rows: unknown[][] };

describe.skipIf(stack.skip)('LibreOffice Writer and Calc', () => {
  const live = useLiveBridge({ desktop: {} });
  const profiles = mkdtempSync(join(tmpdir(), 'gui-bridge-lo-'));
  const apps: Record<'calc' | 'writer', LaunchedApp | undefined> = { calc: undefined, writer: undefined };

  beforeAll(
    async () => {
      // One after the other (two first starts at once double the wait on a small machine). Readable:
      // the sheet translated (Calc), the document read (Writer), not a window waiting for its accessible.
      const launch = (app: 'calc' | 'writer') =>
        live.desktop.launch('soffice', [`-env:UserInstallation=file://${join(profiles, app)}`, '--norestore', '--nologo', `--${app}`]);
      apps.calc = await launch('calc');
      await readable(/LibreOffice Calc$/, /sheet "/);
      apps.writer = await launch('writer');
      await readable(/LibreOffice Writer$/, /^(?!.*(cannot be read|not appeared|no readable content))/);
    },
    2 * START_MS + 30_000,
  );
  afterAll(() => rmSync(profiles, { recursive: true, force: true }));

  const readable = async (title: RegExp, summary: RegExp) => {
    let last = 'no window';
    try {
      return await waitFor(async () => {
        const w = (await live.client.snapshot()).windows.find((x) => title.test(x.title));
        last = w ? `${w.summary} ${JSON.stringify(w.blocks).slice(0, 300)}` : 'no window';
        return w?.summary && summary.test(w.summary) ? w : null;
      }, START_MS);
    } catch (error) {
      throw new Error(`${title} not readable: ${last}`, { cause: error });
    }
  };
  const windowOf = async (title: RegExp) => (await live.client.snapshot()).windows.find((w) => title.test(w.title));
  const toolsOf = async (winId: string) => (await live.client.client.listTools()).tools.filter((t) => t.name.startsWith(`${winId}__`));
  const alive = (app: LaunchedApp | undefined) => expect(() => process.kill(app!.pid, 0)).not.toThrow();
  const call = async (name: string, args: Record<string, unknown>) => {
    const result = await live.client.call(name, args);
    expect(result.isError, `${name}: ${JSON.stringify(result.structuredContent)}`).toBeFalsy();
    return result.structuredContent as { message?: string; result?: Record<string, unknown> };
  };
  const cellsOf = (window: { blocks: unknown[] } | undefined) => window?.blocks.find((b) => (b as Table).id === 'cells') as Table | undefined;

  it('Calc: the sheet is a table of the range on screen, never its 2^31 children', async () => {
    const calc = await live.windowTitled(/LibreOffice Calc$/);
    expect(calc.summary).toMatch(/sheet "Sheet1"; cells A1:[A-Z]+[0-9]+ shown/);
    const cells = cellsOf(calc);
    expect(cells?.columns.slice(0, 3)).toEqual(['row', 'A', 'B']);
    const native = (await live.probe.readTopology()).windows.find((w) => /LibreOffice Calc$/.test(w.title));
    const tree = await live.probe.readTree(native!.nativeId, DEFAULT_TREE_BUDGET);
    expect(tree.incomplete).toBeFalsy();
    expect(tree.nodeCount).toBeLessThan(DEFAULT_TREE_BUDGET.maxNodes);
    const tools = (await toolsOf(calc.id)).map((t) => t.name.slice(calc.id.length + 2));
    expect(tools).toEqual(expect.arrayContaining(['load_cells', 'go_to_cell', 'set_cell', 'menu', 'type_text']));
  }, 60_000);

  it('Calc: set_cell types a value or formula and reads the cell back', async () => {
    const calc = await live.windowTitled(/LibreOffice Calc$/);
    expect((await call(`${calc.id}__set_cell`, { cell: 'A1', value: 'Revenue' })).result).toEqual({ cell: 'A1', shown: 'Revenue' });
    expect((await call(`${calc.id}__set_cell`, { cell: 'B2', value: '1234' })).result).toEqual({ cell: 'B2', shown: '1234' });
    expect((await call(`${calc.id}__set_cell`, { cell: 'C3', value: '=B2*2' })).result).toEqual({ cell: 'C3', shown: '2468' });
    const rows = await waitFor(async () => {
      const table = cellsOf(await windowOf(/LibreOffice Calc$/));
      return table && table.rows.length >= 3 ? table.rows : null;
    }, 15_000);
    expect(rows.map((r) => r.slice(0, 4))).toEqual([
      [1, 'Revenue', '', ''],
      [2, '', '1234', ''],
      [3, '', '', '2468'],
    ]);
    const bad = await live.client.call(`${calc.id}__set_cell`, { cell: 'ZZZZ1', value: '1' });
    expect(bad.isError).toBe(true);
    expect((bad.structuredContent as { code?: string }).code).toBe('validation_failed');
  }, 120_000);

  it('Calc agent task: find a value far down the sheet by paging with load_cells, then go there', async () => {
    const calc = await live.windowTitled(/LibreOffice Calc$/);
    await call(`${calc.id}__set_cell`, { cell: 'B5000', value: 'needle' });
    await call(`${calc.id}__go_to_cell`, { cell: 'A1' });
    let found: string | undefined;
    for (let first = 1; first <= 6000 && !found; first += 200) {
      const page = (await call(`${calc.id}__load_cells`, { range: `A${first}:C${first + 199}` })).result as { rows: Array<Array<string | number>> };
      const row = page.rows.find((r) => r.slice(1).includes('needle'));
      if (row) found = `${String.fromCharCode(64 + row.indexOf('needle'))}${row[0]}`;
    }
    expect(found).toBe('B5000');
    await call(`${calc.id}__go_to_cell`, { cell: found! });
    const after = await waitFor(async () => {
      const w = await windowOf(/LibreOffice Calc$/);
      return w?.summary?.includes('cursor on B5000') ? w : null;
    }, 15_000);
    expect(cellsOf(after)?.rows.some((r) => r[0] === 5000 && r.includes('needle'))).toBe(true);
    await call(`${calc.id}__go_to_cell`, { cell: 'A1' });
  }, 180_000);

  it('Writer agent task: type a document, read it back, save it through the Save As dialog', async () => {
    const writer = await live.windowTitled(/LibreOffice Writer$/);
    await call(`${writer.id}__type_text`, { text: 'Quarterly report draft' });
    const text = await waitFor(async () => {
      const w = await windowOf(/LibreOffice Writer$/);
      const block = w?.blocks.find((b) => b.type === 'text') as { text: string } | undefined;
      return block?.text.includes('Quarterly report draft') ? block.text : null;
    }, 15_000);
    expect(text).toContain('Quarterly report draft');
    const opened = await call(`${writer.id}__press_keys`, { keys: ['ctrl+shift+s'] });
    const chooserId = await waitFor(async () => {
      const ids = (opened as { openedWindowIds?: string[] }).openedWindowIds ?? [];
      const windows = (await live.client.snapshot()).windows;
      return windows.find((w) => ids.includes(w.id) || /^Save As$/.test(w.title))?.id ?? null;
    }, 30_000);
    const target = join(profiles, 'report.odt');
    await waitFor(async () => ((await toolsOf(chooserId)).some((t) => t.name === `${chooserId}__choose`) ? true : null), 30_000);
    await call(`${chooserId}__choose`, { path: target });
    await waitFor(() => (existsSync(target) && statSync(target).size > 0 ? true : null), 30_000);
    const saved = await waitFor(async () => {
      const w = (await live.client.snapshot()).windows.find((x) => /^report\.odt - LibreOffice Writer$/.test(x.title));
      return w ?? null;
    }, 30_000);
    expect(saved.title).toBe('report.odt - LibreOffice Writer');
  }, 180_000);

  const CASES = [
    {
      app: 'calc' as const,
      title: /LibreOffice Calc$/,
      titleText: 'LibreOffice Calc',
      action: (i: number): [string, Record<string, unknown>] =>
        i % 2 === 0 ? ['go_to_cell', { cell: `C${i + 1}` }] : ['load_cells', { range: `A${i}:D${i + 10}` }],
    },
    {
      app: 'writer' as const,
      title: /LibreOffice Writer$/,
      titleText: 'LibreOffice Writer',
      action: (i: number): [string, Record<string, unknown>] => (i % 2 === 0 ? ['type_text', { text: `w${i} ` }] : ['press_keys', { keys: ['End'] }]),
    },
  ];
  for (const app of CASES) {
    it(`${app.titleText}: coverage ≥ 97% of pyatspi; still running after 50 full reads and 20 actions`, async () => {
      const window = await live.windowTitled(app.title);
      const reference = await pyatspiWindow(live.desktop, 'soffice', app.titleText, 240_000);
      const now = await windowOf(app.title);
      const coverage = coverageOf(reference, now!, await toolsOf(window.id));
      expect(coverage.ratio, `missing: ${coverage.missing.join(' | ')}`).toBeGreaterThanOrEqual(0.97);

      const native = (await live.probe.readTopology()).windows.find((w) => app.title.test(w.title));
      for (let read = 0; read < 50; read++) {
        const tree = await live.probe.readTree(native!.nativeId, DEFAULT_TREE_BUDGET);
        expect(tree.nodeCount).toBeGreaterThan(100);
      }
      for (let i = 0; i < 20; i++) {
        const [tool, args] = app.action(i);
        await call(`${window.id}__${tool}`, args);
      }
      alive(apps[app.app]);
      const after = await windowOf(app.title);
      expect(after?.summary).not.toMatch(/cannot be read|not responding/);
    }, 600_000);
  }
});
