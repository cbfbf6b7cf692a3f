/**
 * One region's pixels to words: cleaned (image.ts), cut in blank rows into a piece per worker,
 * scaled for the height of its lines and letters, and read side by side; then the ink no word
 * covers is read once more (missedInk.ts). Each word's characters are corrected by their boxes
 * (symbols.ts) and, in text drawn without anti-aliasing, by what the same bitmaps read as
 * elsewhere (sameGlyphs.ts). Word boxes come back in the region's own pixels.
 */
import type { Rect } from '../probe.js';
import type { OcrEngine, OcrResult, OcrWord } from './engine.js';
import { glyphBoxes, medianGlyphHeight } from './glyphs.js';
import { chooseScale, cleanForOcr, cropRows, encodePgm, inkBands, splitForWorkers, upscale, type GreyImage } from './image.js';
import { isolateIslands, missedIslands, placeMissedWords } from './missedInk.js';
import { unifyStrokes } from './sameGlyphs.js';
import { correctBySymbols, shiftWord } from './symbols.js';

/** Blank rows kept around each piece: the recogniser finds text poorly right at an image's edge. */
const PIECE_MARGIN = 8;

export async function readText(engine: OcrEngine, grey: GreyImage): Promise<OcrResult> {
  const { image, threshold } = cleanForOcr(grey);
  const lines = inkBands(image, threshold, 1);
  const glyphs = glyphBoxes(image, threshold);
  const letterHeight = medianGlyphHeight(glyphs);
  const scale = chooseScale(lines, letterHeight);
  const pieces = splitForWorkers(lines, engine.parallelism, PIECE_MARGIN, image.height);
  const results = await Promise.all(
    pieces.map(async (piece) => {
      const result = await engine.recognize(encodePgm(upscale(cropRows(image, piece), scale)), scale);
      return result.words.map((w) => correctBySymbols(shiftWord(w, 0, piece.y)));
    }),
  );
  // Lone glyphs of the second look are read with little context: not evidence of what a bitmap is.
  const words = unifyStrokes(results.flat(), image, threshold, glyphs);
  words.push(...(await readMissed(engine, image, words, glyphs, letterHeight, scale)));
  return { words, confidence: words.length ? words.reduce((sum, w) => sum + w.confidence, 0) / words.length : 0 };
}

/** The second look: nothing to do (and no recognition) when every glyph is in a word. */
async function readMissed(engine: OcrEngine, image: GreyImage, words: OcrWord[], glyphs: Rect[], letterHeight: number, scale: number) {
  const islands = missedIslands(glyphs, words, letterHeight);
  if (islands.length === 0) return [];
  const isolated = isolateIslands(image, islands, letterHeight);
  const read = await engine.recognize(encodePgm(upscale(isolated.image, scale)), scale, 'block');
  const moved = read.words.map((w) => correctBySymbols(shiftWord(w, isolated.x, isolated.y)));
  return placeMissedWords(moved, islands, letterHeight / 2);
}
