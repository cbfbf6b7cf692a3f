/**
 * One region's pixels to words: cleaned (image.ts), cut in blank rows into a piece per worker,
 * scaled for the size of its text, and read side by side; word boxes come back in the region's
 * own pixels.
 */
import type { OcrEngine, OcrResult } from './engine.js';
import { chooseScale, cleanForOcr, cropRows, encodePgm, inkBands, splitForWorkers, upscale, type GreyImage } from './image.js';

/** Blank rows kept around each piece: the recogniser finds text poorly right at an image's edge. */
const PIECE_MARGIN = 8;

export async function readText(engine: OcrEngine, grey: GreyImage): Promise<OcrResult> {
  const { image, threshold } = cleanForOcr(grey);
  const lines = inkBands(image, threshold, 1);
  const scale = chooseScale(lines);
  const pieces = splitForWorkers(lines, engine.parallelism, PIECE_MARGIN, image.height);
  const results = await Promise.all(
    pieces.map(async (piece) => {
      const result = await engine.recognize(encodePgm(upscale(cropRows(image, piece), scale)), scale);
      return result.words.map((w) => ({ ...w, box: { ...w.box, y: w.box.y + piece.y } }));
    }),
  );
  const words = results.flat();
  return { words, confidence: words.length ? words.reduce((sum, w) => sum + w.confidence, 0) / words.length : 0 };
}
