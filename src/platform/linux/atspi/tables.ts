/**
 * GTK exposes a table (GtkTreeView) as one flat list of children: the column headers, then
 * every cell row by row. The neutral model groups them: table → column headers, then
 * `table_row` nodes → cells, with `attributes.rows`/`columns` from the Table interface.
 * Row nodes do not exist in AT-SPI; their refs are the table's ref plus "#row<index>".
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
}

/** The shape of a table node whose Table size was read, or null for anything else. */
export function tableShape(node: A11yNode, rawChildCount: number): TableShape | null {
  const rows = Number(node.attributes?.rows);
  const columns = Number(node.attributes?.columns);
  if (!Number.isInteger(rows) || !Number.isInteger(columns) || columns <= 0 || rows < 0) return null;
  const headers = rawChildCount - rows * columns;
  if (headers < 0 || headers > columns) return null; // not the flat header+cells layout
  return { rows, columns, headers };
}

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
  if (budget <= shape.headers) return { rawChildren: Math.max(0, budget), rows: 0 };
  const rows = Math.min(shape.rows, TABLE_READ_ROWS, Math.floor((budget - shape.headers) / (shape.columns + 1)));
  return { rawChildren: shape.headers + rows * shape.columns, rows };
}

/**
 * Regroups a table's flat children (headers, then cells row by row) into header nodes followed by
 * row nodes. Returns the number of row nodes added, or -1 when the children are not that layout.
 */
export function groupTableChildren(table: A11yNode, shape: TableShape, firstRow = 0): number {
  const headers = table.children.slice(0, shape.headers);
  const cells = table.children.slice(shape.headers);
  // Cells take the role of what renders them: table_cell in GTK and Qt, label or check_box in Java.
  if (!headers.every((h) => HEADER_ROLES.has(h.role)) || cells.some((c) => NOT_CELL_ROLES.has(c.role))) return -1;
  const rows: A11yNode[] = [];
  for (let start = 0; start < cells.length; start += shape.columns) {
    rows.push(rowNode(table.ref, firstRow + rows.length, cells.slice(start, start + shape.columns)));
  }
  table.children = [...headers, ...rows];
  const neutralCount = shape.headers + shape.rows;
  if (table.children.length < neutralCount) table.childCount = neutralCount;
  else delete table.childCount;
  return rows.length;
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
