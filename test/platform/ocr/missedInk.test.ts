import { describe, expect, it } from 'vitest';
import type { OcrWord } from '../../../src/platform/ocr/engine.js';
import type { GreyImage } from '../../../src/platform/ocr/image.js';
import { missedIslands, placeMissedWords, stackIslands } from '../../../src/platform/ocr/missedInk.js';

const word = (text: string, x: number, y: number, width: number, height: number, confidence = 90): OcrWord => ({
  text,
  confidence,
  box: { x, y, width, height },
});

describe('second look at uncovered ink', () => {
  it('groups the glyphs no word covers into islands, leaving out specks, frames and covered glyphs', () => {
    const glyphs = [
      { x: 10, y: 10, width: 5, height: 8 }, // covered by "Total"
      { x: 100, y: 10, width: 5, height: 8 }, // "4" alone
      { x: 200, y: 10, width: 5, height: 8 }, // "1" and "2" side by side: one island
      { x: 207, y: 11, width: 5, height: 7 },
      { x: 300, y: 10, width: 1, height: 1 }, // a speck
      { x: 400, y: 0, width: 2, height: 40 }, // a frame left over: taller than two letters
      { x: 50, y: 40, width: 6, height: 8 }, // lower row
    ];
    expect(missedIslands(glyphs, [word('Total', 8, 9, 40, 10)], 8)).toEqual([
      { x: 100, y: 10, width: 5, height: 8 },
      { x: 200, y: 10, width: 12, height: 8 },
      { x: 50, y: 40, width: 6, height: 8 },
    ]);
    expect(missedIslands(glyphs, [], 0)).toEqual([]);
  });

  it('stacks the islands one per row and gives each word read there the box of its island', () => {
    const image: GreyImage = { width: 20, height: 10, pixels: new Uint8Array(200).fill(255) };
    image.pixels[2 * 20 + 3] = 0;
    image.pixels[6 * 20 + 15] = 0;
    const islands = [
      { x: 3, y: 2, width: 2, height: 3 },
      { x: 14, y: 5, width: 3, height: 4 },
    ];
    const stacked = stackIslands(image, islands, 4);
    expect(stacked.row).toBe(8);
    expect(stacked.image).toMatchObject({ width: 11, height: 20 });
    expect(stacked.image.pixels[4 * 11 + 4]).toBe(0);
    expect(stacked.image.pixels[(4 + 8 + 1) * 11 + 5]).toBe(0);
    const read = [word('7', 4, 4, 2, 3), word('8', 4, 12, 3, 4, 30), word('~', 4, 12, 3, 4), word('9', 4, 13, 3, 4)];
    expect(placeMissedWords(read, islands, stacked.row, 4)).toEqual([
      { text: '7', confidence: 90, box: islands[0] },
      { text: '9', confidence: 90, box: islands[1] },
    ]);
  });
});
