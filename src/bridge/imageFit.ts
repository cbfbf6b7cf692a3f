/**
 * Screenshots a model can take in: at most `maxEdge` pixels on the longest edge and at
 * most `maxBytes` of PNG. An image already within both is passed through byte for byte.
 */
import { encodePng } from '../platform/linux/capture/png.js';
import { decodePng, pngSize, type DecodedImage } from '../util/pngDecode.js';

export interface FitLimits {
  maxEdge: number;
  maxBytes: number;
}

export interface FittedImage {
  png: Buffer;
  width: number;
  height: number;
}

const MIN_EDGE = 16;

export function fitPng(png: Buffer, limits: FitLimits): FittedImage {
  const size = pngSize(png);
  if (Math.max(size.width, size.height) <= limits.maxEdge && png.length <= limits.maxBytes) return { png, ...size };
  const source = decodePng(png);
  let scale = Math.min(1, limits.maxEdge / Math.max(size.width, size.height));
  for (;;) {
    const resized = downscale(source, scale);
    const encoded = encodePng(resized);
    const longest = Math.max(resized.width, resized.height);
    if (encoded.length <= limits.maxBytes || longest <= MIN_EDGE) {
      if (encoded.length > limits.maxBytes) throw new Error(`the screenshot does not fit in ${limits.maxBytes} bytes`);
      return { png: encoded, width: resized.width, height: resized.height };
    }
    // PNG size grows roughly with the pixel count: shrink both edges by the square root, a bit more.
    scale *= Math.max(0.25, Math.sqrt(limits.maxBytes / encoded.length) * 0.9);
  }
}

/** Area-average downscaling (every source pixel counts once: text stays legible, no aliasing). */
export function downscale(image: DecodedImage, scale: number): DecodedImage {
  if (scale >= 1) return image;
  const { width, height, channels, pixels } = image;
  const w = Math.max(1, Math.round(width * scale));
  const h = Math.max(1, Math.round(height * scale));
  const out = Buffer.alloc(w * h * channels);
  const sums = new Float64Array(channels);
  for (let y = 0; y < h; y++) {
    const y0 = Math.floor((y * height) / h);
    const y1 = Math.max(y0 + 1, Math.floor(((y + 1) * height) / h));
    for (let x = 0; x < w; x++) {
      const x0 = Math.floor((x * width) / w);
      const x1 = Math.max(x0 + 1, Math.floor(((x + 1) * width) / w));
      sums.fill(0);
      for (let sy = y0; sy < y1; sy++) {
        let at = (sy * width + x0) * channels;
        for (let sx = x0; sx < x1; sx++) for (let c = 0; c < channels; c++) sums[c] = (sums[c] as number) + (pixels[at++] as number);
      }
      const count = (y1 - y0) * (x1 - x0);
      const o = (y * w + x) * channels;
      for (let c = 0; c < channels; c++) out[o + c] = Math.round((sums[c] as number) / count);
    }
  }
  return { width: w, height: h, channels, pixels: out };
}
