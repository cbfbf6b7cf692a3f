/**
 * A small PNG decoder for what screenshot sources write: 8-bit greyscale, grey+alpha, RGB or
 * RGBA, not interlaced (PNG spec: IHDR, IDAT…, filters None/Sub/Up/Average/Paeth per row).
 * Anything else is refused with a clear error; callers then keep the original bytes.
 */
import type * as Zlib from 'node:zlib';
import { lazyBuiltin } from './lazyBuiltin.js';

/** Loaded on the first decode: the bridge imports this file, few servers fit a screenshot. */
const zlib = lazyBuiltin<typeof Zlib>('node:zlib');

export interface DecodedImage {
  width: number;
  height: number;
  channels: 3 | 4;
  /** Rows top to bottom, `width * channels` bytes each. */
  pixels: Buffer;
}

const SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
const CHANNELS_BY_COLOR_TYPE: Record<number, number> = { 0: 1, 2: 3, 4: 2, 6: 4 };

export function pngSize(png: Buffer): { width: number; height: number } {
  if (png.length < 24 || !png.subarray(0, 8).equals(SIGNATURE)) throw new Error('not a PNG');
  return { width: png.readUInt32BE(16), height: png.readUInt32BE(20) };
}

export function decodePng(png: Buffer): DecodedImage {
  const { width, height } = pngSize(png);
  const bitDepth = png[24];
  const colorType = png[25] as number;
  const interlace = png[28];
  const channels = CHANNELS_BY_COLOR_TYPE[colorType];
  if (bitDepth !== 8 || channels === undefined || interlace !== 0) {
    throw new Error(`unsupported PNG (bit depth ${bitDepth}, colour type ${colorType}, interlace ${interlace})`);
  }
  const idat: Buffer[] = [];
  for (let at = 8; at + 8 <= png.length;) {
    const length = png.readUInt32BE(at);
    const type = png.toString('latin1', at + 4, at + 8);
    if (type === 'IDAT') idat.push(png.subarray(at + 8, at + 8 + length));
    if (type === 'IEND') break;
    at += 12 + length;
  }
  const raw = unfilter(zlib().inflateSync(Buffer.concat(idat)), width, height, channels);
  return expand(raw, width, height, channels);
}

function unfilter(data: Buffer, width: number, height: number, bpp: number): Buffer {
  const stride = width * bpp;
  if (data.length < (stride + 1) * height) throw new Error('truncated PNG data');
  const out = Buffer.alloc(stride * height);
  for (let y = 0; y < height; y++) {
    const filter = data[y * (stride + 1)];
    const src = y * (stride + 1) + 1;
    const row = y * stride;
    const prev = row - stride;
    for (let x = 0; x < stride; x++) {
      const a = x >= bpp ? (out[row + x - bpp] as number) : 0;
      const b = y > 0 ? (out[prev + x] as number) : 0;
      const c = x >= bpp && y > 0 ? (out[prev + x - bpp] as number) : 0;
      const v = data[src + x] as number;
      let predicted: number;
      switch (filter) {
        case 0:
          predicted = 0;
          break;
        case 1:
          predicted = a;
          break;
        case 2:
          predicted = b;
          break;
        case 3:
          predicted = (a + b) >> 1;
          break;
        case 4:
          predicted = paeth(a, b, c);
          break;
        default:
          throw new Error(`bad PNG filter ${filter}`);
      }
      out[row + x] = (v + predicted) & 0xff;
    }
  }
  return out;
}

function paeth(a: number, b: number, c: number): number {
  const p = a + b - c;
  const pa = Math.abs(p - a);
  const pb = Math.abs(p - b);
  const pc = Math.abs(p - c);
  return pa <= pb && pa <= pc ? a : pb <= pc ? b : c;
}

/** Greyscale becomes RGB, grey+alpha becomes RGBA. */
function expand(raw: Buffer, width: number, height: number, channels: number): DecodedImage {
  if (channels === 3 || channels === 4) return { width, height, channels, pixels: raw };
  const alpha = channels === 2;
  const out = Buffer.alloc(width * height * (alpha ? 4 : 3));
  for (let i = 0, o = 0; i < raw.length; i += channels) {
    const g = raw[i] as number;
    out[o++] = g;
    out[o++] = g;
    out[o++] = g;
    if (alpha) out[o++] = raw[i + 1] as number;
  }
  return { width, height, channels: alpha ? 4 : 3, pixels: out };
}
