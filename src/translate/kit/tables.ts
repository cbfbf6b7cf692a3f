/**
 * Tables and lists. GTK3 tree views expose headers first, then either row nodes or a flat run of
 * cells (row-major); a cell may hold sub-cells (icon + name). A table whose only header is hidden
 * is a list. Rows count when `visible`: scrolled-out rows are content too (GTK keeps them
 * `visible`; Qt marks only the rows on screen, and load_rows reads the others). Totals come from
 * the platform (`rows` attribute, `childCount` of a budget-cut or lazy container).
 *
 * Columns are those whose cells are shown: Qt keeps a hidden column's header `visible` but not its
 * cells (KeePassXC hides Group and Password; a file manager's icon view hides all but the name).
 * A cell reads as its text; only a cell without text is a check box's state, and Qt's `toggle`
 * action, which every Qt cell carries (it toggles selection), never makes one.
 */
import type { A11yNode } from '../../platform/probe.js';
import { hasState } from '../tree.js';
import { cleanText, oneLine, repairName } from './labels.js';
import type { Collection, Option } from './model.js';
import { TABLE_ROLES } from './roles.js';
import { isPresent } from './visibility.js';

const HEADER_ROLES = new Set(['table_column_header', 'column_header']);
const ROW_ROLES = new Set(['table_row', 'tree_item', 'list_item']);
/** Children of a row that are not its cells. */
const NOT_CELL_ROLES = new Set([...HEADER_ROLES, 'table_row_header']);
const ITEM_SEPARATOR = ' · ';

export type CollectionReading = Omit<Collection, 'label'>;

export interface CollectionOptions {
  /** Every row, shown or not: the rows load_rows fetched beyond the view. */
  allRows?: boolean;
  /** The cell columns to keep (the state's choice, so that loaded rows match its columns). */
  columns?: number[];
}

export function readCollection(node: A11yNode, options: CollectionOptions = {}): CollectionReading {
  // Qt tree views are role `tree` with column headers first: a table, also while still empty.
  if (TABLE_ROLES.has(node.role) || leadingHeaders(node).length > 0) {
    const table = readTable(node, options);
    if (table) return table;
  }
  return readList(node, options);
}

function readTable(node: A11yNode, options: CollectionOptions): CollectionReading | undefined {
  const leading = leadingHeaders(node);
  const body = node.children.slice(leading.length);
  const allRows = body.filter((c) => ROW_ROLES.has(c.role));
  // A web table's headers are a first row of header cells (Gecko, Chromium: <tr><th>…</th></tr>).
  const headerRow = leading.length === 0 ? allRows.find(isHeaderRow) : undefined;
  const headers = headerRow === allRows[0] && headerRow ? headerRow.children : leading;
  const rowNodes = headers === leading ? allRows : allRows.slice(1);
  if (rowNodes.length > 0) {
    const shown = options.allRows ? rowNodes : rowNodes.filter(rowPresent);
    const cells = shown.map(cellsOf);
    const width = Math.max(headers.length, ...rowNodes.map((r) => cellsOf(r).length));
    const kept = options.columns ?? shownColumns(headers, cells, width);
    const columns = columnNames(headers, kept);
    if (!columns) return undefined;
    const checks = toggleMeansCheck(rowNodes.flatMap(cellsOf));
    const rows = cells.map((row) => kept.map((j) => cellValue(row[j], checks)));
    const labels = rowLabels(rows);
    const options_ = shown.flatMap((r, i) => rowOption(r, labels[i] ?? '', cells[i] ?? [], selectsItems(node)));
    const toggles = shown.flatMap((r, i) => rowToggle(rows[i] ?? [], cells[i] ?? [], checks));
    const offset = options.allRows || shown.length === 0 ? 0 : rowNodes.indexOf(shown[0] as A11yNode);
    // Children before the first body row: the leading header cells, or the header row.
    const headerCount = headers === leading ? leading.length : 1;
    const counted = rowsBeyondView(node, rowNodes);
    return finish(node, { kind: 'table', columns, rows, options: options_, headerCount, cellsPerRow: 1, toggles, kept, offset, counted });
  }
  const width = headers.length || Number(node.attributes?.columns ?? 0);
  if (width < 1) return undefined;
  const flat = body.filter((c) => c.role === 'table_cell' || c.role === 'table_row_header');
  const runs: A11yNode[][] = [];
  for (let i = 0; i + width <= flat.length; i += width) runs.push(flat.slice(i, i + width));
  const shown = options.allRows ? runs : runs.filter((run) => run.some(isPresent));
  const kept = options.columns ?? shownColumns(headers, shown, width);
  const columns = columnNames(headers, kept);
  if (!columns) return undefined;
  const checks = toggleMeansCheck(flat);
  const rows = shown.map((run) => kept.map((j) => cellValue(run[j], checks)));
  const labels = rowLabels(rows);
  const rowOptions = shown.flatMap((run, i) => rowOption(run[0] as A11yNode, labels[i] ?? '', run, selectsItems(node)));
  const toggles = shown.flatMap((run, i) => rowToggle(rows[i] ?? [], run, checks));
  const offset = options.allRows || shown.length === 0 ? 0 : runs.indexOf(shown[0] as A11yNode[]);
  return finish(node, { kind: 'table', columns, rows, options: rowOptions, headerCount: headers.length, cellsPerRow: width, toggles, kept, offset });
}

function leadingHeaders(node: A11yNode): A11yNode[] {
  const headers: A11yNode[] = [];
  for (const child of node.children) {
    if (!HEADER_ROLES.has(child.role)) break;
    headers.push(child);
  }
  return headers;
}

const cellsOf = (row: A11yNode): A11yNode[] => row.children.filter((c) => !NOT_CELL_ROLES.has(c.role));
const isHeaderRow = (row: A11yNode) => row.role === 'table_row' && row.children.length > 0 && row.children.every((c) => HEADER_ROLES.has(c.role));

/**
 * The columns shown: those with a shown cell in a shown row; with no shown row, those whose
 * header is shown, else all of them.
 */
function shownColumns(headers: A11yNode[], rows: A11yNode[][], width: number): number[] {
  const all = Array.from({ length: width }, (_, j) => j);
  if (rows.length > 0) return all.filter((j) => rows.some((row) => row[j] !== undefined && isPresent(row[j] as A11yNode)));
  const withHeader = all.filter((j) => headers[j] !== undefined && isPresent(headers[j] as A11yNode));
  return withHeader.length > 0 ? withHeader : all;
}

/** Column names, or undefined when the table is really a one-column list with no header shown. */
function columnNames(headers: A11yNode[], kept: number[]): string[] | undefined {
  const named = (j: number) => headers[j] !== undefined && isPresent(headers[j] as A11yNode);
  if (kept.length === 0 || (kept.length === 1 && !named(kept[0] as number))) return undefined;
  return kept.map((j) => (named(j) ? repairName((headers[j] as A11yNode).name) : '') || `Column ${j + 1}`);
}

/** Row nodes may be made up by the probe (AT-SPI has none): a row is there when a cell is. */
const rowPresent = (row: A11yNode) => isPresent(row) || (row.role === 'table_row' && row.children.some(isPresent));

/**
 * GTK 4's list and grid views (`selects_items`) lay out only the rows on screen: the others are
 * `visible` at zero size (Nautilus's files below the fold), content beyond the view as GTK 3's
 * scrolled-out rows are. They count in the total, and load_rows reads them; within such a row, what
 * is `visible` is its words.
 */
const laysOutOnlyOnScreen = (view: A11yNode) => selectsItems(view) && view.children.some((c) => c.zeroSize === true && hasState(c, 'visible'));

/** Where a row's words are judged: a row beyond the view has no size, nor has anything in it. */
const presenceIn = (row: A11yNode): ((n: A11yNode) => boolean) => (isPresent(row) ? isPresent : (n) => hasState(n, 'visible'));

/** Rows of the view, on screen or beyond it: how many the total counts (0: no such view). */
function rowsBeyondView(view: A11yNode, rows: A11yNode[]): number {
  return laysOutOnlyOnScreen(view) ? rows.filter((r) => hasState(r, 'visible')).length : 0;
}
const selectable = (node: A11yNode, cells: A11yNode[]) => hasState(node, 'selectable') || cells.some((c) => hasState(c, 'selectable'));

/**
 * A GTK 4 list or grid view (Nautilus's files) selects its items through Selection although they
 * carry the `selectable` state only once selected, and a Java JTable's cells never carry it: the
 * probe marks such a view `selects_items`.
 */
const selectsItems = (view: A11yNode) => view.attributes?.selects_items === 'true';

const hasToggle = (cell: A11yNode) => cell.actions?.includes('toggle') === true;

/**
 * Whether a `toggle` action marks check boxes in this table: GTK's boolean cells carry it and no
 * text (and GTK 3 gives them no `checkable` state); Qt gives it to every cell, text or not.
 */
function toggleMeansCheck(cells: A11yNode[]): boolean {
  return !cells.some((c) => hasToggle(c) && cellText(c) !== '');
}

const isCheckCell = (cell: A11yNode, toggleIsCheck: boolean) => hasState(cell, 'checkable') || cell.role === 'check_box' || (toggleIsCheck && hasToggle(cell));

function cellText(cell: A11yNode): string {
  const parts = cell.children.length > 0 ? cell.children.map((c) => oneLine(c.value || c.name)) : [oneLine(cell.value || cell.name)];
  return [...new Set(parts.filter(Boolean))].join(' ');
}

/** A cell's text; a check box's state only when the cell has no text. */
function cellValue(cell: A11yNode | undefined, toggleIsCheck: boolean): unknown {
  if (!cell) return '';
  const text = cellText(cell);
  if (text) return text;
  return isCheckCell(cell, toggleIsCheck) ? hasState(cell, 'checked') : '';
}

/** The row as a select option (named by `label`, rowLabels), when the toolkit lets it be selected. */
function rowOption(node: A11yNode, label: string, cells: A11yNode[], viewSelects: boolean): Option[] {
  if (!viewSelects && !selectable(node, cells)) return [];
  return [{ label, node, selected: cells.some((c) => hasState(c, 'selected')) || hasState(node, 'selected') }];
}

const firstText = (row: unknown[]): string => row.find((v): v is string => typeof v === 'string' && v !== '') ?? '';

/**
 * The names of rows as select options: each row's first text, unless two rows share it (a column
 * that reads the same in every row, such as JabRef's "#"): then the first column whose texts tell
 * every row apart, so that an option names one row.
 */
function rowLabels(rows: unknown[][]): string[] {
  const first = rows.map(firstText);
  if (new Set(first).size === rows.length) return first;
  const width = Math.max(0, ...rows.map((row) => row.length));
  for (let j = 0; j < width; j++) {
    const texts = rows.map((row) => row[j]);
    if (texts.every((t): t is string => typeof t === 'string' && t !== '') && new Set(texts).size === rows.length) return texts;
  }
  return first;
}

/** The check box of a checklist row, named by the row's first text. */
function rowToggle(row: unknown[], cells: A11yNode[], toggleIsCheck: boolean): Option[] {
  const cell = cells.find((c) => hasState(c, 'checkable') || (cellText(c) === '' && isCheckCell(c, toggleIsCheck)));
  const label = row.find((v): v is string => typeof v === 'string' && v !== '');
  return cell && label ? [{ label, node: cell, selected: hasState(cell, 'checked') }] : [];
}

function readList(node: A11yNode, options: CollectionOptions): CollectionReading {
  const children = node.children.filter((c) => !HEADER_ROLES.has(c.role));
  const headerCount = node.children.length - children.length;
  const items = children.flatMap(withSubItems);
  const shown = options.allRows ? items : items.filter(rowPresent);
  // Rows the probe made of a Qt list's items: one cell per model column, only the shown ones read.
  const width = Math.max(0, ...items.map((item) => (item.role === 'table_row' ? cellsOf(item).length : 0)));
  const kept = options.columns ?? shownColumns([], shown.filter((i) => i.role === 'table_row').map(cellsOf), width);
  const rows: unknown[][] = [];
  const rowOptions: Option[] = [];
  const itemsSelectable = selectsItems(node);
  let offset = -1;
  for (const item of shown) {
    const text = item.role === 'table_row' && !repairName(item.name) ? rowText(item, kept) : itemText(item);
    if (!text) continue;
    if (offset < 0) offset = options.allRows ? 0 : items.indexOf(item);
    rows.push([text]);
    // A row the probe made up (Qt's item views: one list_item per column) is chosen through its
    // shown item, as a click on it does: selecting the whole row picks every column's index, and
    // pcmanfm-qt then renames "8 files", the same one 8 times.
    const made = item.role === 'table_row' ? item.children.find((c) => isPresent(c) && hasState(c, 'selectable')) : undefined;
    const selected = hasState(item, 'selected') || item.children.some((c) => hasState(c, 'selected'));
    if (itemsSelectable || selectable(item, item.children)) rowOptions.push({ label: text, node: made ?? item, selected });
  }
  const counted = rowsBeyondView(node, items);
  return finish(node, {
    kind: 'list',
    columns: [],
    rows,
    options: rowOptions,
    headerCount,
    cellsPerRow: 1,
    toggles: [],
    kept,
    offset: Math.max(0, offset),
    counted,
  });
}

/**
 * A web tree's items nest (ARIA trees in Gecko and Chromium): each tree item holds its sub-items
 * in a group (`<ul role="group">`), and an item may only wrap a group (Thunderbird's folder tree
 * holds one unnamed item per folder mode). Each is a row of its own, after its parent; a wrapper
 * without words of its own is no row, nor counts as one before the first (the rows' offset).
 */
function withSubItems(item: A11yNode): A11yNode[] {
  if (item.role !== 'tree_item') return [item];
  const subItems = subItemsOf(item);
  const wrapper = subItems.length > 0 && itemText(item) === '';
  return [...(wrapper ? [] : [item]), ...subItems.flatMap(withSubItems)];
}

function subItemsOf(node: A11yNode): A11yNode[] {
  return node.children.flatMap((child) => (child.role === 'tree_item' ? [child] : subItemsOf(child)));
}

function rowText(row: A11yNode, kept: number[]): string {
  const cells = cellsOf(row);
  const texts = kept.map((j) => (cells[j] ? cellText(cells[j] as A11yNode) : '')).filter(Boolean);
  return [...new Set(texts)].join(ITEM_SEPARATOR);
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
  const present = presenceIn(item);
  const walk = (n: A11yNode) => {
    for (const child of n.children) {
      // A nested tree item is a row of its own (withSubItems), not words of this one.
      if (!present(child) || child.role === 'tree_item') continue;
      const text = ITEM_TEXT_ROLES.has(child.role) ? cleanText(child.value || child.name) : '';
      if (text && !texts.includes(text)) texts.push(oneLine(text));
      else walk(child);
    }
  };
  walk(item);
  return texts.join(ITEM_SEPARATOR);
}

interface Parts {
  kind: 'table' | 'list';
  columns: string[];
  rows: unknown[][];
  options: Option[];
  headerCount: number;
  cellsPerRow: number;
  toggles: Option[];
  kept: number[];
  offset: number;
  /** Rows counted beyond those read (rows laid out only once on screen). */
  counted?: number;
}

function finish(node: A11yNode, p: Parts): CollectionReading {
  const { kind, columns, rows, options, headerCount, cellsPerRow, toggles, kept, offset } = p;
  const total = Math.max(p.counted ?? 0, totalOf(node, offset + rows.length, headerCount, cellsPerRow));
  const about = createdNearScreen(node);
  if (about && about.atLeast > total) {
    // Only the rows on screen are known for sure, at the place the view's geometry gives them.
    const from = Number(node.attributes?.items_from);
    const first = Number.isInteger(from) && from >= 0 ? from : offset;
    return { kind, node, columns, rows, total: rows.length, options, toggles, headerCount, cellsPerRow, shownColumns: kept, offset: first, about };
  }
  return { kind, node, columns, rows, total, options, toggles, headerCount, cellsPerRow, shownColumns: kept, offset };
}

/** How many items a view that creates them near the screen holds (the probe's `items_at_least`/`items_at_most`). */
function createdNearScreen(node: A11yNode): Collection['about'] {
  const atLeast = Number(node.attributes?.items_at_least);
  const atMost = Number(node.attributes?.items_at_most);
  return Number.isInteger(atLeast) && Number.isInteger(atMost) && atLeast > 0 && atMost >= atLeast ? { atLeast, atMost } : undefined;
}

function totalOf(node: A11yNode, read: number, headerCount: number, cellsPerRow: number): number {
  const attribute = Number(node.attributes?.rows);
  if (Number.isInteger(attribute) && attribute >= read) return attribute;
  if (node.childCount !== undefined && node.childCount > node.children.length) {
    return Math.max(read, Math.floor((node.childCount - headerCount) / cellsPerRow));
  }
  return read;
}
