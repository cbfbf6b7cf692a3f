import { describe, expect, it } from 'vitest';
import type { OcrWord } from '../../../src/platform/ocr/engine.js';
import { glyphBoxes } from '../../../src/platform/ocr/glyphs.js';
import type { GreyImage } from '../../../src/platform/ocr/image.js';
import { drawnWithoutSmoothing, unifyStrokes } from '../../../src/platform/ocr/sameGlyphs.js';

/**
 * A bitmap window in the manner of xcalc's font: "l" a 1-px stroke, "I" a 2-px one, both 13 px;
 * other letters hollow 7×9 boxes of 1-px strokes. Each word is its glyphs, left to right.
 */
type Glyph = { char: string; width: number; height: number; hollow?: boolean };
const l: Glyph = { char: 'l', width: 1, height: 13 };
const I: Glyph = { char: 'I', width: 2, height: 13 };
const letter = (char: string): Glyph => ({ char, width: 7, height: 9, hollow: true });

function window(lines: { glyphs: Glyph[]; read: string; confidence: number }[], capitalI = I) {
  const image: GreyImage = { width: 200, height: 20 * lines.length, pixels: new Uint8Array(200 * 20 * lines.length).fill(255) };
  const words: OcrWord[] = lines.map((line, row) => {
    const base = row * 20 + 16;
    let x = 4;
    const symbols = line.glyphs.map((glyph, k) => {
      const g = glyph === I ? capitalI : glyph;
      const top = base - g.height;
      for (let y = top; y < base; y++) {
        for (let dx = 0; dx < g.width; dx++) {
          const edge = y === top || y === base - 1 || dx === 0 || dx === g.width - 1;
          if (!g.hollow || edge) image.pixels[y * 200 + x + dx] = 0;
        }
      }
      const box = { x, y: top, width: g.width, height: g.height };
      x += g.width + 2;
      return { text: line.read[k] as string, confidence: 95, box };
    });
    return { text: line.read, confidence: line.confidence, box: { x: 4, y: base - 13, width: x - 6, height: 13 }, symbols };
  });
  return { image, words, glyphs: glyphBoxes(image, 128) };
}

const xcalcLike = [
  { glyphs: [I, letter('N'), letter('V')], read: 'INV', confidence: 96 },
  { glyphs: [l, letter('o'), letter('g')], read: 'log', confidence: 95 },
  { glyphs: [l, letter('n')], read: 'In', confidence: 90 },
];
const texts = (words: OcrWord[]) => words.map((w) => w.text);

describe('one bitmap, one character', () => {
  it('reads a stroke as its bitmap reads in a surer word when the font draws the two characters apart', () => {
    const { image, words, glyphs } = window(xcalcLike);
    expect(texts(unifyStrokes(words, image, 128, glyphs))).toEqual(['INV', 'log', 'ln']);
  });

  it('leaves fonts that draw I and l alike as read', () => {
    const { image, words, glyphs } = window(xcalcLike, l);
    expect(texts(unifyStrokes(words, image, 128, glyphs))).toEqual(['INV', 'log', 'In']);
  });

  it('leaves a stroke as read when the word it would follow is less sure', () => {
    const { image, words, glyphs } = window([xcalcLike[0], { ...xcalcLike[1], confidence: 85 }, xcalcLike[2]] as typeof xcalcLike);
    expect(texts(unifyStrokes(words, image, 128, glyphs))).toEqual(['INV', 'log', 'In']);
  });

  it('leaves anti-aliased text as read', () => {
    const { image, words, glyphs } = window(xcalcLike);
    // Grey fringes beside every ink pixel, as smoothing draws them.
    for (let i = 1; i < image.pixels.length; i++) if (image.pixels[i - 1] === 0 && image.pixels[i] === 255) image.pixels[i] = 128;
    expect(
      drawnWithoutSmoothing(
        image,
        100,
        words.map((w) => w.box),
      ),
    ).toBe(false);
    expect(
      drawnWithoutSmoothing(
        window(xcalcLike).image,
        128,
        words.map((w) => w.box),
      ),
    ).toBe(true);
    expect(texts(unifyStrokes(words, image, 100, glyphs))).toEqual(['INV', 'log', 'In']);
  });
});
