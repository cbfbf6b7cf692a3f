/**
 * One region's pixels to words: cleaned (image.ts), cut in blank rows into a piece per worker,
 * scaled for the height of its lines and letters, and read side by side; then the ink no word covers is
 * read once more (missedInk.ts). Word boxes come back in the region's own pixels.
 */
import type { Rect } from '../probe.js';
import type { OcrEngine, OcrResult, OcrWord } from './engine.js';
import { glyphBoxes, medianGlyphHeight } from './glyphs.js';
import { chooseScale, cleanForOcr, cropRows, encodePgm, inkBands, splitForWorkers, upscale, type GreyImage } from './image.js';
import { missedIslands, placeMissedWords, stackIslands } from './missedInk.js';

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
      return result.words.map((w) => ({ ...w, box: { ...w.box, y: w.box.y + piece.y } }));
    }),
  );
  const words = results.flat();
  words.push(...(await readMissed(engine, image, words, glyphs, letterHeight, scale)));
  return { words, confidence: words.length ? words.reduce((sum, w) => sum + w.confidence, 0) / words.length : 0 };
}

/** The second look: nothing to do (and no recognition) when every glyph is in a word. */
async function readMissed(engine: OcrEngine, image: GreyImage, words: OcrWord[], glyphs: Rect[], letterHeight: number, scale: number) {
  const islands = missedIslands(glyphs, words, letterHeight);
  if (islands.length === 0) return [];
  const pad = letterHeight;
  const stacked = stackIslands(image, islands, pad);
  const read = await engine.recognize(encodePgm(upscale(stacked.image, scale)), scale, 'block');
  return placeMissedWords(read.words, islands, stacked.row, pad);
}
