import { execFileSync } from 'node:child_process';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { encodePng } from '../../../../src/platform/linux/capture/png.js';
import { zpixmapToRgb } from '../../../../src/platform/linux/capture/pixels.js';
import { decodePng } from './decodePng.js';

/** An independent reader: Python's zlib and struct, checking CRCs and the decompressed size. */
const PYTHON_CHECK = `
import struct, sys, zlib
png = sys.stdin.buffer.read()
assert png[:8] == b"\\x89PNG\\r\\n\\x1a\\n"
at, idat = 8, b""
while at < len(png):
    length, kind = struct.unpack(">I4s", png[at:at + 8])
    body = png[at + 8:at + 8 + length]
    assert zlib.crc32(kind + body) == struct.unpack(">I", png[at + 8 + length:at + 12 + length])[0], kind
    if kind == b"IHDR": width, height, depth, color = struct.unpack(">IIBB", body[:10])
    if kind == b"IDAT": idat += body
    at += 12 + length
raw = zlib.decompress(idat)
assert len(raw) == (width * 3 + 1) * height
print(width, height, depth, color, raw[1 + 3 * 5:1 + 3 * 6].hex())
`;

describe('encodePng', () => {
  it('round-trips random RGB and RGBA images exactly', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 40 }),
        fc.integer({ min: 1, max: 40 }),
        fc.constantFrom(3 as const, 4 as const),
        fc.integer(),
        (width, height, channels, seed) => {
          const pixels = Buffer.alloc(width * height * channels);
          for (let i = 0; i < pixels.length; i++) pixels[i] = (Math.imul(i + 1, seed | 1) >>> 7) & 0xff;
          const decoded = decodePng(encodePng({ width, height, channels, pixels }));
          expect(decoded).toMatchObject({ width, height, channels, chunks: ['IHDR', 'IDAT', 'IEND'] });
          expect(decoded.pixels.equals(pixels)).toBe(true);
        },
      ),
      { numRuns: 60 },
    );
  });

  it('is read by an independent decoder (Python zlib + struct)', () => {
    const width = 7;
    const pixels = Buffer.alloc(width * 3 * 3);
    pixels.set([0x12, 0x34, 0x56], 5 * 3); // pixel (5, 0)
    const out = execFileSync('python3', ['-c', PYTHON_CHECK], { input: encodePng({ width, height: 3, channels: 3, pixels }) })
      .toString()
      .trim();
    expect(out).toBe('7 3 8 2 123456');
  });

  it('rejects a size that does not match the pixel data', () => {
    expect(() => encodePng({ width: 2, height: 2, channels: 3, pixels: Buffer.alloc(11) })).toThrow(RangeError);
    expect(() => encodePng({ width: 0, height: 2, channels: 3, pixels: Buffer.alloc(0) })).toThrow(RangeError);
  });
});

describe('zpixmapToRgb', () => {
  it('reads 32-bit little-endian pixels (B, G, R, X) and skips row padding', () => {
    // 2x2 image, rows padded to 12 bytes.
    const data = Buffer.from([1, 2, 3, 0, 4, 5, 6, 0, 9, 9, 9, 9, 7, 8, 9, 0, 10, 11, 12, 0, 9, 9, 9, 9]);
    expect([...zpixmapToRgb({ width: 2, height: 2, bitsPerPixel: 32, byteOrder: 0, data })]).toEqual([3, 2, 1, 6, 5, 4, 9, 8, 7, 12, 11, 10]);
  });

  it('reads big-endian pixels (X, R, G, B)', () => {
    const data = Buffer.from([0, 1, 2, 3]);
    expect([...zpixmapToRgb({ width: 1, height: 1, bitsPerPixel: 32, byteOrder: 1, data })]).toEqual([1, 2, 3]);
  });

  it('refuses formats it cannot read', () => {
    expect(() => zpixmapToRgb({ width: 1, height: 1, bitsPerPixel: 16, byteOrder: 0, data: Buffer.alloc(4) })).toThrow(/16 bits per pixel/);
    expect(() => zpixmapToRgb({ width: 4, height: 1, bitsPerPixel: 32, byteOrder: 0, data: Buffer.alloc(4) })).toThrow(/too short/);
  });
});
