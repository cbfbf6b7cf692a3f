/**
 * Tables too big to list: LibreOffice Calc's sheet is a `Table` of 1,048,576 rows × 16,384
 * columns that `manages_descendants` and reports ChildCount 2^31-1; every child asked for is an
 * object the application creates on demand. Such a table is never walked child by child: only the
 * range shown on screen is read — the cells under the table's top-left and bottom-right corners
 * (`Component.GetAccessibleAtPoint`) give the first and last visible row and column, and each cell
 * in between is fetched with `Table.GetAccessibleAt(row, column)`, bounded by VIEW_LIMIT.
 * The neutral shape is the usual one (rows of cells) with absolute row refs and the range in
 * attributes: `first_row`, `first_column`, `shown_rows`, `shown_columns` (0-based).
 */
import type { A11yNode } from '../../probe.js';
import type { AtspiClient } from './client.js';
import { COORD, IFACE } from './names.js';
import { cleanAttributes, normalizeName } from './normalize.js';
import { readFacts, type ReadContext } from './nodeReader.js';
import { formatRef, fromWire, type ObjRef } from './refs.js';
import { policyFor } from './toolkitPolicy.js';
import { readTextValue } from './values.js';

export interface CellRange {
  firstRow: number;
  firstColumn: number;
  rows: number;
  columns: number;
}

/** Most rows and columns read from one viewport (a zoomed-out sheet shows more). */
export const VIEW_LIMIT = { rows: 60, columns: 30 } as const;

/**
 * A table read by its viewport: it manages its descendants and its children are not the flat
 * header-and-cells list of a GTK tree view (that one is read whole, tables.ts).
 */
export function isViewportTable(node: A11yNode, interfaces: ReadonlySet<string>, flatShape: boolean): boolean {
  if (flatShape || !interfaces.has(IFACE.table) || !interfaces.has(IFACE.component)) return false;
  return node.states.includes('manages_descendants') && Number(node.attributes?.rows) > 0 && Number(node.attributes?.columns) > 0;
}

/** The cell range shown on screen, clipped to VIEW_LIMIT; null when no cell is under the corners. */
export async function visibleRange(client: AtspiClient, table: ObjRef): Promise<CellRange | null> {
  const [x, y, width, height] = await client.extents(table, COORD.screen);
  if (width <= 0 || height <= 0) return null;
  const [first, last] = await Promise.all([cellAt(client, table, x + 1, y + 1), cellAt(client, table, x + width - 2, y + height - 2)]);
  if (!first) return null;
  const end = last ?? first;
  return {
    firstRow: first.row,
    firstColumn: first.column,
    rows: Math.min(VIEW_LIMIT.rows, Math.max(1, end.row - first.row + 1)),
    columns: Math.min(VIEW_LIMIT.columns, Math.max(1, end.column - first.column + 1)),
  };
}

async function cellAt(client: AtspiClient, table: ObjRef, x: number, y: number): Promise<{ row: number; column: number } | null> {
  const [hit] = await client.call(table, IFACE.component, 'GetAccessibleAtPoint', 'iiu', [x, y, client.coordinates(table.bus, COORD.screen)]);
  const cell = fromWire(hit);
  if (!cell || cell.path === '/org/a11y/atspi/null') return null;
  const [index] = await client.call(cell, IFACE.accessible, 'GetIndexInParent');
  const [[row], [column]] = await Promise.all([
    client.call(table, IFACE.table, 'GetRowAtIndex', 'i', [Number(index)]),
    client.call(table, IFACE.table, 'GetColumnAtIndex', 'i', [Number(index)]),
  ]);
  return Number(row) >= 0 && Number(column) >= 0 ? { row: Number(row), column: Number(column) } : null;
}

/** The cells of `row` from `firstColumn`, `count` of them (never the whole row: it may be 16,384 wide). */
export async function cellRefs(client: AtspiClient, table: ObjRef, row: number, firstColumn: number, count: number): Promise<ObjRef[]> {
  const cells = await Promise.all(
    Array.from({ length: Math.max(0, count) }, (_, i) =>
      client.call(table, IFACE.table, 'GetAccessibleAt', 'ii', [row, firstColumn + i]).then(
        ([cell]) => fromWire(cell),
        () => null,
      ),
    ),
  );
  return cells.filter((cell): cell is ObjRef => cell !== null && cell.path !== '/org/a11y/atspi/null');
}

/** Records the range on the table node (the translator names rows and columns from it). */
export function markRange(node: A11yNode, range: CellRange, rowsRead: number): void {
  node.attributes = {
    ...node.attributes,
    first_row: String(range.firstRow),
    first_column: String(range.firstColumn),
    shown_rows: String(rowsRead),
    shown_columns: String(range.columns),
  };
}

/**
 * Reads the cells of a viewport. A screen holds hundreds of cells and this toolkit answers each
 * call on its UI thread, so a cell costs the calls a reader needs and no more: the first cell's
 * facts (role, interfaces) stand for all, then per cell its name, states and text (what a
 * screen reader asks); the focused cell also gets its attributes (Calc puts the formula there).
 */
export async function readCells(ctx: ReadContext, rows: ObjRef[][]): Promise<A11yNode[][]> {
  const first = rows.flat()[0];
  if (!first) return rows.map(() => []);
  const template = await readFacts({ ...ctx, hints: new Map() }, first);
  const read = (ref: ObjRef) => readCell(ctx, ref, template.role, template.interfaces).catch(() => null);
  return Promise.all(rows.map(async (refs) => (await Promise.all(refs.map(read))).filter((cell): cell is A11yNode => cell !== null)));
}

async function readCell(ctx: ReadContext, ref: ObjRef, role: string, interfaces: ReadonlySet<string>): Promise<A11yNode> {
  const { client } = ctx;
  const textual = interfaces.has(IFACE.text) && role !== 'password_text';
  const [name, states, text] = await Promise.all([
    client.property(ref, IFACE.accessible, 'Name'),
    client.states(ref),
    textual ? readTextValue(client, ref, ctx.maxTextLength, policyFor(ctx.toolkit).clampTextRange) : Promise.resolve(undefined),
  ]);
  const node: A11yNode = { ref: formatRef(ref), role, name: normalizeName(typeof name === 'string' ? name : '', ctx.toolkit), states, children: [] };
  if (text) node.value = text.value;
  ctx.answered?.();
  if (states.includes('focused')) {
    const attributes = cleanAttributes(await client.attributes(ref).catch(() => ({})));
    if (attributes) node.attributes = attributes;
  }
  return node;
}
