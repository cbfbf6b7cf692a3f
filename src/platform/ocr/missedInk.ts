/**
 * A second look at ink the first reading left out. Sparse-text segmentation (page segmentation
 * mode 11) drops lone characters set apart from any word: the digits and letters of a calculator
 * keypad, a single-letter button. The glyphs no recognised word covers are grouped into islands
 * (glyphs side by side), the islands are stacked one per row into one small image, and that image
 * is read as a uniform block (mode 6), where a row of one character is still a line of text.
 * Each word read there takes the box of the island its row holds.
 */
import type { Rect } from '../probe.js';
import type { OcrWord } from './engine.js';
import type { GreyImage } from './image.js';
import { union } from './layout.js';

/** Glyphs taller or wider than this many letter heights are not letters (icons, frames left over). */
const MAX_GLYPH_HEIGHTS = 2;
const MAX_GLYPH_WIDTHS = 4;
/** Glyphs closer than this share of a letter height are one island (the letters of one word). */
const JOIN_GAP = 0.6;
/** Islands shorter than this share of a letter height are specks, not characters. */
const MIN_ISLAND = 0.6;
/**
 * At most this many islands are read (the first, top to bottom): a window of icons or a picture
 * would otherwise make the second look cost more than the first.
 */
const MAX_ISLANDS = 120;
/** The second look keeps a word only when Tesseract is at least this sure of it (0–100). */
export const MIN_MISSED_CONFIDENCE = 50;

/** Groups of glyphs (in the image's pixels) that no word covers, left to right, top to bottom. */
export function missedIslands(glyphs: readonly Rect[], words: readonly OcrWord[], letterHeight: number): Rect[] {
  if (letterHeight <= 0) return [];
  const loose = glyphs.filter(
    (g) => g.height >= 3 && g.height <= letterHeight * MAX_GLYPH_HEIGHTS && g.width <= letterHeight * MAX_GLYPH_WIDTHS && !words.some((w) => touches(w.box, g)),
  );
  const islands: Rect[] = [];
  for (const glyph of [...loose].sort((a, b) => a.x - b.x)) {
    const gap = letterHeight * JOIN_GAP;
    const island = islands.find(
      (i) => glyph.x - (i.x + i.width) <= gap && glyph.x + glyph.width >= i.x - gap && glyph.y < i.y + i.height && i.y < glyph.y + glyph.height,
    );
    if (island) Object.assign(island, union(island, glyph));
    else islands.push({ ...glyph });
  }
  return islands
    .filter((i) => i.height >= letterHeight * MIN_ISLAND)
    .sort((a, b) => a.y - b.y || a.x - b.x)
    .slice(0, MAX_ISLANDS);
}

/** The islands cut out and stacked one per row, `pad` px apart, and the row height. */
export function stackIslands(image: GreyImage, islands: readonly Rect[], pad: number): { image: GreyImage; row: number } {
  const row = Math.max(...islands.map((i) => i.height)) + pad;
  const width = Math.max(...islands.map((i) => i.width)) + 2 * pad;
  const height = row * islands.length + pad;
  const pixels = new Uint8Array(width * height).fill(255);
  islands.forEach((island, k) => {
    for (let y = 0; y < island.height; y++) {
      const from = (island.y + y) * image.width + island.x;
      pixels.set(image.pixels.subarray(from, from + island.width), (pad + k * row + y) * width + pad);
    }
  });
  return { image: { width, height, pixels }, row };
}

/** Words read from the stacked image → words at their islands; unsure or symbol-only ones dropped. */
export function placeMissedWords(read: readonly OcrWord[], islands: readonly Rect[], row: number, pad: number): OcrWord[] {
  return read.flatMap((word) => {
    const island = islands[Math.floor((word.box.y + word.box.height / 2 - pad / 2) / row)];
    if (!island || word.confidence < MIN_MISSED_CONFIDENCE || !/[\p{L}\p{N}]/u.test(word.text)) return [];
    return [{ ...word, box: { ...island } }];
  });
}

function touches(a: Rect, b: Rect): boolean {
  return a.x - 1 < b.x + b.width && b.x - 1 < a.x + a.width && a.y - 1 < b.y + b.height && b.y - 1 < a.y + a.height;
}
