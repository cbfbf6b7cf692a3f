/**
 * Calc's view: the cursor and sheets as fields, the shown cells as one table (a "row" column, then
 * the shown columns by letter; only rows holding something), and a summary naming the shown range,
 * which is how an agent knows where it is and what load_cells / go_to_cell can reach.
 */
import type { BlockDraft } from '../../src/sdk/translate.js';
import { columnName, rangeName } from './address.js';
import { shownColumnNames, type CalcReading } from './reading.js';

export function shownRangeName(reading: CalcReading): string | undefined {
  const shown = reading.shown;
  if (!shown || shown.rows === 0 || shown.columns === 0) return undefined;
  return rangeName({ first: shown.first, last: { row: shown.first.row + shown.rows - 1, column: shown.first.column + shown.columns - 1 } });
}

export function sheetName(reading: CalcReading): string {
  return reading.sheets.find((s) => s.selected)?.name ?? reading.table.name.replace(/^Sheet /, '');
}

export function calcBlocks(reading: CalcReading): BlockDraft[] {
  const cursor = reading.cursor;
  const selection = reading.nameBox?.value ?? (cursor ? cursor.name : '');
  const items = [
    { label: 'Sheet', value: sheetName(reading) },
    { label: 'Sheets', value: reading.sheets.map((s) => s.name).join(', ') },
    { label: 'Selection', value: selection },
    ...(cursor ? [{ label: `Cell ${cursor.name}`, value: cursor.value }] : []),
    ...(cursor?.formula ? [{ label: 'Formula', value: cursor.formula }] : []),
  ];
  const filled = reading.rows.filter((row) => row.some((cell) => cell.value !== ''));
  const table: BlockDraft = {
    type: 'table',
    id: 'cells',
    columns: ['row', ...shownColumnNames(reading)],
    rows: filled.map((row) => [(row[0]?.row ?? 0) + 1, ...row.map((cell) => cell.value)]),
  };
  return [{ type: 'fields', id: 'cell', items }, table];
}

export function summarise(title: string, reading: CalcReading): string {
  const range = shownRangeName(reading);
  const filled = reading.rows.flat().filter((cell) => cell.value !== '').length;
  const cursor = reading.cursor;
  const parts = [`"${title}": sheet "${sheetName(reading)}"${reading.sheets.length > 1 ? ` (of ${reading.sheets.length})` : ''}`];
  parts.push(range ? `cells ${range} shown, ${filled} filled` : 'no cells on screen');
  if (cursor) parts.push(`cursor on ${cursor.name}${cursor.value ? ` = ${cursor.value}` : ' (empty)'}${cursor.formula ? ` (${cursor.formula})` : ''}`);
  else if (reading.nameBox?.value) parts.push(`selection ${reading.nameBox.value}`);
  return `${parts.join('; ')}. The sheet has ${reading.size.rows} rows × ${columnName(reading.size.columns - 1)} columns: load_cells reads any range, go_to_cell scrolls there.`;
}
