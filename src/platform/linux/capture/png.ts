/**
 * A small PNG encoder (8-bit RGB or RGBA, no interlace) over node's zlib: screenshots need no
 * image library. Layout per the PNG specification: signature, IHDR, IDAT, IEND; every chunk
 * carries a CRC-32 of its type and data.
 */
import type * as Zlib from 'node:zlib';
import { lazyBuiltin } from '../../../util/lazyBuiltin.js';

/** Loaded on the first encode: the desktop source imports this file, few servers capture. */
const zlib = lazyBuiltin<typeof Zlib>('node:zlib');

export interface RawImage {
  width: number;
  height: number;
  /** 3 = RGB, 4 = RGBA. */
  channels: 3 | 4;
  /** Rows top to bottom, `width * channels` bytes each, no padding. */
  pixels: Buffer;
}

const SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
const COLOR_TYPE = { 3: 2, 4: 6 } as const; // truecolour, truecolour with alpha
const FILTER_NONE = 0;

export function chunk(type: string, data: Buffer): Buffer {
  const head = Buffer.alloc(8);
  head.writeUInt32BE(data.length, 0);
  head.write(type, 4, 'latin1');
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(zlib().crc32(Buffer.concat([head.subarray(4), data])) >>> 0, 0);
  return Buffer.concat([head, data, crc]);
}

export function encodePng(image: RawImage): Buffer {
  const { width, height, channels, pixels } = image;
  if (!Number.isInteger(width) || !Number.isInteger(height) || width < 1 || height < 1) throw new RangeError(`bad image size ${width}x${height}`);
  const stride = width * channels;
  if (pixels.length !== stride * height)
    throw new RangeError(`expected ${stride * height} pixel bytes for ${width}x${height}x${channels}, got ${pixels.length}`);
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 8; // bits per channel
  header[9] = COLOR_TYPE[channels];
  // bytes 10-12: compression 0 (deflate), filter method 0, interlace 0 (none)
  const filtered = Buffer.alloc((stride + 1) * height);
  for (let y = 0; y < height; y++) {
    filtered[y * (stride + 1)] = FILTER_NONE;
    pixels.copy(filtered, y * (stride + 1) + 1, y * stride, (y + 1) * stride);
  }
  // Level 3: screenshots are mostly flat areas; higher levels cost time for little gain.
  return Buffer.concat([SIGNATURE, chunk('IHDR', header), chunk('IDAT', zlib().deflateSync(filtered, { level: 3 })), chunk('IEND', Buffer.alloc(0))]);
}
