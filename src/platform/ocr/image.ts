/**
 * What the OCR engine is given: a region of a window's picture as grey, dark text on a light
 * ground, scaled up and without the long straight lines of widget frames. Tesseract reads
 * 20–30 px tall glyphs best (screen text is 8–12 px), takes one polarity (terminals draw light on
 * dark), and reads a framed button (Athena, Motif, Tk) as one glyph run with its frame ("[AC]",
 * "7||CE/"). Pure: pixels in, PGM bytes out (Leptonica reads PNM without any codec).
 */
import type { Rect } from '../probe.js';

/** An 8-bit grey image, rows top to bottom. */
export interface GreyImage {
  width: number;
  height: number;
  pixels: Uint8Array;
}

/** RGB(A) rows → grey (ITU-R BT.601 luma), cut to `region` (clamped to the image). */
export function toGrey(rgb: { width: number; height: number; channels: number; pixels: Uint8Array }, region?: Rect): GreyImage {
  const x0 = Math.max(0, Math.floor(region?.x ?? 0));
  const y0 = Math.max(0, Math.floor(region?.y ?? 0));
  const x1 = Math.min(rgb.width, x0 + Math.floor(region?.width ?? rgb.width));
  const y1 = Math.min(rgb.height, y0 + Math.floor(region?.height ?? rgb.height));
  const width = Math.max(0, x1 - x0);
  const height = Math.max(0, y1 - y0);
  const pixels = new Uint8Array(width * height);
  const { channels } = rgb;
  for (let y = 0; y < height; y++) {
    let at = ((y0 + y) * rgb.width + x0) * channels;
    for (let x = 0; x < width; x++, at += channels) {
      pixels[y * width + x] = (299 * (rgb.pixels[at] ?? 0) + 587 * (rgb.pixels[at + 1] ?? 0) + 114 * (rgb.pixels[at + 2] ?? 0)) / 1000;
    }
  }
  return { width, height, pixels };
}

/** Otsu's threshold: the grey level that best splits the histogram into two classes. */
export function otsuThreshold(image: GreyImage): number {
  const histogram = new Array<number>(256).fill(0);
  for (const value of image.pixels) histogram[value] = (histogram[value] ?? 0) + 1;
  const total = image.pixels.length;
  let sum = 0;
  for (let i = 0; i < 256; i++) sum += i * (histogram[i] ?? 0);
  let below = 0;
  let sumBelow = 0;
  let best = 127;
  let bestVariance = -1;
  for (let t = 0; t < 256; t++) {
    below += histogram[t] ?? 0;
    if (below === 0) continue;
    const above = total - below;
    if (above === 0) break;
    sumBelow += t * (histogram[t] ?? 0);
    const meanBelow = sumBelow / below;
    const meanAbove = (sum - sumBelow) / above;
    const variance = below * above * (meanBelow - meanAbove) ** 2;
    if (variance > bestVariance) {
      bestVariance = variance;
      best = t;
    }
  }
  return best;
}

const TILE = 48;

/**
 * Dark ink on light ground everywhere: in each tile the side of the threshold that covers most
 * pixels is the ground, so a tile whose ground is dark (a terminal, a selected row) is inverted.
 */
export function normalisePolarity(image: GreyImage, threshold: number): GreyImage {
  const { width, height } = image;
  const out = new Uint8Array(image.pixels);
  for (let ty = 0; ty < height; ty += TILE) {
    for (let tx = 0; tx < width; tx += TILE) {
      const yEnd = Math.min(height, ty + TILE);
      const xEnd = Math.min(width, tx + TILE);
      let dark = 0;
      for (let y = ty; y < yEnd; y++) for (let x = tx; x < xEnd; x++) if ((image.pixels[y * width + x] ?? 0) <= threshold) dark++;
      if (dark * 2 <= (yEnd - ty) * (xEnd - tx)) continue;
      for (let y = ty; y < yEnd; y++) for (let x = tx; x < xEnd; x++) out[y * width + x] = 255 - (image.pixels[y * width + x] ?? 0);
    }
  }
  return { width, height, pixels: out };
}

/**
 * Whitens straight runs of ink at least `minRun` pixels long, across or down: widget frames,
 * separators, underlines. Glyph strokes are shorter than that at the sizes windows use.
 */
export function removeLines(image: GreyImage, threshold: number, minRun: number): GreyImage {
  const { width, height, pixels } = image;
  const out = new Uint8Array(pixels);
  const ink = (i: number) => (pixels[i] ?? 255) <= threshold;
  for (let y = 0; y < height; y++) {
    let start = -1;
    for (let x = 0; x <= width; x++) {
      if (x < width && ink(y * width + x)) {
        if (start < 0) start = x;
      } else if (start >= 0) {
        if (x - start >= minRun) out.fill(255, y * width + start, y * width + x);
        start = -1;
      }
    }
  }
  for (let x = 0; x < width; x++) {
    let start = -1;
    for (let y = 0; y <= height; y++) {
      if (y < height && ink(y * width + x)) {
        if (start < 0) start = y;
      } else if (start >= 0) {
        if (y - start >= minRun) for (let k = start; k < y; k++) out[k * width + x] = 255;
        start = -1;
      }
    }
  }
  return { width, height, pixels: out };
}

/** Bilinear upscaling by an integer factor: glyph edges stay smooth for the recogniser. */
export function upscale(image: GreyImage, factor: number): GreyImage {
  if (factor === 1) return image;
  const width = image.width * factor;
  const height = image.height * factor;
  const out = new Uint8Array(width * height);
  const src = image.pixels;
  const maxX = image.width - 1;
  const maxY = image.height - 1;
  for (let y = 0; y < height; y++) {
    const sy = Math.min(maxY, Math.max(0, (y + 0.5) / factor - 0.5));
    const y0 = Math.floor(sy);
    const y1 = Math.min(maxY, y0 + 1);
    const fy = sy - y0;
    for (let x = 0; x < width; x++) {
      const sx = Math.min(maxX, Math.max(0, (x + 0.5) / factor - 0.5));
      const x0 = Math.floor(sx);
      const x1 = Math.min(maxX, x0 + 1);
      const fx = sx - x0;
      const top = (src[y0 * image.width + x0] ?? 0) * (1 - fx) + (src[y0 * image.width + x1] ?? 0) * fx;
      const bottom = (src[y1 * image.width + x0] ?? 0) * (1 - fx) + (src[y1 * image.width + x1] ?? 0) * fx;
      out[y * width + x] = top * (1 - fy) + bottom * fy;
    }
  }
  return { width, height, pixels: out };
}

/** Paints rectangles white (regions whose text must never be read: password fields). */
export function blank(image: GreyImage, rects: readonly Rect[]): void {
  for (const r of rects) {
    const x0 = Math.max(0, Math.floor(r.x));
    const x1 = Math.min(image.width, Math.ceil(r.x + r.width));
    for (let y = Math.max(0, Math.floor(r.y)); y < Math.min(image.height, Math.ceil(r.y + r.height)); y++) {
      if (x1 > x0) image.pixels.fill(255, y * image.width + x0, y * image.width + x1);
    }
  }
}

/** Binary PGM (P5): the simplest format Leptonica reads. */
export function encodePgm(image: GreyImage): Buffer {
  const header = Buffer.from(`P5\n${image.width} ${image.height}\n255\n`, 'latin1');
  return Buffer.concat([header, Buffer.from(image.pixels.buffer, image.pixels.byteOffset, image.pixels.byteLength)]);
}

/** Frames are longer than this many source pixels; glyph strokes of window text are shorter. */
export const FRAME_RUN = 22;

/** Dark text on light ground without frames: what every part sent to the recogniser is cut from. */
export function cleanForOcr(grey: GreyImage): { image: GreyImage; threshold: number } {
  const dark = normalisePolarity(grey, otsuThreshold(grey));
  const threshold = otsuThreshold(dark);
  return { image: removeLines(dark, threshold, FRAME_RUN), threshold };
}

/** A horizontal band of an image: rows `y` to `y + height`. */
export interface Band {
  y: number;
  height: number;
}

/** Runs of rows holding ink, a gap of `joinGap` blank rows or fewer joined: text lines, roughly. */
export function inkBands(image: GreyImage, threshold: number, joinGap = 0): Band[] {
  const bands: Band[] = [];
  let start = -1;
  let lastInk = -1;
  for (let y = 0; y < image.height; y++) {
    let ink = false;
    for (let x = 0, at = y * image.width; x < image.width; x++, at++) {
      if ((image.pixels[at] ?? 255) <= threshold) {
        ink = true;
        break;
      }
    }
    if (!ink) continue;
    if (start >= 0 && y - lastInk - 1 > joinGap) {
      bands.push({ y: start, height: lastInk - start + 1 });
      start = y;
    } else if (start < 0) start = y;
    lastInk = y;
  }
  if (start >= 0) bands.push({ y: start, height: lastInk - start + 1 });
  return bands;
}

/** Text lines shorter than this (ink band: ascender to descender, px) are upscaled twice. */
const SMALL_LINE = 15;
/** Letters shorter than this (median glyph height, px) are upscaled twice. */
const SMALL_GLYPH = 11;

/**
 * 2 for small text (most windows), 1 when it is tall enough already. Each measure overstates the
 * size in its own way, so either one finding the text small is enough: a line's band grows with
 * a caret or scroll arrow taller than the text (Wine Notepad: 8 px letters in 17 px bands, read
 * unscaled as "Karbour"), and the median letter of caps-and-digits labels is a cap height (xcalc:
 * 13 px; unscaled, its "+/-" key went unread). A Helvetica 12 page (bands of 15 px and more,
 * 12 px letters) reads as well unscaled, at a quarter of the pixels.
 */
export function chooseScale(lines: readonly Band[], glyphHeight: number): number {
  const heights = lines.map((b) => b.height).sort((a, b) => a - b);
  const medianLine = heights[Math.floor(heights.length / 2)] ?? 0;
  const smallLines = medianLine > 0 && medianLine < SMALL_LINE;
  const smallLetters = glyphHeight > 0 && glyphHeight < SMALL_GLYPH;
  return smallLines || smallLetters ? 2 : 1;
}

/**
 * Up to `parts` horizontal pieces, cut in blank rows, with about equal amounts of text each, so
 * that that many recognisers can share the work; blank margins above and below are left out.
 */
export function splitForWorkers(lines: readonly Band[], parts: number, margin: number, height: number): Band[] {
  const total = lines.reduce((sum, b) => sum + b.height, 0);
  const pieces: Band[] = [];
  let first = 0;
  let sum = 0;
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i] as Band;
    const next = lines[i + 1];
    sum += line.height;
    if (next && (sum < (total * (pieces.length + 1)) / parts || pieces.length === parts - 1)) continue;
    // Margins never reach into the neighbouring lines: no line is in two pieces, none is cut.
    const previousEnd = pieces.length ? (pieces[pieces.length - 1] as Band).y + (pieces[pieces.length - 1] as Band).height : 0;
    const top = Math.max(previousEnd, (lines[first] as Band).y - margin, 0);
    const bottom = Math.min(height, line.y + line.height + margin, next ? Math.floor((line.y + line.height + next.y) / 2) : height);
    pieces.push({ y: top, height: bottom - top });
    first = i + 1;
  }
  return pieces;
}

/** Rows `band` of an image. */
export function cropRows(image: GreyImage, band: Band): GreyImage {
  return { width: image.width, height: band.height, pixels: image.pixels.subarray(band.y * image.width, (band.y + band.height) * image.width) };
}

/** The whole preparation of one image; `scale` is how many output pixels one source pixel became. */
export function prepareForOcr(grey: GreyImage, scale: number): Buffer {
  return encodePgm(upscale(cleanForOcr(grey).image, scale));
}
