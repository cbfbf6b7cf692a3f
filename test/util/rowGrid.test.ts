/** rowGrid: items' indexes and count from the places of those on screen (GTK 4 views that create rows lazily). */
import { describe, expect, it } from 'vitest';
import { gridOf, indexOf, itemsIn, type Box } from '../../src/util/rowGrid.js';

// Nautilus's grid, measured: the view at (256, 62) 609×463, items 144×130, 4 columns 152 px
// apart, rows 136 px apart, the first 3 px below the view's top; 3,000 files: range 102,000.
const view: Box = { x: 256, y: 62, width: 609, height: 463 };
const item = (column: number, row: number, value: number): Box => ({ x: 260 + 152 * column, y: 65 + 136 * row - value, width: 144, height: 130 });
const screen = (value: number) => {
  const firstRow = Math.floor(value / 136);
  return [0, 1, 2, 3]
    .flatMap((row) => [0, 1, 2, 3].map((column) => item(column, firstRow + row, value)))
    .filter((b) => b.y + b.height > view.y && b.y < view.y + view.height);
};

describe('rowGrid', () => {
  it('measures the grid at the top and gives the count of 3,000 items from the range', () => {
    const grid = gridOf(screen(0), view, 0);
    expect(grid).toEqual({ columns: [4, 156, 308, 460], pitch: 136, first: 3 });
    expect(itemsIn(102_000, grid!)).toEqual({ atLeast: 2997, atMost: 3000 });
  });

  it('scrolled down, gives the same grid and each item its index in the content', () => {
    const value = 50_000;
    const grid = gridOf(screen(value), view, value)!;
    expect(grid).toEqual({ columns: [4, 156, 308, 460], pitch: 136, first: 3 });
    expect(indexOf(item(2, 367, value), view, value, grid)).toBe(367 * 4 + 2);
  });

  it('a list (one column) holds exactly its rows', () => {
    const rows = [0, 1, 2, 3].map((row) => ({ x: 10, y: 100 + 30 * row, width: 300, height: 28 }));
    const list = { x: 10, y: 100, width: 300, height: 120 };
    const grid = gridOf(rows, list, 0)!;
    expect(grid).toEqual({ columns: [0], pitch: 30, first: 0 });
    expect(itemsIn(30 * 1234, grid)).toEqual({ atLeast: 1234, atMost: 1234 });
  });

  it('no grid from one row of items, nor from items that overlap (a layout under way)', () => {
    expect(gridOf([item(0, 0, 0), item(1, 0, 0)], view, 0)).toBeUndefined();
    expect(gridOf([item(0, 0, 0), { ...item(0, 0, 0), y: 100 }], view, 0)).toBeUndefined();
    expect(gridOf([], view, 0)).toBeUndefined();
  });
});
