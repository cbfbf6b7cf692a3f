/**
 * Keys on Wayland: the compositor's virtual keyboard (zwp_virtual_keyboard_v1). Our own keyboard
 * (virtualKeyboard.ts: full US keymap, held open) comes first; `wtype` types what that layout
 * cannot (é, €, emoji). Both send the keymap by file descriptor, a thing our pure-JS wire client
 * cannot do. GNOME (mutter) has no virtual keyboard protocol: keys go through its
 * org.gnome.Mutter.RemoteDesktop session instead (remoteDesktop.ts). None of these (or neither
 * python3 nor wtype): key tools are not offered at all (NO_KEYBOARD on the window roots).
 */
import { execFile } from 'node:child_process';
import type { KeyInput } from '../../probe.js';
import { findExecutable } from '../desktop/binaries.js';
import { parseChords, type Modifier } from '../../chords.js';
import { keysymForName } from '../input/keysyms.js';
import { InputError } from '../input/errors.js';
import { RemoteDesktopKeyboard } from './remoteDesktop.js';
import { US_LAYOUT, VirtualKeyboard } from './virtualKeyboard.js';

/** wtype's names for the grammar's modifiers (`-M logo` is the Super/⌘ key). */
const WTYPE_MODIFIERS: Readonly<Record<Modifier, string>> = { ctrl: 'ctrl', shift: 'shift', alt: 'alt', super: 'logo' };
const TIMEOUT_MS = 10_000;

/** wtype arguments for key chords: modifiers held (-M) around each key (-k, by keysym value). */
export function chordArguments(chords: string[]): string[] {
  // Every chord and key name is validated before anything is pressed.
  const parsed = parseChords(chords).map((chord) => ({
    mods: chord.modifiers.map((m) => WTYPE_MODIFIERS[m]),
    keysym: keysymForName(chord.key),
  }));
  const args: string[] = [];
  for (const { mods, keysym } of parsed) {
    for (const mod of mods) args.push('-M', mod);
    args.push('-k', `0x${keysym.toString(16)}`);
    for (const mod of [...mods].reverse()) args.push('-m', mod);
  }
  return args;
}

export class WtypeKeyboard {
  private constructor(
    private readonly wtype: string,
    private readonly env: NodeJS.ProcessEnv,
  ) {}

  /** A keyboard when the compositor offers a virtual keyboard and wtype is installed. */
  static find(interfaces: string[], env: NodeJS.ProcessEnv): WtypeKeyboard | null {
    if (!interfaces.includes('zwp_virtual_keyboard_manager_v1')) return null;
    const wtype = findExecutable('wtype', env.PATH ?? process.env.PATH ?? '');
    return wtype ? new WtypeKeyboard(wtype, env) : null;
  }

  send(input: KeyInput): Promise<void> {
    // Text goes through stdin ("wtype -"): never parsed as options, never on a command line.
    return 'text' in input ? this.run(['-'], input.text) : this.run(chordArguments(input.keys));
  }

  private run(args: string[], stdin?: string): Promise<void> {
    return new Promise((resolve, reject) => {
      const child = execFile(this.wtype, args, { env: this.env, timeout: TIMEOUT_MS }, (error, _out, stderr) => {
        if (error) reject(new Error(`wtype failed: ${String(stderr).trim() || error.message}`));
        else resolve();
      });
      child.stdin?.end(stdin ?? '');
    });
  }
}

/**
 * Our virtual keyboard first; wtype for what its US layout cannot produce. Known limit: a wtype
 * run changes the seat's keymap, and GTK3 matches key bindings (End, BackSpace, ctrl+…) by
 * keycode against the keymap current when it *handles* a key, not when the key arrived. Editing
 * keys sent just before a wtype run may still be queued in the app and are then lost (measured:
 * End right before "café" was lost in 2 runs of 3). Printable keys are not affected.
 */
export class WaylandKeys {
  private constructor(
    private readonly own: VirtualKeyboard | null,
    private readonly wtype: WtypeKeyboard | null,
    private readonly remote: RemoteDesktopKeyboard | null = null,
  ) {}

  /**
   * The compositor's virtual keyboard (wlroots), else GNOME's remote desktop session on the
   * session bus, else null (no key tools). mutter's keymap is checked as US: the layout mutter
   * compiles when org.gnome.desktop.input-sources is unset, as on `desktop up --compositor mutter`.
   */
  static async open(interfaces: string[], env: NodeJS.ProcessEnv): Promise<WaylandKeys | null> {
    const own = await VirtualKeyboard.open(interfaces, env);
    const wtype = WtypeKeyboard.find(interfaces, env);
    if (own || wtype) return new WaylandKeys(own, wtype);
    const remote = await RemoteDesktopKeyboard.open(env.DBUS_SESSION_BUS_ADDRESS, (keysym) => US_LAYOUT.lookup(keysym) !== null);
    return remote ? new WaylandKeys(null, null, remote) : null;
  }

  async send(input: KeyInput): Promise<void> {
    if (this.remote) return this.remote.send(input);
    if (this.own && (await this.own.send(input))) return;
    if (!this.wtype)
      throw new InputError('unsupported', 'these keys or this text cannot be typed with the US layout of the virtual keyboard, and wtype is not installed');
    await this.wtype.send(input);
  }

  close(): void {
    this.own?.close();
    this.remote?.close();
  }
}
