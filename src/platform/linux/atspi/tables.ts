/**
 * GTK exposes a table (GtkTreeView) as one flat list of children: the column headers, then
 * every cell row by row. The neutral model groups them: table → column headers, then
 * `table_row` nodes → cells, with `attributes.rows`/`columns` from the Table interface.
 * Row nodes do not exist in AT-SPI; their refs are the table's ref plus "#row<index>".
 *
 * Qt's QTableView with a vertical header (a data grid) lists a header row and then, per row, its
 * row header followed by its cells: (rows + 1) × (columns + 1) children, the first one the corner
 * button (a `panel`). The neutral model is the same: the column headers, then rows of cells; the
 * row header's text becomes the row node's name and the corner is left out.
 */
import type { A11yNode } from '../../probe.js';

const HEADER_ROLES = new Set(['table_column_header', 'column_header']);
/** Rows are made here; a child that is already one is not a cell of the flat layout. */
const NOT_CELL_ROLES = new Set([...HEADER_ROLES, 'table_row', 'row']);
const ROW_MARK = '#row';

export interface TableShape {
  rows: number;
  columns: number;
  /** Leading children that are column headers (children before the first cell). */
  headers: number;
  /** Raw children per row: `columns`, or `columns + 1` when each row starts with its row header. */
  stride: number;
  /** Raw children before the first column header: 1 (the corner) in the row-header layout. */
  corner: number;
}

/** The shape of a table node whose Table size was read, or null for anything else. */
export function tableShape(node: A11yNode, rawChildCount: number): TableShape | null {
  return shapeOfSizes(rawChildCount, Number(node.attributes?.rows), Number(node.attributes?.columns));
}

/**
 * The layout the sizes fit: flat (up to `columns` headers, then rows × columns cells) or Qt's
 * row-header layout ((rows + 1) × (columns + 1) children). Both cannot fit the same sizes: the
 * second has rows + 1 more children than the flat one can.
 */
export function shapeOfSizes(rawChildCount: number, rows: number, columns: number): TableShape | null {
  if (!Number.isInteger(rows) || !Number.isInteger(columns) || columns <= 0 || rows < 0) return null;
  const headers = rawChildCount - rows * columns;
  if (headers >= 0 && headers <= columns) return { rows, columns, headers, stride: columns, corner: 0 };
  if (rawChildCount === (rows + 1) * (columns + 1)) return { rows, columns, headers: columns, stride: columns + 1, corner: 1 };
  return null;
}

/** Raw children before the first row: the corner and the column headers. */
export const rawHeaderCount = (shape: TableShape): number => shape.corner + shape.headers;

/**
 * Most rows of a table a tree read takes in; the state shows a preview of them and the `total`,
 * and readChildren (load_rows) pages through the rest (P-BLK-7). Why a cap and not the node
 * budget: toolkits make a table's cell accessibles on demand (GTK3 GtkTreeView: one object per
 * cell, on every GetChildAtIndex), so reading a 10,000-row list up to a 5,000-node budget cost
 * thousands of calls per read, kept the app busy answering them and missed the deadline under load.
 */
export const TABLE_READ_ROWS = 100;

/** How many raw children to read to show the headers and as many whole rows as `budget` nodes (and TABLE_READ_ROWS) allow. */
export function tableAllotment(shape: TableShape, budget: number): { rawChildren: number; rows: number } {
  const head = rawHeaderCount(shape);
  if (budget <= head) return { rawChildren: Math.max(0, budget), rows: 0 };
  const rows = Math.min(shape.rows, TABLE_READ_ROWS, Math.floor((budget - head) / (shape.stride + 1)));
  return { rawChildren: head + rows * shape.stride, rows };
}

/**
 * Regroups a table's flat children (headers, then cells row by row) into header nodes followed by
 * row nodes. Returns the number of row nodes added, or -1 when the children are not that layout.
 */
export function groupTableChildren(table: A11yNode, shape: TableShape, firstRow = 0): number {
  const head = rawHeaderCount(shape);
  const headers = table.children.slice(shape.corner, head);
  const cells = table.children.slice(head);
  // Cells take the role of what renders them: table_cell in GTK and Qt, label or check_box in Java.
  if (!headers.every((h) => HEADER_ROLES.has(h.role)) || cells.some((c) => NOT_CELL_ROLES.has(c.role))) return -1;
  const rows: A11yNode[] = [];
  for (let start = 0; start < cells.length; start += shape.stride) {
    rows.push(rowOfRaw(table.ref, firstRow + rows.length, cells.slice(start, start + shape.stride), shape));
  }
  table.children = [...headers, ...rows];
  const neutralCount = shape.headers + shape.rows;
  if (table.children.length < neutralCount) table.childCount = neutralCount;
  else delete table.childCount;
  return rows.length;
}

/** A row from its raw children: in the row-header layout the first one names the row. */
export function rowOfRaw(tableRef: string, row: number, raw: A11yNode[], shape: Pick<TableShape, 'stride' | 'columns'>): A11yNode {
  if (shape.stride === shape.columns) return rowNode(tableRef, row, raw);
  const [header, ...cells] = raw;
  const node = rowNode(tableRef, row, cells);
  if (header?.role === 'table_row_header' && header.name) node.name = header.name;
  return node;
}

export function rowNode(tableRef: string, row: number, cells: A11yNode[]): A11yNode {
  const states = cells.length > 0 && cells.every((c) => c.states.includes('selected')) ? ['selected'] : [];
  return { ref: rowRef(tableRef, row), role: 'table_row', name: '', states, children: cells };
}

export function rowRef(tableRef: string, row: number): string {
  return `${tableRef}${ROW_MARK}${row}`;
}

/** The table ref and row index of a synthetic row ref, or null for a real node's ref. */
export function parseRowRef(ref: string): { table: string; row: number } | null {
  const at = ref.lastIndexOf(ROW_MARK);
  if (at < 0) return null;
  const row = Number(ref.slice(at + ROW_MARK.length));
  if (!Number.isInteger(row) || row < 0) return null;
  return { table: ref.slice(0, at), row };
}
