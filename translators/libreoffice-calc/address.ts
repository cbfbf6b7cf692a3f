/** Spreadsheet addresses: column letters ⇄ 0-based indexes, "B7" and "A1:D20" parsed. */

/** Calc's limits (LibreOffice 7.4 default sheet size: 2^20 rows × 16,384 columns, A … XFD). */
export const MAX_ROWS = 1_048_576;
export const MAX_COLUMNS = 16_384;

/** 0 → "A", 25 → "Z", 26 → "AA". */
export function columnName(index: number): string {
  let name = '';
  for (let n = index + 1; n > 0; n = Math.floor((n - 1) / 26)) name = String.fromCharCode(65 + ((n - 1) % 26)) + name;
  return name;
}

/** "AA" → 26; -1 for anything that is not column letters. */
export function columnIndex(letters: string): number {
  if (!/^[A-Za-z]{1,3}$/.test(letters)) return -1;
  return [...letters.toUpperCase()].reduce((n, ch) => n * 26 + (ch.charCodeAt(0) - 64), 0) - 1;
}

export interface Cell {
  row: number;
  column: number;
}

/** "B7" (or "$B$7", "b7") → { row: 6, column: 1 }; null when not a cell of the sheet. */
export function parseCell(text: string): Cell | null {
  const match = /^\$?([A-Za-z]{1,3})\$?([0-9]{1,7})$/.exec(text.trim());
  if (!match) return null;
  const column = columnIndex(match[1] as string);
  const row = Number(match[2]) - 1;
  if (column < 0 || column >= MAX_COLUMNS || row < 0 || row >= MAX_ROWS) return null;
  return { row, column };
}

export function cellName(cell: Cell): string {
  return `${columnName(cell.column)}${cell.row + 1}`;
}

export interface Range {
  first: Cell;
  last: Cell;
}

/** "A1:D20" or a single "B7"; corners in any order. Null when either end is not a cell. */
export function parseRange(text: string): Range | null {
  const [from = '', to = from, ...rest] = text.split(':');
  if (rest.length > 0) return null;
  const a = parseCell(from);
  const b = parseCell(to);
  if (!a || !b) return null;
  return {
    first: { row: Math.min(a.row, b.row), column: Math.min(a.column, b.column) },
    last: { row: Math.max(a.row, b.row), column: Math.max(a.column, b.column) },
  };
}

export function rangeName(range: Range): string {
  const first = cellName(range.first);
  const last = cellName(range.last);
  return first === last ? first : `${first}:${last}`;
}
