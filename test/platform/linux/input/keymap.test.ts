import { describe, expect, it } from 'vitest';
import { Keymap } from '../../../../src/platform/linux/input/keymap.js';
import type { X11Connection } from '../../../../src/platform/linux/x11/connection.js';

/** A connection stub answering GetKeyboardMapping with `rows` (keycodes from 8). */
function stubConnection(rows: number[][]): X11Connection {
  return {
    display: { min_keycode: 8, max_keycode: 8 + rows.length - 1 },
    request: async () => rows,
  } as unknown as X11Connection;
}

describe('Keymap', () => {
  const rows = [
    [0x61, 0x41, 0, 0], // 8: a A
    [0x31, 0x21, 0, 0], // 9: 1 !
    [0, 0, 0, 0], // 10: spare
    [0x62, 0, 0, 0], // 11: b (upper case implied)
    [0x21, 0, 0, 0], // 12: ! unshifted on another key
    [0xffe1, 0, 0, 0], // 13: Shift_L
    [0, 0, 0, 0], // 14: spare
  ];

  it('finds unshifted and shifted keysyms, implied upper case, and spare keycodes', async () => {
    const keymap = await Keymap.load(stubConnection(rows));
    expect(keymap.lookup(0x61)).toEqual({ keycode: 8, shift: false });
    expect(keymap.lookup(0x41)).toEqual({ keycode: 8, shift: true });
    expect(keymap.lookup(0x42)).toEqual({ keycode: 11, shift: true });
    expect(keymap.lookup(0xffe1)).toEqual({ keycode: 13, shift: false });
    expect(keymap.lookup(0xe9)).toBeNull();
    expect(keymap.spareKeycodes).toEqual([10, 14]);
    expect(keymap.keysymsPerKeycode).toBe(4);
  });

  it('prefers a key that needs no Shift', async () => {
    const keymap = await Keymap.load(stubConnection(rows));
    expect(keymap.lookup(0x21)).toEqual({ keycode: 12, shift: false });
  });
});
