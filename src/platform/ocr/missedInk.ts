/**
 * A second look at ink the first reading left out. Sparse-text segmentation (page segmentation
 * mode 11) drops lone characters set apart from any word: the digits and letters of a calculator
 * keypad, a single-letter button. The glyphs no recognised word covers are grouped into islands
 * (glyphs side by side); the islands alone, at their places, are read again as one uniform block
 * (mode 6), where a keypad row of lone characters is a line of text. Each word read there takes
 * the box of its island. Stacked one island per row instead, each line held a single glyph, and
 * the recogniser misread lone glyphs it reads among their neighbours ("Q" for xcalc's 9).
 */
import type { Rect } from '../probe.js';
import type { OcrSymbol, OcrWord } from './engine.js';
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

/**
 * The islands' ink alone, at their own places, in the smallest image that holds them with `pad`
 * blank pixels around: the words and frames read before are left out, the keypad's rows stay rows.
 * `x`, `y`: where that image's corner is in the image the islands came from.
 */
export function isolateIslands(image: GreyImage, islands: readonly Rect[], pad: number): { image: GreyImage; x: number; y: number } {
  const x = Math.max(0, Math.min(...islands.map((i) => i.x)) - pad);
  const y = Math.max(0, Math.min(...islands.map((i) => i.y)) - pad);
  const width = Math.min(image.width, Math.max(...islands.map((i) => i.x + i.width)) + pad) - x;
  const height = Math.min(image.height, Math.max(...islands.map((i) => i.y + i.height)) + pad) - y;
  const pixels = new Uint8Array(width * height).fill(255);
  for (const island of islands) {
    for (let row = island.y; row < island.y + island.height; row++) {
      const from = row * image.width + island.x;
      pixels.set(image.pixels.subarray(from, from + island.width), (row - y) * width + island.x - x);
    }
  }
  return { image: { width, height, pixels }, x, y };
}

/**
 * Words read from the isolated islands (already moved back to the islands' image) → one word
 * per island, with the island's box: a word the recogniser ran over two islands ("AB" for the
 * keys A and B) is split by its characters' boxes. Unsure words and symbol-only ones are dropped.
 */
export function placeMissedWords(read: readonly OcrWord[], islands: readonly Rect[], reach: number): OcrWord[] {
  const placed: OcrWord[] = [];
  for (const word of read) {
    if (word.confidence < MIN_MISSED_CONFIDENCE) continue;
    const parts = new Map<number, OcrSymbol[]>();
    for (const symbol of word.symbols?.length ? word.symbols : [{ text: word.text, confidence: word.confidence, box: word.box }]) {
      const at = islands.findIndex((island) => holdsCentre(island, symbol.box, reach));
      if (at >= 0) parts.set(at, [...(parts.get(at) ?? []), symbol]);
    }
    for (const [at, symbols] of parts) {
      const text = symbols.map((s) => s.text).join('');
      if (/[\p{L}\p{N}]/u.test(text)) placed.push({ text, confidence: word.confidence, box: { ...(islands[at] as Rect) }, symbols });
    }
  }
  return placed;
}

/** Whether `box`'s centre lies in `island`, grown by `reach` on every side. */
function holdsCentre(island: Rect, box: Rect, reach: number): boolean {
  const cx = box.x + box.width / 2;
  const cy = box.y + box.height / 2;
  return cx >= island.x - reach && cx <= island.x + island.width + reach && cy >= island.y - reach && cy <= island.y + island.height + reach;
}

function touches(a: Rect, b: Rect): boolean {
  return a.x - 1 < b.x + b.width && b.x - 1 < a.x + a.width && a.y - 1 < b.y + b.height && b.y - 1 < a.y + a.height;
}
