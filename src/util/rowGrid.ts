/**
 * Where the items of a scrolled grid or list sit in its content, from the places of those on
 * screen: GTK 4's list and grid views create a row only near the screen (Nautilus, 3,000 files:
 * 641 rows exist) and say nothing of an item's position nor of how many there are. The items on
 * screen give the row pitch and the columns; the view's scroll value (the content's offset at the
 * view's top) and its range (the content's height) then give each item's index and the count.
 * Pure geometry.
 */

/** A place on screen, in the view's window coordinates (the platform's Rect). */
export interface Box {
  x: number;
  y: number;
  width: number;
  height: number;
}

/** Two edges this close (pixels) are the same column or row. */
const SAME_PLACE = 2;

export interface RowGrid {
  /** Left edges of the columns, from the view's left (a list: one). */
  columns: number[];
  /** Content pixels from one row of items to the next. */
  pitch: number;
  /** Content offset of the first row's top (a margin above it). */
  first: number;
}

function distinct(values: number[]): number[] {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted.filter((v, i) => i === 0 || v - (sorted[i - 1] as number) > SAME_PLACE);
}

/**
 * The grid of the items on screen (all inside or partly inside `view`), the view scrolled to
 * `value`; undefined when fewer than two rows of items show (no pitch to measure) or when items
 * overlap (a view caught between two layouts).
 */
export function gridOf(items: readonly Box[], view: Box, value: number): RowGrid | undefined {
  if (items.length === 0) return undefined;
  const tops = distinct(items.map((r) => r.y - view.y + value));
  if (tops.length < 2) return undefined;
  const pitch = Math.min(...tops.slice(1).map((top, i) => top - (tops[i] as number)));
  if (pitch < Math.min(...items.map((r) => r.height)) - SAME_PLACE) return undefined;
  const first = (((tops[0] as number) % pitch) + pitch) % pitch;
  return { columns: distinct(items.map((r) => r.x - view.x)), pitch, first };
}

/** The content index of an item on screen, the view scrolled to `value`. */
export function indexOf(item: Box, view: Box, value: number, grid: RowGrid): number {
  const row = Math.round((item.y - view.y + value - grid.first) / grid.pitch);
  const x = item.x - view.x;
  const column = grid.columns.reduce((best, left, j) => (Math.abs(left - x) < Math.abs((grid.columns[best] as number) - x) ? j : best), 0);
  return row * grid.columns.length + column;
}

/**
 * How many items content this tall holds: `length` is the scroll range's upper end (the content's
 * height). Its last row holds at least one item and at most a full row.
 */
export function itemsIn(length: number, grid: RowGrid): { atLeast: number; atMost: number } {
  const rows = Math.round((length - grid.first) / grid.pitch);
  if (rows <= 0) return { atLeast: 0, atMost: 0 };
  return { atLeast: (rows - 1) * grid.columns.length + 1, atMost: rows * grid.columns.length };
}

/** The content offset of the top of item `index`'s row: where the view is scrolled to show it first. */
export function rowTopOf(index: number, grid: Pick<RowGrid, 'pitch' | 'first'> & { columnCount: number }): number {
  return grid.first + Math.floor(index / grid.columnCount) * grid.pitch;
}
