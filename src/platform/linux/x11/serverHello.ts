/**
 * The X server's connection setup reply, parsed in one pass. The `x11` package reads it one
 * field group at a time, and for each visual counts the visuals read so far with
 * `Object.keys(...).length`: quadratic in the visuals. Xvfb offers 390, which made opening the
 * display cost about 45 ms of CPU and 3.5 MB of garbage before the first read. This
 * reader waits for the whole reply (its length is in its header) and builds the same `display`
 * object, field for field and with the package's own quirks, so the rest of the package is
 * unchanged; test/live/x11Connection.test.ts compares the two on a real X server.
 */

/** The package's inbound buffer: `get(n, cb)` calls back with exactly the next n bytes. */
export interface HelloReader {
  get(length: number, callback: (data: Buffer) => void): void;
}

type Visual = { vid: number; class: number; bits_per_rgb: number; map_ent: number; red_mask: number; green_mask: number; blue_mask: number };
type Screen = Record<string, unknown> & { depths: Record<number, Record<number, Visual>> };

/** The byte order this client declares in its hello (the package's own rule: the host's). */
const HOST_BYTE_ORDER = new Uint8Array(new Uint32Array([0x01020304]).buffer)[0] === 0x04 ? 'l' : 'B';

export function readServerHello(reader: HelloReader, done: (error: Error | null, display?: Record<string, unknown>) => void): void {
  reader.get(8, (head) => {
    if (head.readUInt8(0) === 0) {
      // Failed: byte 1 is the reason's length, the reason follows the 8-byte header.
      reader.get(head.readUInt8(1), (reason) => done(new Error(`X server connection failed: ${reason.toString()}`)));
      return;
    }
    reader.get(head.readUInt16LE(6) * 4, (body) => {
      try {
        done(null, parseSetup(head, body));
      } catch (error) {
        done(error instanceof Error ? error : new Error(String(error)));
      }
    });
  });
}

/** `head`: the reply's first 8 bytes; `body`: the rest (offsets below are the X11 spec's minus 8). */
function parseSetup(head: Buffer, body: Buffer): Record<string, unknown> {
  const display: Record<string, unknown> = {
    byte_order: HOST_BYTE_ORDER === 'B' ? 1 : 0,
    major: head.readUInt16LE(2),
    minor: head.readUInt16LE(4),
    xlen: head.readUInt16LE(6),
    release: body.readUInt32LE(0),
    resource_base: body.readUInt32LE(4),
    resource_mask: body.readUInt32LE(8),
    motion_buffer_size: body.readUInt32LE(12),
    vlen: body.readUInt16LE(16),
    max_request_length: body.readUInt16LE(18),
  };
  const screenCount = body.readUInt8(20);
  const formatCount = body.readUInt8(21);
  display.image_byte_order = body.readUInt8(22);
  display.bitmap_bit_order = body.readUInt8(23);
  display.bitmap_scanline_unit = body.readUInt8(24);
  display.bitmap_scanline_pad = body.readUInt8(25);
  display.min_keycode = body.readUInt8(26);
  display.max_keycode = body.readUInt8(27);
  const mask = body.readUInt32LE(8);
  let shift = 0;
  while (shift < 32 && !((mask >> shift) & 1)) shift++;
  display.rsrc_shift = shift;
  display.rsrc_id = 0;
  const vendorLength = body.readUInt16LE(16);
  display.vendor = body.toString('latin1', 32, 32 + vendorLength);
  let at = 32 + ((vendorLength + 3) & ~3);
  const format: Record<number, { bits_per_pixel: number; scanline_pad: number }> = {};
  for (let i = 0; i < formatCount; i++, at += 8) format[body.readUInt8(at)] = { bits_per_pixel: body.readUInt8(at + 1), scanline_pad: body.readUInt8(at + 2) };
  display.format = format;
  const screens: Screen[] = [];
  for (let s = 0; s < screenCount; s++) {
    const screen: Screen = {
      root: body.readUInt32LE(at),
      default_colormap: body.readUInt32LE(at + 4),
      white_pixel: body.readUInt32LE(at + 8),
      black_pixel: body.readUInt32LE(at + 12),
      input_masks: body.readUInt32LE(at + 16),
      pixel_width: body.readUInt16LE(at + 20),
      pixel_height: body.readUInt16LE(at + 22),
      mm_width: body.readUInt16LE(at + 24),
      mm_height: body.readUInt16LE(at + 26),
      min_installed_maps: body.readUInt16LE(at + 28),
      max_installed_maps: body.readUInt16LE(at + 30),
      root_visual: body.readUInt32LE(at + 32),
      // The package's names for bytes 37 and 38 (save-unders, root-depth).
      backing_stores: body.readUInt8(at + 37),
      root_depth: body.readUInt8(at + 38),
      depths: {},
    };
    const depthCount = body.readUInt8(at + 39);
    at += 40;
    for (let d = 0; d < depthCount; d++) {
      const depth = body.readUInt8(at);
      const visualCount = body.readUInt16LE(at + 2);
      at += 8;
      const visuals = (screen.depths[depth] ??= {});
      for (let v = 0; v < visualCount; v++, at += 24) {
        const vid = body.readUInt32LE(at);
        visuals[vid] = {
          vid,
          class: body.readUInt8(at + 4),
          bits_per_rgb: body.readUInt8(at + 5),
          map_ent: body.readUInt16LE(at + 6),
          red_mask: body.readUInt32LE(at + 8),
          green_mask: body.readUInt32LE(at + 12),
          blue_mask: body.readUInt32LE(at + 16),
        };
      }
    }
    screens.push(screen);
  }
  display.screen = screens;
  return display;
}
