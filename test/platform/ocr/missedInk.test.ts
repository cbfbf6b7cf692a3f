import { describe, expect, it } from 'vitest';
import type { OcrWord } from '../../../src/platform/ocr/engine.js';
import type { GreyImage } from '../../../src/platform/ocr/image.js';
import { isolateIslands, missedIslands, placeMissedWords } from '../../../src/platform/ocr/missedInk.js';

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

  it('reads the islands alone at their places, and gives each word (split by its characters) its island', () => {
    const image: GreyImage = { width: 40, height: 30, pixels: new Uint8Array(1200).fill(255) };
    image.pixels[12 * 40 + 10] = 0; // an island's ink
    image.pixels[12 * 40 + 30] = 0; // another island's ink, same row
    image.pixels[25 * 40 + 2] = 0; // ink of a word read before: not an island, left out
    const islands = [
      { x: 10, y: 10, width: 3, height: 5 },
      { x: 29, y: 11, width: 3, height: 4 },
    ];
    const isolated = isolateIslands(image, islands, 2);
    expect(isolated).toMatchObject({ x: 8, y: 8, image: { width: 26, height: 9 } });
    expect(isolated.image.pixels[4 * 26 + 2]).toBe(0);
    expect(isolated.image.pixels[4 * 26 + 22]).toBe(0);
    expect([...isolated.image.pixels].filter((v) => v === 0)).toHaveLength(2);

    const symbol = (text: string, x: number) => ({ text, confidence: 90, box: { x, y: 10, width: 3, height: 5 } });
    const read = [
      { ...word('AB', 10, 10, 22, 5), symbols: [symbol('A', 10), symbol('B', 29)] }, // two keys read as one word
      word('~', 10, 10, 3, 5), // symbol only
      word('8', 29, 11, 3, 4, 30), // unsure
    ];
    expect(placeMissedWords(read, islands, 1).map((w) => [w.text, w.box])).toEqual([
      ['A', islands[0]],
      ['B', islands[1]],
    ]);
  });
});
