import { describe, expect, it } from 'vitest';
import { glyphBoxes, medianGlyphHeight } from '../../../src/platform/ocr/glyphs.js';
import type { GreyImage } from '../../../src/platform/ocr/image.js';

/** White image with black rectangles [x, y, width, height]. */
const drawn = (width: number, height: number, rects: [number, number, number, number][]): GreyImage => {
  const pixels = new Uint8Array(width * height).fill(255);
  for (const [x, y, w, h] of rects) for (let r = y; r < y + h; r++) pixels.fill(0, r * width + x, r * width + x + w);
  return { width, height, pixels };
};

describe('glyph boxes and heights', () => {
  it('measures each ink component, joining diagonal neighbours and U-shaped strokes', () => {
    // A "U" (two stems joined at the bottom, 9 px), a 2-px diagonal, a 6 px bar, a 1 px dot.
    const image = drawn(40, 20, [
      [2, 2, 2, 9],
      [6, 2, 2, 9],
      [2, 10, 6, 1],
      [12, 5, 3, 6],
      [20, 4, 1, 1],
      [21, 5, 1, 1],
      [30, 3, 1, 1],
    ]);
    expect(glyphBoxes(image, 128).sort((a, b) => a.x - b.x)).toEqual([
      { x: 2, y: 2, width: 6, height: 9 },
      { x: 12, y: 5, width: 3, height: 6 },
      { x: 20, y: 4, width: 2, height: 2 },
      { x: 30, y: 3, width: 1, height: 1 },
    ]);
  });

  it('takes the median of letter-sized components: a tall caret does not make small text look big', () => {
    const letters: [number, number, number, number][] = Array.from({ length: 9 }, (_, i) => [4 + i * 6, 4, 3, 8]);
    const image = drawn(80, 30, [...letters, [70, 0, 1, 28], [60, 20, 1, 1]]);
    expect(medianGlyphHeight(glyphBoxes(image, 128))).toBe(8);
    expect(medianGlyphHeight(glyphBoxes(drawn(10, 10, []), 128))).toBe(0);
  });
});
