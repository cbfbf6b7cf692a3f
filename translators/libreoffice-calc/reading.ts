/**
 * What LibreOffice Calc's main window shows, read from its tree: the sheet's visible cells (the
 * probe reads only the range on screen: a sheet is a table of 2^20 × 16,384 cells), the cell
 * cursor and its formula, the Name Box, and the sheet tabs. Calc names every cell after its
 * address ("B7") and puts a cell's formula in its `Formula` attribute (the focused cell only is
 * read with its attributes). The formula bar's input line is drawn, not exposed as text.
 */
import { cleanText, findAll, findFirst, hasState, type A11yNode } from '../../src/sdk/translate.js';
import { cellName, columnName, parseCell, type Cell } from './address.js';

export interface CellReading extends Cell {
  name: string;
  value: string;
}

export interface CalcReading {
  spreadsheet: A11yNode;
  table: A11yNode;
  /** The sheet's size (rows × columns) and the range read from the screen. */
  size: { rows: number; columns: number };
  shown: { first: Cell; rows: number; columns: number } | null;
  /** Shown rows, each its cells in column order (empty cells included). */
  rows: CellReading[][];
  /** The cell with the keyboard cursor, when it is on screen. */
  cursor: (CellReading & { formula?: string }) | undefined;
  /** The Name Box: the entry left of the formula bar showing the selection ("C6", "A1:B3"). */
  nameBox: A11yNode | undefined;
  sheets: Array<{ name: string; selected: boolean }>;
}

const num = (value: string | undefined, fallback: number): number => (value !== undefined && Number.isInteger(Number(value)) ? Number(value) : fallback);

export function isCalcWindow(root: A11yNode): boolean {
  return readCalc(root) !== undefined;
}

export function readCalc(root: A11yNode): CalcReading | undefined {
  const spreadsheet = findFirst(root, (n) => n.role === 'document_spreadsheet');
  const table = spreadsheet && findFirst(spreadsheet, (n) => n.role === 'table');
  if (!spreadsheet || !table) return undefined;
  const attrs = table.attributes ?? {};
  const first = { row: num(attrs.first_row, 0), column: num(attrs.first_column, 0) };
  const rows = table.children
    .filter((r) => r.role === 'table_row')
    .map((row, i) => row.children.map((cell, j) => readCellNode(cell, { row: first.row + i, column: first.column + j })));
  const shownColumns = num(attrs.shown_columns, rows[0]?.length ?? 0);
  const focused = rows.flat().find((c) => c.focused);
  return {
    spreadsheet,
    table,
    size: { rows: num(attrs.rows, 0), columns: num(attrs.columns, 0) },
    shown: attrs.first_row !== undefined ? { first, rows: rows.length, columns: shownColumns } : null,
    rows: rows.map((r) => r.map(({ focused: _f, formula: _x, ...cell }) => cell)),
    cursor: focused && {
      name: focused.name,
      row: focused.row,
      column: focused.column,
      value: focused.value,
      ...(focused.formula ? { formula: focused.formula } : {}),
    },
    nameBox: nameBoxOf(root),
    sheets: sheetTabs(root),
  };
}

function readCellNode(node: A11yNode, position: Cell): CellReading & { focused: boolean; formula?: string } {
  // Calc names cells by address; a toolkit that does not falls back to the position read.
  const at = parseCell(node.name) ?? position;
  const formula = node.attributes?.Formula;
  return {
    name: cellName(at),
    row: at.row,
    column: at.column,
    value: cleanText(node.value ?? ''),
    focused: hasState(node, 'focused'),
    ...(formula ? { formula: `=${formula}` } : {}),
  };
}

/** The Name Box is the first editable text of the tool bar that holds the formula bar. */
function nameBoxOf(root: A11yNode): A11yNode | undefined {
  const bars = findAll(root, (n) => n.role === 'tool_bar');
  const formulaBar = bars.find((b) => b.name === 'Formula Tool Bar') ?? bars.find((b) => b.children.some((c) => c.name === 'Function Wizard'));
  return formulaBar && findFirst(formulaBar, (n) => n.role === 'text' && hasState(n, 'editable') && hasState(n, 'showing'));
}

function sheetTabs(root: A11yNode): Array<{ name: string; selected: boolean }> {
  const list = findFirst(root, (n) => n.role === 'page_tab_list' && n.children.some((t) => t.role === 'page_tab'));
  return (list?.children ?? []).filter((t) => t.role === 'page_tab').map((t) => ({ name: t.name, selected: hasState(t, 'selected') }));
}

/** The shown columns' letters, in order. */
export function shownColumnNames(reading: CalcReading): string[] {
  if (!reading.shown) return [];
  return Array.from({ length: reading.shown.columns }, (_, i) => columnName(reading.shown!.first.column + i));
}
