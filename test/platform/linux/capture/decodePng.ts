/**
 * A strict PNG reader for tests (8-bit RGB/RGBA, non-interlaced): checks the signature and every
 * chunk CRC, undoes all five filter types, and returns the pixels.
 */
import { crc32, inflateSync } from 'node:zlib';

export interface DecodedPng {
  width: number;
  height: number;
  channels: number;
  pixels: Buffer;
  chunks: string[];
}

const SIGNATURE = '89504e470d0a1a0a';

function paeth(a: number, b: number, c: number): number {
  const p = a + b - c;
  const [pa, pb, pc] = [Math.abs(p - a), Math.abs(p - b), Math.abs(p - c)];
  return pa <= pb && pa <= pc ? a : pb <= pc ? b : c;
}

function unfilter(data: Buffer, width: number, height: number, channels: number): Buffer {
  const stride = width * channels;
  const out = Buffer.alloc(stride * height);
  for (let y = 0; y < height; y++) {
    const filter = data[y * (stride + 1)];
    for (let x = 0; x < stride; x++) {
      const raw = data[y * (stride + 1) + 1 + x] ?? 0;
      const left = x >= channels ? (out[y * stride + x - channels] ?? 0) : 0;
      const up = y > 0 ? (out[(y - 1) * stride + x] ?? 0) : 0;
      const upLeft = y > 0 && x >= channels ? (out[(y - 1) * stride + x - channels] ?? 0) : 0;
      const predictor = [0, left, up, (left + up) >> 1, paeth(left, up, upLeft)][filter ?? 0];
      if (predictor === undefined) throw new Error(`bad filter type ${filter} in row ${y}`);
      out[y * stride + x] = (raw + predictor) & 0xff;
    }
  }
  return out;
}

export function decodePng(png: Buffer): DecodedPng {
  if (png.subarray(0, 8).toString('hex') !== SIGNATURE) throw new Error('not a PNG signature');
  const chunks: string[] = [];
  const idat: Buffer[] = [];
  let header: Buffer | undefined;
  for (let at = 8; at < png.length;) {
    const length = png.readUInt32BE(at);
    const type = png.subarray(at + 4, at + 8).toString('latin1');
    const body = png.subarray(at + 8, at + 8 + length);
    if (crc32(png.subarray(at + 4, at + 8 + length)) >>> 0 !== png.readUInt32BE(at + 8 + length)) throw new Error(`bad CRC in ${type}`);
    chunks.push(type);
    if (type === 'IHDR') header = body;
    if (type === 'IDAT') idat.push(body);
    at += 12 + length;
  }
  if (!header || chunks[0] !== 'IHDR' || chunks[chunks.length - 1] !== 'IEND') throw new Error('IHDR first and IEND last are required');
  const [width, height, depth, colorType, interlace] = [header.readUInt32BE(0), header.readUInt32BE(4), header[8], header[9], header[12]];
  if (depth !== 8 || interlace !== 0 || (colorType !== 2 && colorType !== 6)) throw new Error('only 8-bit non-interlaced RGB/RGBA is supported');
  const channels = colorType === 2 ? 3 : 4;
  const data = inflateSync(Buffer.concat(idat));
  if (data.length !== (width * channels + 1) * height) throw new Error(`IDAT holds ${data.length} bytes, expected ${(width * channels + 1) * height}`);
  return { width, height, channels, pixels: unfilter(data, width, height, channels), chunks };
}
