/**
 * How tall the text of an image is, measured on its glyphs rather than its lines: the heights
 * of the ink's 8-connected components (one per letter, roughly). A line's band holds more than
 * its letters — a caret taller than the text, a scroll arrow, terminal rows that touch — so a
 * band-based size read Wine Notepad's and qterminal's 8–10 px letters as 17–18 px lines and left
 * them unscaled, where Tesseract misread "Harbour" as "Karbour".
 */
import type { Rect } from '../probe.js';
import type { GreyImage } from './image.js';

/** Components shorter than this are punctuation and i-dots, not letters. */
const MIN_GLYPH = 3;

/** Bounding boxes of the ink components of `image` (pixels at or below `threshold` are ink). */
export function glyphBoxes(image: GreyImage, threshold: number): Rect[] {
  const { width, height, pixels } = image;
  const label = new Int32Array(width * height).fill(-1);
  const parent: number[] = [];
  const root = (a: number): number => {
    let r = a;
    while (parent[r] !== r) r = parent[r] as number;
    while (parent[a] !== r) {
      const next = parent[a] as number;
      parent[a] = r;
      a = next;
    }
    return r;
  };
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const at = y * width + x;
      if ((pixels[at] ?? 255) > threshold) continue;
      let mine = -1;
      // The four neighbours already labelled: left, and the three above.
      const above = at - width;
      const neighbours = [x > 0 ? at - 1 : -1, y > 0 && x > 0 ? above - 1 : -1, y > 0 ? above : -1, y > 0 && x + 1 < width ? above + 1 : -1];
      for (const n of neighbours) {
        const theirs = n >= 0 ? (label[n] as number) : -1;
        if (theirs < 0) continue;
        const r = root(theirs);
        if (mine < 0) mine = r;
        else if (r !== mine) parent[r] = mine;
      }
      if (mine < 0) {
        mine = parent.length;
        parent.push(mine);
      }
      label[at] = mine;
    }
  }
  // Per component: left, top, right, bottom.
  const extents = new Map<number, [number, number, number, number]>();
  for (let y = 0; y < height; y++) {
    for (let x = 0, at = y * width; x < width; x++, at++) {
      const l = label[at] as number;
      if (l < 0) continue;
      const r = root(l);
      const e = extents.get(r);
      if (!e) extents.set(r, [x, y, x, y]);
      else {
        e[0] = Math.min(e[0], x);
        e[2] = Math.max(e[2], x);
        e[3] = y;
      }
    }
  }
  return [...extents.values()].map(([x0, y0, x1, y1]) => ({ x: x0, y: y0, width: x1 - x0 + 1, height: y1 - y0 + 1 }));
}

/** The median height of the letters (components of `MIN_GLYPH` px or more); 0 when there are none. */
export function medianGlyphHeight(glyphs: readonly Rect[]): number {
  const heights = glyphs
    .map((g) => g.height)
    .filter((h) => h >= MIN_GLYPH)
    .sort((a, b) => a - b);
  return heights[Math.floor(heights.length / 2)] ?? 0;
}
