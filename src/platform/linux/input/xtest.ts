/**
 * Keyboard and pointer input through XTEST: real device events that toolkits accept (GTK ignores
 * synthetic XSendEvent keys). Exact text, including characters the layout lacks: those are bound
 * to a spare keycode first (ChangeKeyboardMapping), as xdotool does.
 */
import type { X11Connection } from '../x11/connection.js';
import { parseChords, type Chord } from './chord.js';
import { InputError } from './errors.js';
import { Keymap, type KeyStroke } from './keymap.js';
import { charToKeysym, KEYSYM } from './keysyms.js';

interface XTestExtension {
  KeyPress: number;
  KeyRelease: number;
  ButtonPress: number;
  ButtonRelease: number;
  MotionNotify: number;
  FakeInput(type: number, detail: number, time: number, root: number, x: number, y: number): void;
}

/**
 * A spare keycode rebound while the application may still be translating an earlier press of
 * it would produce the new keysym: give the application this long first.
 */
const REBIND_QUIET_MS = 150;
const SHIFT_KEYSYMS = new Set([0xffe1, 0xffe2]);

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export class XTestInput {
  /** keysym → spare keycode it is bound to; kept until close() (lazily restored). */
  private readonly bound = new Map<number, number>();
  private readonly lastUse = new Map<number, number>();

  private constructor(
    private readonly conn: X11Connection,
    private readonly xtest: XTestExtension,
    private readonly keymap: Keymap,
  ) {}

  static async open(conn: X11Connection): Promise<XTestInput> {
    const xtest = await conn.extension<XTestExtension>('xtest');
    return new XTestInput(conn, xtest, await Keymap.load(conn));
  }

  /** Types `text` exactly (\n = Return, \t = Tab). Nothing is typed if any character is invalid. */
  async typeText(text: string): Promise<void> {
    const keysyms = [...text].map((char, position) => charToKeysym(char, position));
    const shift = this.requireStroke(KEYSYM.Shift_L).keycode;
    for (const keysym of keysyms) {
      const stroke = await this.strokeFor(keysym);
      if (stroke.shift) this.fake(this.xtest.KeyPress, shift);
      this.fake(this.xtest.KeyPress, stroke.keycode);
      this.fake(this.xtest.KeyRelease, stroke.keycode);
      if (stroke.shift) this.fake(this.xtest.KeyRelease, shift);
    }
    await this.conn.sync();
  }

  /** Presses chords in order ("ctrl+a", "Delete"). All are validated before the first press. */
  async pressKeys(chords: string[]): Promise<void> {
    for (const chord of parseChords(chords)) await this.pressChord(chord);
  }

  /**
   * Moves the pointer to a root-window point and clicks `button` (1 left, 2 middle, 3 right),
   * `count` times in one burst: the toolkit sees a double-click only when the presses come within
   * its double-click time, so they are sent together and synced once.
   */
  async click(x: number, y: number, button = 1, count = 1): Promise<void> {
    const screen = this.conn.display.screen[0];
    const inside = screen !== undefined && Number.isInteger(x) && Number.isInteger(y) && x >= 0 && y >= 0 && x < screen.pixel_width && y < screen.pixel_height;
    if (!inside) throw new InputError('invalid_point', `point (${x}, ${y}) is not on the screen`);
    if (!Number.isInteger(button) || button < 1 || button > 9) throw new InputError('invalid_point', `mouse button must be 1 to 9, not ${button}`);
    if (!Number.isInteger(count) || count < 1 || count > 3) throw new InputError('invalid_point', `click count must be 1 to 3, not ${count}`);
    this.xtest.FakeInput(this.xtest.MotionNotify, 0, 0, this.conn.root, x, y);
    for (let i = 0; i < count; i++) {
      this.fake(this.xtest.ButtonPress, button);
      this.fake(this.xtest.ButtonRelease, button);
    }
    await this.conn.sync();
  }

  /** Gives the bound spare keycodes back (NoSymbol). */
  async close(): Promise<void> {
    if (this.conn.isClosed) return;
    const empty = new Array<number>(this.keymap.keysymsPerKeycode).fill(0);
    for (const keycode of this.bound.values()) this.conn.client.ChangeKeyboardMapping(keycode, this.keymap.keysymsPerKeycode, empty);
    this.bound.clear();
    await this.conn.sync();
  }

  private async pressChord(chord: Chord): Promise<void> {
    const key = await this.strokeFor(chord.key);
    const modifiers = await Promise.all(chord.modifiers.map((keysym) => this.strokeFor(keysym)));
    const held = modifiers.map((stroke) => stroke.keycode);
    // A key on the shifted level ("ctrl+plus") needs Shift even when the chord does not say so.
    if (key.shift && !chord.modifiers.some((keysym) => SHIFT_KEYSYMS.has(keysym))) held.push(this.requireStroke(KEYSYM.Shift_L).keycode);
    for (const keycode of held) this.fake(this.xtest.KeyPress, keycode);
    this.fake(this.xtest.KeyPress, key.keycode);
    this.fake(this.xtest.KeyRelease, key.keycode);
    for (const keycode of [...held].reverse()) this.fake(this.xtest.KeyRelease, keycode);
    await this.conn.sync();
  }

  private fake(type: number, detail: number): void {
    this.xtest.FakeInput(type, detail, 0, 0, 0, 0);
  }

  private requireStroke(keysym: number): KeyStroke {
    const stroke = this.keymap.lookup(keysym);
    if (!stroke) throw new InputError('unsupported', `the keyboard layout has no key for keysym 0x${keysym.toString(16)}`);
    return stroke;
  }

  private async strokeFor(keysym: number): Promise<KeyStroke> {
    const stroke = this.keymap.lookup(keysym);
    if (stroke) return stroke;
    const keycode = this.bound.get(keysym) ?? (await this.bind(keysym));
    this.lastUse.set(keycode, Date.now());
    return { keycode, shift: false };
  }

  /** Binds `keysym` to the least recently used spare keycode (both levels, so Shift is moot). */
  private async bind(keysym: number): Promise<number> {
    const spare = this.keymap.spareKeycodes;
    const keycode = spare.find((code) => !this.lastUse.has(code)) ?? [...spare].sort((a, b) => (this.lastUse.get(a) ?? 0) - (this.lastUse.get(b) ?? 0))[0];
    if (keycode === undefined) throw new InputError('unsupported', 'no spare keycode to bind a character the keyboard layout lacks');
    const idle = Date.now() - (this.lastUse.get(keycode) ?? 0);
    if (idle < REBIND_QUIET_MS) {
      await this.conn.sync();
      await sleep(REBIND_QUIET_MS - idle);
    }
    for (const [sym, code] of this.bound) if (code === keycode) this.bound.delete(sym);
    const syms = new Array<number>(this.keymap.keysymsPerKeycode).fill(0);
    syms[0] = keysym;
    syms[1] = keysym;
    this.conn.client.ChangeKeyboardMapping(keycode, this.keymap.keysymsPerKeycode, syms);
    this.bound.set(keysym, keycode);
    return keycode;
  }
}
