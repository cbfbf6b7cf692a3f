import { describe, expect, it } from 'vitest';
import {
  blank,
  chooseScale,
  cropRows,
  encodePgm,
  inkBands,
  splitForWorkers,
  normalisePolarity,
  otsuThreshold,
  removeLines,
  toGrey,
  upscale,
  type GreyImage,
} from '../../../src/platform/ocr/image.js';

const grey = (width: number, height: number, fill: number): GreyImage => ({ width, height, pixels: new Uint8Array(width * height).fill(fill) });

describe('OCR image preparation', () => {
  it('cuts a region out of RGB rows as luma', () => {
    const rgb = { width: 2, height: 2, channels: 3, pixels: new Uint8Array([255, 255, 255, 0, 0, 0, 255, 0, 0, 0, 0, 255]) };
    expect([...toGrey(rgb).pixels]).toEqual([255, 0, 76, 29]);
    expect(toGrey(rgb, { x: 1, y: 1, width: 5, height: 5 })).toEqual({ width: 1, height: 1, pixels: new Uint8Array([29]) });
  });

  it('splits ink from ground with Otsu', () => {
    const image = grey(10, 1, 240);
    image.pixels.set([20, 30, 25], 0);
    const t = otsuThreshold(image);
    expect(t).toBeGreaterThanOrEqual(30);
    expect(t).toBeLessThan(240);
  });

  it('inverts tiles whose ground is dark (light text on a terminal) and leaves light ones', () => {
    const image = grey(96, 48, 240);
    for (let y = 0; y < 48; y++) image.pixels.fill(10, y * 96 + 48, y * 96 + 96); // right tile dark ground
    image.pixels[48 + 5 * 96 + 5] = 250; // a light glyph pixel on it
    const out = normalisePolarity(image, 128);
    expect(out.pixels[0]).toBe(240);
    expect(out.pixels[48]).toBe(245);
    expect(out.pixels[48 + 5 * 96 + 5]).toBe(5);
  });

  it('whitens frame lines at least the run length long, keeps glyph strokes', () => {
    const image = grey(40, 30, 255);
    image.pixels.fill(0, 2 * 40, 2 * 40 + 30); // a 30 px frame line
    for (let y = 10; y < 20; y++) image.pixels[y * 40 + 5] = 0; // a 10 px stroke
    const out = removeLines(image, 128, 22);
    expect(out.pixels.slice(80, 110).every((v) => v === 255)).toBe(true);
    expect(out.pixels[15 * 40 + 5]).toBe(0);
  });

  it('scales up, blanks secret rectangles, and writes a P5 header', () => {
    const image = upscale(grey(3, 2, 100), 2);
    expect(image.width).toBe(6);
    expect(image.height).toBe(4);
    blank(image, [{ x: 1, y: 1, width: 2, height: 1 }]);
    expect([...image.pixels.slice(6, 12)]).toEqual([100, 255, 255, 100, 100, 100]);
    expect(encodePgm(image).subarray(0, 11).toString('latin1')).toBe('P5\n6 4\n255\n');
  });

  it('finds text lines as ink bands, picks the scale by the height of lines and letters, and cuts pieces in blank rows only', () => {
    const image = grey(10, 100, 255);
    for (const [top, height] of [
      [10, 12],
      [30, 12],
      [50, 12],
      [70, 12],
    ] as const)
      for (let y = top; y < top + height; y++) image.pixels[y * 10 + 3] = 0;
    const lines = inkBands(image, 128);
    expect(lines).toEqual([
      { y: 10, height: 12 },
      { y: 30, height: 12 },
      { y: 50, height: 12 },
      { y: 70, height: 12 },
    ]);
    expect(chooseScale(lines, 12)).toBe(2);
    // Tall bands (a caret, a scroll arrow) around small letters: the letters decide.
    expect(chooseScale([{ y: 0, height: 17 }], 8)).toBe(2);
    expect(chooseScale([{ y: 0, height: 18 }], 12)).toBe(1);
    expect(chooseScale([], 0)).toBe(1);
    const pieces = splitForWorkers(lines, 2, 8, 100);
    expect(pieces).toEqual([
      { y: 2, height: 44 },
      { y: 46, height: 44 },
    ]);
    // Every line lies whole in exactly one piece.
    for (const line of lines) expect(pieces.filter((p) => p.y <= line.y && line.y + line.height <= p.y + p.height)).toHaveLength(1);
    expect(cropRows(image, { y: 10, height: 2 }).pixels[3]).toBe(0);
  });
});
