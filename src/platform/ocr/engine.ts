/**
 * The OCR engine: tesseract.js (Tesseract's LSTM recogniser compiled to WebAssembly) with the
 * English model of `@tesseract.js-data/eng`, both optional dependencies loaded on the first window
 * that needs them. Everything is local: the model is read from the installed package (never the
 * package's default download address), the core is the installed `tesseract.js-core`, and no cache
 * is written. Worker threads (one per core, at most two: each holds its own copy of the model) are
 * created on first use and kept until `close`; each recognises one image at a time, and a caller
 * that cuts a window into pieces has them read side by side.
 */
import { createRequire } from 'node:module';
import { availableParallelism } from 'node:os';
import { dirname, join } from 'node:path';
import type { Rect } from '../probe.js';

/** One recognised word, in the pixels of the image the caller cut (not the scaled copy). */
export interface OcrWord {
  text: string;
  /** 0–100, the recogniser's own. */
  confidence: number;
  box: Rect;
  /** Its characters with their own boxes (same pixels as `box`): where each glyph is, how high it sits. */
  symbols?: OcrSymbol[];
}

/** One character of a word: its own confidence (0–100) and box. */
export interface OcrSymbol {
  text: string;
  confidence: number;
  box: Rect;
}

export interface OcrResult {
  words: OcrWord[];
  /** Mean word confidence, 0–100 (0 when nothing was read). */
  confidence: number;
}

/**
 * Which trained model of `@tesseract.js-data/eng`: `best_int` (default), the integer LSTM model
 * alone (2.9 MB gzipped), or `tessdata` (its `4.0.0` folder, 10.9 MB gzipped), the same LSTM
 * recogniser bundled with the legacy engine's data, which LSTM-only reading never uses. Both read
 * the same words on our windows; `best_int` starts a worker in about 0.8 s of CPU instead of 1.3 s
 * (the bundle is unzipped and parsed whole).
 */
export type OcrModel = 'best_int' | 'tessdata';

interface TesseractBox {
  x0: number;
  y0: number;
  x1: number;
  y1: number;
}
interface TesseractWord {
  text: string;
  confidence: number;
  bbox: TesseractBox;
  symbols?: { text: string; confidence: number; bbox: TesseractBox }[];
}
interface TesseractLine {
  words: TesseractWord[];
}
interface TesseractWorker {
  setParameters(params: Record<string, string>): Promise<unknown>;
  recognize(image: Buffer, options: object, output: object): Promise<{ data: { blocks: { paragraphs: { lines: TesseractLine[] }[] }[] | null } }>;
  terminate(): Promise<unknown>;
}
interface TesseractModule {
  createWorker(langs: string, oem: number, options: object): Promise<TesseractWorker>;
}

/** Raised when the optional packages are not installed: the caller says so instead of reading. */
export class OcrUnavailableError extends Error {}

const LSTM_ONLY = 1;
/** Sparse text: windows are labels and buttons scattered over a surface, not a page of prose. */
const SPARSE_TEXT = '11';
/** Page segmentation per image: `sparse` (mode 11, the default) or `block`, one uniform block (mode 6). */
export type OcrLayout = 'sparse' | 'block';
const BLOCK = { tessedit_pageseg_mode: '6' };

interface Lane {
  worker: Promise<TesseractWorker> | null;
  queue: Promise<unknown>;
  waiting: number;
}

export class OcrEngine {
  private readonly lanes: Lane[];

  constructor(
    private readonly model: OcrModel = 'best_int',
    workers = Math.min(2, availableParallelism()),
  ) {
    this.lanes = Array.from({ length: Math.max(1, workers) }, () => ({ worker: null, queue: Promise.resolve(), waiting: 0 }));
  }

  /** How many images can be read at once. */
  get parallelism(): number {
    return this.lanes.length;
  }

  /** Words in `image` (a prepared PGM, `scale` times the caller's pixels), on the least busy worker. */
  recognize(image: Buffer, scale: number, layout: OcrLayout = 'sparse'): Promise<OcrResult> {
    const lane = this.lanes.reduce((best, l) => (l.waiting < best.waiting ? l : best));
    lane.waiting++;
    const run = lane.queue.then(async () => {
      try {
        lane.worker ??= openWorker(this.model);
        // Parameters given with one image are restored after it (tesseract.js saves and restores them).
        const options = layout === 'block' ? BLOCK : {};
        return toResult(await (await lane.worker).recognize(image, options, { blocks: true, text: false }), scale);
      } finally {
        lane.waiting--;
      }
    });
    lane.queue = run.catch(() => undefined);
    return run;
  }

  /** Whether a worker was ever started (a window needed OCR). */
  get started(): boolean {
    return this.lanes.some((l) => l.worker !== null);
  }

  async close(): Promise<void> {
    const workers = this.lanes.map((l) => l.worker);
    for (const lane of this.lanes) lane.worker = null;
    await Promise.all(workers.map(async (w) => (await w?.catch(() => null))?.terminate()));
  }
}

async function openWorker(model: OcrModel): Promise<TesseractWorker> {
  const require = createRequire(import.meta.url);
  let tesseract: TesseractModule;
  let dataDir: string;
  try {
    tesseract = require('tesseract.js') as TesseractModule;
    dataDir = dirname(require.resolve('@tesseract.js-data/eng/package.json'));
  } catch {
    throw new OcrUnavailableError('the optional packages tesseract.js and @tesseract.js-data/eng are not installed');
  }
  const worker = await tesseract.createWorker('eng', LSTM_ONLY, {
    langPath: join(dataDir, model === 'tessdata' ? '4.0.0' : '4.0.0_best_int'),
    gzip: true,
    cacheMethod: 'none',
    workerPath: require.resolve('tesseract.js/src/worker-script/node/index.js'),
  });
  await worker.setParameters({ tessedit_pageseg_mode: SPARSE_TEXT, user_defined_dpi: '144' });
  return worker;
}

function toResult(output: Awaited<ReturnType<TesseractWorker['recognize']>>, scale: number): OcrResult {
  const words: OcrWord[] = [];
  for (const block of output.data.blocks ?? [])
    for (const paragraph of block.paragraphs)
      for (const line of paragraph.lines)
        for (const word of line.words) {
          const text = word.text.trim();
          if (!text) continue;
          const symbols = (word.symbols ?? []).map((s) => ({ text: s.text, confidence: s.confidence, box: toBox(s.bbox, scale) }));
          words.push({ text, confidence: word.confidence, box: toBox(word.bbox, scale), symbols });
        }
  const confidence = words.length ? words.reduce((sum, w) => sum + w.confidence, 0) / words.length : 0;
  return { words, confidence };
}

function toBox({ x0, y0, x1, y1 }: TesseractBox, scale: number): Rect {
  return { x: x0 / scale, y: y0 / scale, width: (x1 - x0) / scale, height: (y1 - y0) / scale };
}
