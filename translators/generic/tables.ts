/**
 * Tables and lists. GTK3 tree views expose headers first, then either row nodes or a flat run of
 * cells (row-major); a cell may hold sub-cells (icon + name). A table whose only header is hidden
 * is a list. Rows count when `visible`: scrolled-out rows are content too. Totals come from the
 * platform (`rows` attribute, `childCount` of a budget-cut or lazy container).
 */
import type { A11yNode } from '../../src/platform/probe.js';
import { hasState } from '../../src/translate/tree.js';
import { cleanText, oneLine, repairName } from './labels.js';
import type { Collection, Option } from './model.js';
import { TABLE_ROLES } from './roles.js';
import { isPresent } from './visibility.js';

const HEADER_ROLES = new Set(['table_column_header', 'column_header']);
const ROW_ROLES = new Set(['table_row', 'tree_item', 'list_item']);
const ITEM_SEPARATOR = ' · ';

export type CollectionReading = Omit<Collection, 'label'>;

export function readCollection(node: A11yNode): CollectionReading {
  // Qt tree views are role `tree` with column headers first: a table, also while still empty.
  if (TABLE_ROLES.has(node.role) || leadingHeaders(node).length > 0) {
    const table = readTable(node);
    if (table) return table;
  }
  return readList(node);
}

function readTable(node: A11yNode): CollectionReading | undefined {
  const headers = leadingHeaders(node);
  const body = node.children.slice(headers.length);
  const shownHeaders = headers.filter(isPresent);
  const rowNodes = body.filter((c) => ROW_ROLES.has(c.role));
  if (rowNodes.length > 0) {
    const present = rowNodes.filter(rowPresent);
    const rows = present.map((r) => r.children.filter((c) => !HEADER_ROLES.has(c.role)).map(cellValue));
    const columns = columnNames(shownHeaders, headers, rows[0]?.length ?? 0);
    if (!columns) return undefined;
    const options = present.flatMap((r, i) => rowOption(r, rows[i] ?? [], r.children));
    const toggles = present.flatMap((r, i) => rowToggle(rows[i] ?? [], r.children));
    return finish(node, 'table', columns, rows, options, headers.length, 1, toggles);
  }
  const width = headers.length || Number(node.attributes?.columns ?? 0);
  if (width < 1) return undefined;
  const columns = columnNames(shownHeaders, headers, width);
  if (!columns) return undefined;
  const cells = body.filter((c) => c.role === 'table_cell' || c.role === 'table_row_header');
  const rows: unknown[][] = [];
  const options: Option[] = [];
  const toggles: Option[] = [];
  for (let i = 0; i + width <= cells.length; i += width) {
    const rowCells = cells.slice(i, i + width);
    if (!rowCells.some(isPresent)) continue;
    const row = rowCells.map(cellValue);
    rows.push(row);
    options.push(...rowOption(rowCells[0] as A11yNode, row, rowCells));
    toggles.push(...rowToggle(row, rowCells));
  }
  return finish(node, 'table', columns, rows, options, headers.length, width, toggles);
}

function leadingHeaders(node: A11yNode): A11yNode[] {
  const headers: A11yNode[] = [];
  for (const child of node.children) {
    if (!HEADER_ROLES.has(child.role)) break;
    headers.push(child);
  }
  return headers;
}

/** Column names, or undefined when the table is really a one-column list with a hidden header. */
function columnNames(shown: A11yNode[], all: A11yNode[], width: number): string[] | undefined {
  if (shown.length === 0 && width <= 1) return undefined;
  if (shown.length === all.length && all.length > 0) return all.map((h, j) => repairName(h.name) || `Column ${j + 1}`);
  return Array.from({ length: width }, (_, j) => (all[j] && isPresent(all[j] as A11yNode) ? repairName((all[j] as A11yNode).name) : '') || `Column ${j + 1}`);
}

/** Row nodes may be made up by the probe (AT-SPI has none): a row is there when a cell is. */
const rowPresent = (row: A11yNode) => isPresent(row) || (row.role === 'table_row' && row.children.some(isPresent));
const selectable = (node: A11yNode, cells: A11yNode[]) => hasState(node, 'selectable') || cells.some((c) => hasState(c, 'selectable'));

const isCheckCell = (cell: A11yNode) => hasState(cell, 'checkable') || cell.actions?.includes('toggle') === true;

function cellValue(cell: A11yNode): unknown {
  if (isCheckCell(cell)) return hasState(cell, 'checked');
  const parts = cell.children.length > 0 ? cell.children.map((c) => oneLine(c.value || c.name)) : [oneLine(cell.value || cell.name)];
  return [...new Set(parts.filter(Boolean))].join(' ');
}

/** The row as a select option (by its first text), when the toolkit lets it be selected. */
function rowOption(node: A11yNode, row: unknown[], cells: A11yNode[]): Option[] {
  if (!selectable(node, cells)) return [];
  const label = row.find((v): v is string => typeof v === 'string' && v !== '') ?? '';
  return [{ label, node, selected: cells.some((c) => hasState(c, 'selected')) || hasState(node, 'selected') }];
}

/** The check box of a checklist row, named by the row's first text. */
function rowToggle(row: unknown[], cells: A11yNode[]): Option[] {
  const cell = cells.find(isCheckCell);
  const label = row.find((v): v is string => typeof v === 'string' && v !== '');
  return cell && label ? [{ label, node: cell, selected: hasState(cell, 'checked') }] : [];
}

function readList(node: A11yNode): CollectionReading {
  const items = node.children.filter((c) => !HEADER_ROLES.has(c.role));
  const headerCount = node.children.length - items.length;
  const rows: unknown[][] = [];
  const options: Option[] = [];
  for (const item of items) {
    if (!rowPresent(item)) continue;
    const text = itemText(item);
    if (!text) continue;
    rows.push([text]);
    // A row the probe made up (Qt's item views: one list_item per column) is chosen through its
    // shown item, as a click on it does: selecting the whole row picks every column's index, and
    // pcmanfm-qt then renames "8 files", the same one 8 times.
    const made = item.role === 'table_row' ? item.children.find((c) => isPresent(c) && hasState(c, 'selectable')) : undefined;
    const selected = hasState(item, 'selected') || (made !== undefined && hasState(made, 'selected'));
    if (selectable(item, item.children)) options.push({ label: text, node: made ?? item, selected });
  }
  return finish(node, 'list', [], rows, options, headerCount, 1);
}

/**
 * Nodes whose name is an item's words. `list_item`: Qt's item views expose a row as one list_item
 * per column under a row the probe makes up (pcmanfm-qt's file list: "notes.txt", then its type,
 * size and dates, hidden in icon view), so a row's text is its shown items' names.
 */
const ITEM_TEXT_ROLES = new Set(['label', 'table_cell', 'text', 'list_item']);

/** An item's words: its own name, else the distinct texts of its shown descendants. */
function itemText(item: A11yNode): string {
  const own = repairName(item.name);
  if (own) return own;
  const texts: string[] = [];
  const walk = (n: A11yNode) => {
    for (const child of n.children) {
      if (!isPresent(child)) continue;
      const text = ITEM_TEXT_ROLES.has(child.role) ? cleanText(child.value || child.name) : '';
      if (text && !texts.includes(text)) texts.push(oneLine(text));
      else walk(child);
    }
  };
  walk(item);
  return texts.join(ITEM_SEPARATOR);
}

function finish(
  node: A11yNode,
  kind: 'table' | 'list',
  columns: string[],
  rows: unknown[][],
  options: Option[],
  headerCount: number,
  cellsPerRow: number,
  toggles: Option[] = [],
): CollectionReading {
  return { kind, node, columns, rows, total: totalOf(node, rows.length, headerCount, cellsPerRow), options, toggles, headerCount, cellsPerRow };
}

function totalOf(node: A11yNode, read: number, headerCount: number, cellsPerRow: number): number {
  const attribute = Number(node.attributes?.rows);
  if (Number.isInteger(attribute) && attribute >= read) return attribute;
  if (node.childCount !== undefined && node.childCount > node.children.length) {
    return Math.max(read, Math.floor((node.childCount - headerCount) / cellsPerRow));
  }
  return read;
}
