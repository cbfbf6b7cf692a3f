/**
 * Corrections a word's character boxes allow and its text alone does not:
 *  - a digit set above the line is a superscript: xcalc's "x²" key reads "x2" (the English model
 *    has no superscript characters), a "m²" or "10³" likewise;
 *  - one glyph read twice, once in each case, is one letter: a lone "C" key reads "Cc", an "x"
 *    reads "Xx" (the recogniser emits both when a lone glyph's size does not tell its case).
 * Both need the glyphs' boxes, which Tesseract gives per character.
 */
import type { Rect } from '../probe.js';
import type { OcrSymbol, OcrWord } from './engine.js';

const SUPERSCRIPT_DIGITS = '⁰¹²³⁴⁵⁶⁷⁸⁹';
/** Two neighbours sharing more than this share of the narrower one's width are one glyph. */
const SAME_GLYPH_OVERLAP = 0.5;

/** The word with its characters corrected; the same object when nothing changed. */
export function correctBySymbols(word: OcrWord): OcrWord {
  const symbols = word.symbols;
  // Only when the characters spell the word: their boxes then say where each letter of it is.
  if (!symbols || symbols.length < 2 || symbols.map((s) => s.text).join('') !== word.text) return word;
  const kept = dropCaseDoubles(symbols);
  const texts = raiseSuperscripts(kept);
  const text = texts.join('');
  return text === word.text ? word : { ...word, text, symbols: kept.map((s, i) => ({ ...s, text: texts[i] as string })) };
}

/** The word moved by (dx, dy), its characters with it. */
export function shiftWord(word: OcrWord, dx: number, dy: number): OcrWord {
  const move = (r: Rect) => ({ ...r, x: r.x + dx, y: r.y + dy });
  return { ...word, box: move(word.box), symbols: word.symbols?.map((s) => ({ ...s, box: move(s.box) })) };
}

/** Of two neighbours that are one letter in two cases over one glyph, the surer. */
function dropCaseDoubles(symbols: readonly OcrSymbol[]): OcrSymbol[] {
  const kept: OcrSymbol[] = [];
  for (const symbol of symbols) {
    const previous = kept[kept.length - 1];
    if (previous && isCasePair(previous.text, symbol.text) && sharedWidth(previous.box, symbol.box) > SAME_GLYPH_OVERLAP) {
      if (symbol.confidence > previous.confidence) kept[kept.length - 1] = symbol;
      continue;
    }
    kept.push(symbol);
  }
  return kept;
}

/**
 * A digit whose bottom is at or above the middle of the letter or digit before it, and whose top
 * is no lower than that one's, sits above the line: its superscript form. A digit on the line
 * ("x2", "A4") and one after a descender ("y2": its middle is lower) stay as read.
 */
function raiseSuperscripts(symbols: readonly OcrSymbol[]): string[] {
  let base: OcrSymbol | undefined;
  return symbols.map((symbol) => {
    const raised = base !== undefined && bottom(symbol.box) <= base.box.y + base.box.height / 2 && symbol.box.y <= base.box.y;
    const superscript = /^[0-9]$/.test(symbol.text) ? SUPERSCRIPT_DIGITS[Number(symbol.text)] : undefined;
    if (raised && superscript) return superscript;
    if (/[\p{L}\p{N}]/u.test(symbol.text)) base = symbol;
    return symbol.text;
  });
}

const isCasePair = (a: string, b: string) => a !== b && a.length === 1 && a.toLowerCase() === b.toLowerCase();
const bottom = (r: Rect) => r.y + r.height;

/** How much of the narrower box's width the two boxes share (0–1). */
function sharedWidth(a: Rect, b: Rect): number {
  const shared = Math.min(a.x + a.width, b.x + b.width) - Math.max(a.x, b.x);
  return Math.max(0, shared) / Math.max(1e-9, Math.min(a.width, b.width));
}
