/**
 * One bitmap, one character. Text drawn without anti-aliasing (X core fonts: Athena and Motif
 * widgets, xterm) draws a character of one font, size and weight with the same pixels wherever it
 * appears. The recogniser reads the thin upright strokes I, l, 1, i by the word around them
 * rather than by their pixels: xcalc's "ln" key reads "In", its "shl" "shi"; xterm's "Il" reads
 * "I1". Where a stroke's exact bitmap is read elsewhere in the window as another of these
 * characters, by a sure word at least as sure as its own, that reading is taken, on two conditions
 * that keep fonts drawing "I" and "l" alike (Helvetica) as they were read:
 *  - the character it was read as is drawn, by a sure word of the same weight and height, with
 *    a different bitmap (so the font draws the two apart);
 *  - the character it becomes is never drawn, by a sure word of that weight and height, with any
 *    other bitmap.
 * Anti-aliased text (the same letter differs with its sub-pixel position) is left as read.
 */
import type { Rect } from '../probe.js';
import type { OcrWord } from './engine.js';
import type { GreyImage } from './image.js';
import { union } from './layout.js';

/** Characters drawn as one thin upright stroke (with a dot, a flag or serifs): the ones confused. */
const STROKES = new Set(['I', 'l', '1', '|', 'i', '!']);
/** Words at least this sure (0–100) are the evidence of what a bitmap is. */
const SURE_WORD = 80;
/** Pixels between ink and ground, as a share of the ink, below which text counts as not smoothed. */
const MAX_SMOOTHING = 0.02;

/** A stroke character of a word, with the exact bitmap of its ink. */
interface Stroke {
  word: number;
  symbol: number;
  char: string;
  bitmap: string;
  height: number;
  /** Of the word's other letters: regular and bold text draw the same letter apart. */
  weight: number;
  confidence: number;
}

/**
 * Whether the text in `boxes` is drawn without anti-aliasing: next to no pixels between its ink
 * and its ground (a quarter of the way from either), a Motif grey ground as well as a white one.
 */
export function drawnWithoutSmoothing(image: GreyImage, threshold: number, boxes: readonly Rect[]): boolean {
  const histogram = new Array<number>(256).fill(0);
  for (const box of boxes) {
    const x0 = Math.max(0, Math.floor(box.x));
    const x1 = Math.min(image.width, Math.ceil(box.x + box.width));
    for (let y = Math.max(0, Math.floor(box.y)); y < Math.min(image.height, Math.ceil(box.y + box.height)); y++) {
      for (let x = x0; x < x1; x++) {
        const value = image.pixels[y * image.width + x] ?? 255;
        histogram[value] = (histogram[value] ?? 0) + 1;
      }
    }
  }
  let ink = 0;
  let ground = 255;
  for (let v = 0; v < 256; v++) {
    const count = histogram[v] ?? 0;
    if (v <= threshold && count > (histogram[ink] ?? 0)) ink = v;
    if (v > threshold && count > (histogram[ground] ?? 0)) ground = v;
  }
  const span = ground - ink;
  let inked = 0;
  let between = 0;
  for (let v = 0; v < 256; v++) {
    if (v <= threshold) inked += histogram[v] ?? 0;
    else if (v > ink + span / 4 && v < ground - span / 4) between += histogram[v] ?? 0;
  }
  return inked > 0 && between / inked < MAX_SMOOTHING;
}

/** The words with their strokes read as their bitmaps are read elsewhere (see above). */
export function unifyStrokes(words: readonly OcrWord[], image: GreyImage, threshold: number, glyphs: readonly Rect[]): OcrWord[] {
  // Only the words that hold strokes are looked at: a page of text costs no whole-image scan.
  const holding = words.filter((w) => w.symbols?.some((s) => STROKES.has(s.text)));
  if (
    holding.length === 0 ||
    !drawnWithoutSmoothing(
      image,
      threshold,
      holding.map((w) => w.box),
    )
  )
    return [...words];
  const strokes = findStrokes(words, image, threshold, glyphs);
  const fixes = new Map<string, string>();
  for (const stroke of strokes) {
    const sure = (s: Stroke) => s.confidence >= SURE_WORD && s.word !== stroke.word;
    const sameBitmap = strokes.filter((s) => sure(s) && s.bitmap === stroke.bitmap && s.char !== stroke.char);
    const best = sameBitmap.sort((a, b) => b.confidence - a.confidence)[0];
    if (!best || best.confidence < stroke.confidence) continue;
    const drawnOtherwise = (char: string) =>
      strokes.some((s) => sure(s) && s.char === char && s.bitmap !== stroke.bitmap && s.height === stroke.height && s.weight === stroke.weight);
    if (drawnOtherwise(stroke.char) && !drawnOtherwise(best.char)) fixes.set(`${stroke.word}:${stroke.symbol}`, best.char);
  }
  if (fixes.size === 0) return [...words];
  return words.map((word, w) => {
    if (!word.symbols?.some((_, s) => fixes.has(`${w}:${s}`))) return word;
    const symbols = word.symbols.map((symbol, s) => ({ ...symbol, text: fixes.get(`${w}:${s}`) ?? symbol.text }));
    return { ...word, text: symbols.map((s) => s.text).join(''), symbols };
  });
}

/** Every stroke character whose ink is one glyph of its own, with that glyph's bitmap. */
function findStrokes(words: readonly OcrWord[], image: GreyImage, threshold: number, glyphs: readonly Rect[]): Stroke[] {
  const strokes: Stroke[] = [];
  words.forEach((word, w) => {
    const symbols = word.symbols ?? [];
    const letters = symbols.filter((s) => !STROKES.has(s.text) && /[\p{L}\p{N}]/u.test(s.text));
    const weight = strokeWeight(
      image,
      threshold,
      letters.map((s) => s.box),
    );
    symbols.forEach((symbol, s) => {
      if (!STROKES.has(symbol.text)) return;
      const ink = glyphs.filter((g) => {
        const centre = g.x + g.width / 2;
        return (
          centre >= symbol.box.x - 0.5 && centre <= symbol.box.x + symbol.box.width + 0.5 && g.y < word.box.y + word.box.height && word.box.y < g.y + g.height
        );
      });
      if (ink.length === 0) return;
      // One glyph: pieces stacked (a stem and its dot), not side by side (a box over "ll"), and
      // no wider than the character's box (letters run together in bold or tight text are not one).
      const widest = ink.reduce((a, b) => (b.width > a.width ? b : a));
      const box = ink.reduce(union);
      if (!ink.every((g) => g.x < widest.x + widest.width && widest.x < g.x + g.width) || box.width > symbol.box.width + 1.5) return;
      strokes.push({ word: w, symbol: s, char: symbol.text, bitmap: bitmapOf(image, threshold, box), height: box.height, weight, confidence: word.confidence });
    });
  });
  return strokes;
}

/** The ink of a box as a string of 0s and 1s, with its size. */
function bitmapOf(image: GreyImage, threshold: number, box: Rect): string {
  let bits = `${box.width}x${box.height}:`;
  for (let y = box.y; y < box.y + box.height; y++) {
    for (let x = box.x; x < box.x + box.width; x++) bits += (image.pixels[y * image.width + x] ?? 255) <= threshold ? '1' : '0';
  }
  return bits;
}

/**
 * The commonest length of the ink's horizontal runs in the boxes (0 without any): 1 px for
 * regular bitmap text, 2 for bold. The commonest, not the median: curves and bars add longer runs.
 */
function strokeWeight(image: GreyImage, threshold: number, boxes: readonly Rect[]): number {
  const counts = new Map<number, number>();
  for (const box of boxes) {
    const x0 = Math.max(0, Math.floor(box.x));
    const x1 = Math.min(image.width, Math.ceil(box.x + box.width));
    for (let y = Math.max(0, Math.floor(box.y)); y < Math.min(image.height, Math.ceil(box.y + box.height)); y++) {
      let run = 0;
      for (let x = x0; x <= x1; x++) {
        if (x < x1 && (image.pixels[y * image.width + x] ?? 255) <= threshold) run++;
        else if (run > 0) {
          counts.set(run, (counts.get(run) ?? 0) + 1);
          run = 0;
        }
      }
    }
  }
  let commonest = 0;
  for (const [run, count] of counts) {
    const best = counts.get(commonest) ?? 0;
    if (count > best || (count === best && run < commonest)) commonest = run;
  }
  return commonest;
}
