/**
 * Our own Wayland virtual keyboard (zwp_virtual_keyboard_v1): one keyboard with the full US
 * keymap, held for the probe's life by a small Python helper (virtualKeyboardHelper.ts: the
 * keymap must travel as a file descriptor). Two things made wtype alone fail in GTK3 apps:
 *   - each wtype run creates and destroys a keyboard. On a seat without a keyboard (headless
 *     sway) the seat's keyboard capability comes and goes with it, every client binds a new
 *     wl_keyboard, and the keys sent before it has bound are lost (measured: gedit lost the
 *     first keys of each run);
 *   - wtype's keymap holds only the keys of that run, at synthetic keycodes, and GTK3's key
 *     bindings then miss (BackSpace, Home, arrows, ctrl+a did nothing in gedit; printable keys,
 *     Return and Tab worked). With a standard keymap they all work.
 * Text or keys the US layout cannot produce (é, €, emoji) are left to wtype, whose per-run
 * keymap is fine for printable text.
 */
import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { delimiter } from 'node:path';
import { createInterface } from 'node:readline';
import type { KeyInput } from '../../probe.js';
import { findExecutable } from '../desktop/binaries.js';
import { parseChords } from '../input/chord.js';
import { Keymap, type KeyStroke } from '../input/keymap.js';
import { charToKeysym } from '../input/keysyms.js';
import { US_KEY_ROWS, US_KEYMAP } from './usKeymap.js';
import { VIRTUAL_KEYBOARD_HELPER } from './virtualKeyboardHelper.js';

const TIMEOUT_MS = 10_000;
const FIRST_KEYCODE = 8;
/** X keycodes are evdev codes + 8; the protocol takes evdev codes. */
const EVDEV_OFFSET = 8;

/** Modifier masks of the standard keymap: Shift, Control, Mod1 (Alt), Mod4 (Super). */
const MODIFIER_MASKS = new Map<number, number>([
  [0xffe1, 1],
  [0xffe2, 1],
  [0xffe3, 4],
  [0xffe4, 4],
  [0xffe7, 8],
  [0xffe8, 8],
  [0xffe9, 8],
  [0xffea, 8],
  [0xffeb, 64],
  [0xffec, 64],
  [0xffed, 64],
  [0xffee, 64],
]);
const SHIFT = 1;

/** The US keymap's keycodes and levels, by keysym (also what mutter's default keymap can type). */
export const US_LAYOUT = Keymap.fromRows(
  FIRST_KEYCODE,
  Array.from({ length: 256 - FIRST_KEYCODE }, (_, i) => {
    const row = US_KEY_ROWS.find(([code]) => code === i + FIRST_KEYCODE);
    return row ? [row[1], row[2]] : [0, 0];
  }),
);

function press(stroke: KeyStroke, mask: number): string[] {
  const code = stroke.keycode - EVDEV_OFFSET;
  const held = mask | (stroke.shift ? SHIFT : 0);
  return [...(held ? [`m${held}`] : []), `k${code}:1`, `k${code}:0`, ...(held ? ['m0'] : [])];
}

/**
 * The helper's commands for `input`, or null when the US layout cannot produce some of it.
 * Names are validated first (parseChords throws InputError before anything is pressed).
 */
export function keyboardCommands(input: KeyInput): string[] | null {
  const words: string[] = [];
  if ('text' in input) {
    let position = 0;
    for (const char of input.text) {
      const stroke = US_LAYOUT.lookup(charToKeysym(char, position++));
      if (!stroke) return null;
      words.push(...press(stroke, 0));
    }
    return words;
  }
  for (const chord of parseChords(input.keys)) {
    const mask = chord.modifiers.reduce((m, sym) => m | (MODIFIER_MASKS.get(sym) ?? 0), 0);
    const stroke = US_LAYOUT.lookup(chord.key);
    if (!stroke) return null;
    words.push(...press(stroke, mask));
  }
  return words;
}

/**
 * The system's python3 first: the helper needs only the standard library, and a PATH python
 * (pyenv shims under root's home) may not be executable by the desktop's account.
 */
export function findPython(env: NodeJS.ProcessEnv): string | null {
  return findExecutable('python3', ['/usr/bin', env.PATH ?? process.env.PATH ?? ''].join(delimiter));
}

export class VirtualKeyboard {
  private readonly waiting: Array<{ resolve: () => void; reject: (error: Error) => void }> = [];
  private failure: Error | null = null;

  private constructor(private readonly child: ChildProcessWithoutNullStreams) {
    createInterface({ input: child.stdout }).on('line', (line) => {
      if (line === 'ok' || line === 'ready') this.waiting.shift()?.resolve();
    });
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => {
      stderr = (stderr + chunk.toString()).slice(-500);
    });
    child.on('exit', (code) => {
      this.failure = new Error(`the virtual keyboard helper exited (${code ?? 'signal'}${stderr.trim() ? `: ${stderr.trim()}` : ''})`);
      for (const waiter of this.waiting.splice(0)) waiter.reject(this.failure);
    });
    child.on('error', (error) => {
      this.failure = error;
      for (const waiter of this.waiting.splice(0)) waiter.reject(error);
    });
  }

  /** A keyboard when the compositor offers the protocol and python3 is installed; else null. */
  static async open(interfaces: string[], env: NodeJS.ProcessEnv): Promise<VirtualKeyboard | null> {
    if (!interfaces.includes('zwp_virtual_keyboard_manager_v1')) return null;
    const python = findPython(env);
    if (!python) return null;
    const child = spawn(python, ['-c', VIRTUAL_KEYBOARD_HELPER], { env: { ...env, GUI_BRIDGE_KEYMAP: US_KEYMAP }, stdio: 'pipe' });
    const keyboard = new VirtualKeyboard(child);
    try {
      await keyboard.next();
      return keyboard;
    } catch {
      keyboard.close();
      return null;
    }
  }

  /** Sends `input`; false (nothing sent) when the US layout cannot produce it. */
  async send(input: KeyInput): Promise<boolean> {
    const commands = keyboardCommands(input);
    if (!commands) return false;
    if (commands.length === 0) return true;
    const done = this.next();
    this.child.stdin.write(`${commands.join(' ')}\n`);
    await done;
    return true;
  }

  close(): void {
    this.child.stdin.end();
    if (this.child.exitCode === null) this.child.kill();
  }

  /** Resolves on the helper's next `ready`/`ok` line, rejects on exit or after TIMEOUT_MS. */
  private next(): Promise<void> {
    if (this.failure) return Promise.reject(this.failure);
    return new Promise((resolve, reject) => {
      // A helper that stops answering is stopped: its later answers could no longer be matched.
      const timer = setTimeout(() => this.child.kill(), TIMEOUT_MS);
      this.waiting.push({
        resolve: () => {
          clearTimeout(timer);
          resolve();
        },
        reject: (error) => {
          clearTimeout(timer);
          reject(error);
        },
      });
    });
  }
}
