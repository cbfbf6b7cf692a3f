/**
 * X ZPixmap image data → packed RGB rows. The X server sends rows padded to its scanline unit,
 * pixels of `bits_per_pixel` in the server's image byte order; true-colour visuals of depth 24
 * and 32 use 32 bits per pixel with red, green, blue in bits 16-23, 8-15, 0-7.
 */

export interface ZPixmap {
  width: number;
  height: number;
  bitsPerPixel: number;
  /** 0 = LSBFirst (little-endian pixels), 1 = MSBFirst. */
  byteOrder: number;
  data: Buffer;
}

export function zpixmapToRgb(image: ZPixmap): Buffer {
  const { width, height, bitsPerPixel, byteOrder, data } = image;
  if (bitsPerPixel !== 32) throw new RangeError(`unsupported pixel format: ${bitsPerPixel} bits per pixel (only 32 is supported)`);
  if (height < 1 || data.length < width * 4 * height) throw new RangeError(`image data too short: ${data.length} bytes for ${width}x${height}`);
  const bytesPerLine = Math.floor(data.length / height);
  const [red, green, blue] = byteOrder === 0 ? [2, 1, 0] : [1, 2, 3];
  const rgb = Buffer.alloc(width * height * 3);
  let out = 0;
  for (let y = 0; y < height; y++) {
    let at = y * bytesPerLine;
    for (let x = 0; x < width; x++, at += 4) {
      rgb[out++] = data[at + red] ?? 0;
      rgb[out++] = data[at + green] ?? 0;
      rgb[out++] = data[at + blue] ?? 0;
    }
  }
  return rgb;
}
