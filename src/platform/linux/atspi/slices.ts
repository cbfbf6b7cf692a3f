/**
 * readChildren(ref, offset, limit): a slice of a large container without reading the rest
 * (P-BLK-7). Tables are sliced in the neutral shape (column headers, then rows of cells, rows
 * fetched with Table.GetAccessibleAt); other containers child by child (GetChildAtIndex).
 */
import type { A11yNode, TreeBudget } from '../../probe.js';
import { formatRef, fromWire, type ObjRef, parseRef } from './refs.js';
import { AtspiError } from './errors.js';
import type { AtspiClient } from './client.js';
import { IFACE } from './names.js';
import type { ToolkitInfo } from './normalize.js';
import { parseRowRef, rawHeaderCount, rowNode, rowOfRaw, shapeOfSizes, type TableShape } from './tables.js';
import { DEFAULT_MAX_TEXT, readForest, type TreeReadOptions } from './treeReader.js';
import { cellRefs, readCells, visibleRange } from './viewportTable.js';

export interface SliceOptions {
  toolkit?: ToolkitInfo;
  /** Budget for the subtrees under the returned children (shared by the slice). */
  budget?: TreeBudget;
}

/** Most children one slice returns. */
export const MAX_SLICE = 1000;

interface Layout {
  childCount: number;
  table: TableShape | null;
  /** A table read by its viewport (viewportTable.ts): rows from `offset`, the columns on screen. */
  viewport: { rows: number; firstColumn: number; columns: number } | null;
}

export async function readChildSlice(client: AtspiClient, ref: string, offset: number, limit: number, options: SliceOptions): Promise<A11yNode[]> {
  const count = Math.min(limit, MAX_SLICE);
  const budget = options.budget ?? { maxNodes: Math.min(5000, Math.max(50, count * 50)), maxDepth: 16, deadlineMs: 3000 };
  const treeOptions: TreeReadOptions = { toolkit: options.toolkit, useCacheHints: false };
  const row = parseRowRef(ref);
  if (row) {
    const cells = await rowCells(client, parseRef(row.table), row.row, offset, count);
    return readForest(client, cells, budget, treeOptions);
  }
  const target = parseRef(ref);
  const layout = await readLayout(client, target);
  const size = layout.viewport ? layout.viewport.rows : layout.table ? layout.table.headers + layout.table.rows : layout.childCount;
  const end = Math.min(offset + count, size);
  const indexes = Array.from({ length: Math.max(0, end - offset) }, (_, i) => offset + i);
  const share = { ...budget, maxNodes: Math.max(1, Math.floor(budget.maxNodes / Math.max(1, indexes.length))) };
  const items = await Promise.all(indexes.map((index) => readItem(client, ref, target, layout, index, share, treeOptions)));
  return items.filter((item): item is A11yNode => item !== null);
}

/** One neutral child: a header or plain child by index, or a row of a flat table. */
async function readItem(
  client: AtspiClient,
  ref: string,
  target: ObjRef,
  layout: Layout,
  index: number,
  budget: TreeBudget,
  options: TreeReadOptions,
): Promise<A11yNode | null> {
  if (layout.viewport) {
    const refs = await cellRefs(client, target, index, layout.viewport.firstColumn, layout.viewport.columns);
    const [cells] = await readCells({ client, toolkit: options.toolkit, hints: new Map(), maxTextLength: DEFAULT_MAX_TEXT, bounds: false }, [refs]);
    return rowNode(ref, index, cells ?? []);
  }
  const table = layout.table;
  const headers = table?.headers ?? 0;
  if (!table || index < headers) {
    const child = await childAt(client, target, index + (table?.corner ?? 0));
    return child ? ((await readForest(client, [child], budget, options))[0] ?? null) : null;
  }
  const row = index - headers;
  if (table.stride === table.columns)
    return rowNode(ref, row, await readForest(client, await rowCells(client, target, row, 0, table.columns), budget, options));
  // The row-header layout: the row's children by index, as the tree read takes them (row header first).
  const first = rawHeaderCount(table) + row * table.stride;
  const raw = await Promise.all(Array.from({ length: table.stride }, (_, i) => childAt(client, target, first + i)));
  const nodes = await readForest(
    client,
    raw.filter((child): child is ObjRef => child !== null),
    budget,
    options,
  );
  // A child gone meanwhile: the row's cells without its header (a short row, never a shifted one).
  return nodes.length === table.stride
    ? rowOfRaw(ref, row, nodes, table)
    : rowNode(
        ref,
        row,
        nodes.filter((n) => n.role !== 'table_row_header'),
      );
}

async function childAt(client: AtspiClient, target: ObjRef, index: number): Promise<ObjRef | null> {
  const child = fromWire((await client.call(target, IFACE.accessible, 'GetChildAtIndex', 'i', [index]))[0]);
  return child && child.path !== '/org/a11y/atspi/null' ? child : null;
}

/** A table whose size is read this many times without two reads agreeing is reported as changing. */
const LAYOUT_READS = 4;

/**
 * ChildCount and the Table size are separate calls: while the application fills the table (zenity
 * adds rows in batches) they can come from different moments and not fit the flat layout. Reading
 * that as "not a table" sliced raw cells and returned no row; instead the size is read again until
 * two reads agree, and a table that never holds still is a clear error, never an empty slice.
 */
export async function readLayout(client: AtspiClient, target: ObjRef): Promise<Layout> {
  let previous: string | null = null;
  for (let attempt = 1; ; attempt++) {
    const sizes = await readSizes(client, target);
    const flat = flatTable(sizes);
    const key = JSON.stringify(sizes);
    if (!sizes.table || flat) return { childCount: sizes.childCount, table: flat, viewport: null };
    // A table that manages its descendants is never the flat layout (LibreOffice Calc): no re-read.
    const viewport = await viewportOf(client, target, sizes);
    if (viewport || key === previous) return { childCount: sizes.childCount, table: null, viewport };
    if (attempt >= LAYOUT_READS)
      throw new AtspiError(
        'changing',
        `the table ${formatRef(target)} kept changing while its size was read (${sizes.childCount} children, ${sizes.table.rows} rows of ${sizes.table.columns}); read it again`,
      );
    previous = key;
  }
}

interface Sizes {
  childCount: number;
  table: { rows: number; columns: number } | null;
  component: boolean;
}

async function readSizes(client: AtspiClient, target: ObjRef): Promise<Sizes> {
  const [childCount, interfaces] = await Promise.all([client.property(target, IFACE.accessible, 'ChildCount'), client.interfaces(target)]);
  const component = interfaces.includes(IFACE.component);
  if (!interfaces.includes(IFACE.table)) return { childCount: Number(childCount), table: null, component };
  // Asked together with a second ChildCount: a count that moved meanwhile shows up as a mismatch.
  const [rows, columns, again] = (
    await Promise.all([
      client.property(target, IFACE.table, 'NRows'),
      client.property(target, IFACE.table, 'NColumns'),
      client.property(target, IFACE.accessible, 'ChildCount'),
    ])
  ).map(Number) as [number, number, number];
  return { childCount: again, table: { rows, columns }, component };
}

/** The flat header+cells layout (or Qt's row-header layout), when the sizes fit it. */
function flatTable(sizes: Sizes): Layout['table'] {
  return sizes.table ? shapeOfSizes(sizes.childCount, sizes.table.rows, sizes.table.columns) : null;
}

async function viewportOf(client: AtspiClient, target: ObjRef, sizes: Sizes): Promise<Layout['viewport']> {
  const columns = sizes.table?.columns ?? 0;
  if (columns <= 0 || !sizes.component || !(await client.states(target)).includes('manages_descendants')) return null;
  const range = await visibleRange(client, target);
  return { rows: sizes.table?.rows ?? 0, firstColumn: range?.firstColumn ?? 0, columns: range?.columns ?? 1 };
}

/** Cells `offset` … `offset + count - 1` of a row: only those are asked for (a sheet row is 16,384 wide). */
async function rowCells(client: AtspiClient, table: ObjRef, row: number, offset: number, count: number): Promise<ObjRef[]> {
  const columns = Number(await client.property(table, IFACE.table, 'NColumns'));
  return cellRefs(client, table, row, offset, Math.min(count, Math.max(0, columns - offset)));
}
