/**
 * The server's keyboard mapping (core protocol GetKeyboardMapping): which keycode, with or
 * without Shift, produces a keysym; and spare keycodes (no keysym at all) that can be bound
 * to keysyms the layout lacks, as xdotool does.
 */
import type { X11Connection } from '../x11/connection.js';

export interface KeyStroke {
  keycode: number;
  /** Level 2 of group 1: the keysym needs Shift. */
  shift: boolean;
}

export class Keymap {
  private readonly strokes = new Map<number, KeyStroke>();

  private constructor(
    readonly firstKeycode: number,
    readonly keysymsPerKeycode: number,
    /** Keycodes with no keysym: free to bind. */
    readonly spareKeycodes: number[],
    rows: number[][],
  ) {
    rows.forEach((syms, index) => this.index(firstKeycode + index, syms));
  }

  static async load(conn: X11Connection): Promise<Keymap> {
    const first = conn.display.min_keycode;
    const count = conn.display.max_keycode - first + 1;
    const rows = await conn.request<number[][]>('GetKeyboardMapping', (cb) => conn.client.GetKeyboardMapping(first, count, cb));
    const spare = rows.flatMap((syms, index) => (syms.every((sym) => sym === 0) ? [first + index] : []));
    return new Keymap(first, rows[0]?.length ?? 0, spare, rows);
  }

  /** A fixed layout (our Wayland virtual keyboard's): rows of keysyms from `firstKeycode` on. */
  static fromRows(firstKeycode: number, rows: number[][]): Keymap {
    return new Keymap(firstKeycode, rows[0]?.length ?? 0, [], rows);
  }

  /** How to produce `keysym` with the current layout, or null when no key has it. */
  lookup(keysym: number): KeyStroke | null {
    return this.strokes.get(keysym) ?? null;
  }

  private index(keycode: number, syms: number[]): void {
    const [plain = 0, shifted = 0] = syms;
    if (plain) this.remember(plain, { keycode, shift: false });
    if (shifted) this.remember(shifted, { keycode, shift: true });
    // ICCCM: a lower-case letter alone in column 1 implies its upper case with Shift.
    else if (isLowerLatin(plain)) this.remember(plain - 0x20, { keycode, shift: true });
  }

  /** The first (lowest) keycode wins, unshifted before shifted: what a user would press. */
  private remember(keysym: number, stroke: KeyStroke): void {
    const known = this.strokes.get(keysym);
    if (!known || (known.shift && !stroke.shift)) this.strokes.set(keysym, stroke);
  }
}

function isLowerLatin(keysym: number): boolean {
  return keysym >= 0x61 && keysym <= 0x7a;
}
