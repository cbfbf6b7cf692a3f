/** Screenshot sizing: the PNG decoder (all five row filters) and fitting to edge + bytes. */
import { randomBytes } from 'node:crypto';
import { deflateSync } from 'node:zlib';
import { describe, expect, test } from 'vitest';
import { fitPng } from '../../src/bridge/imageFit.js';
import { chunk, encodePng } from '../../src/platform/linux/capture/png.js';
import { decodePng, pngSize } from '../../src/util/pngDecode.js';

function pattern(width: number, height: number, channels: 3 | 4): Buffer {
  const pixels = Buffer.alloc(width * height * channels);
  for (let i = 0; i < pixels.length; i++) pixels[i] = (i * 7 + Math.floor(i / (width * channels)) * 13) & 0xff;
  return pixels;
}

/** An encoder that applies a given filter to every row (ours writes filter 0 only). */
function encodeFiltered(width: number, height: number, pixels: Buffer, filter: number): Buffer {
  const bpp = 3;
  const stride = width * bpp;
  const rows: Buffer[] = [];
  for (let y = 0; y < height; y++) {
    const row = Buffer.alloc(stride + 1);
    row[0] = filter;
    for (let x = 0; x < stride; x++) {
      const v = pixels[y * stride + x] as number;
      const a = x >= bpp ? (pixels[y * stride + x - bpp] as number) : 0;
      const b = y > 0 ? (pixels[(y - 1) * stride + x] as number) : 0;
      const c = x >= bpp && y > 0 ? (pixels[(y - 1) * stride + x - bpp] as number) : 0;
      const p = a + b - c;
      const paeth = Math.abs(p - a) <= Math.abs(p - b) && Math.abs(p - a) <= Math.abs(p - c) ? a : Math.abs(p - b) <= Math.abs(p - c) ? b : c;
      const predicted = [0, a, b, (a + b) >> 1, paeth][filter] as number;
      row[x + 1] = (v - predicted) & 0xff;
    }
    rows.push(row);
  }
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr[8] = 8;
  ihdr[9] = 2;
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('IDAT', deflateSync(Buffer.concat(rows))),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

describe('decodePng', () => {
  test.each([0, 1, 2, 3, 4])('row filter %i round-trips', (filter) => {
    const pixels = pattern(17, 9, 3);
    expect(decodePng(encodeFiltered(17, 9, pixels, filter))).toEqual({ width: 17, height: 9, channels: 3, pixels });
  });

  test('RGBA from our encoder round-trips; non-PNG bytes are refused', () => {
    const pixels = pattern(5, 4, 4);
    expect(decodePng(encodePng({ width: 5, height: 4, channels: 4, pixels }))).toEqual({ width: 5, height: 4, channels: 4, pixels });
    expect(() => decodePng(Buffer.from('GIF89a not a png at all.....'))).toThrow(/not a PNG/);
  });
});

describe('fitPng', () => {
  test('an image within both limits passes through byte for byte', () => {
    const png = encodePng({ width: 100, height: 50, channels: 3, pixels: pattern(100, 50, 3) });
    expect(fitPng(png, { maxEdge: 1280, maxBytes: 1_000_000 }).png).toBe(png);
  });

  test('downscales to the maximum edge, keeping the aspect ratio and the average colour', () => {
    const width = 2000;
    const height = 500;
    const pixels = Buffer.alloc(width * height * 3);
    for (let i = 0; i < pixels.length; i += 3) pixels[i] = (i / 3) % 2 === 0 ? 0 : 200; // alternating red columns
    const fitted = fitPng(encodePng({ width, height, channels: 3, pixels }), { maxEdge: 1000, maxBytes: 10_000_000 });
    expect(pngSize(fitted.png)).toEqual({ width: 1000, height: 250 });
    expect(decodePng(fitted.png).pixels[0]).toBe(100); // two columns averaged
  });

  test('shrinks further until the PNG fits the byte cap', () => {
    const png = encodePng({ width: 800, height: 600, channels: 3, pixels: randomBytes(800 * 600 * 3) }); // noise: incompressible
    expect(png.length).toBeGreaterThan(200_000);
    const fitted = fitPng(png, { maxEdge: 1280, maxBytes: 200_000 });
    expect(fitted.png.length).toBeLessThanOrEqual(200_000);
    expect(fitted.width / fitted.height).toBeCloseTo(800 / 600, 1);
    expect(pngSize(fitted.png)).toEqual({ width: fitted.width, height: fitted.height });
  });
});
