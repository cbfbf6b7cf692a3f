/**
 * Keys on GNOME (mutter): `org.gnome.Mutter.RemoteDesktop` on the session bus, over our own
 * D-Bus link (atspi/dbusLink.ts). mutter offers no virtual-keyboard protocol to Wayland clients;
 * this private interface is how gnome-remote-desktop injects input. A session is input-only
 * unless a screen-cast session is tied to it, so it needs no PipeWire (docs/wayland.md).
 *
 * Keys travel as keysyms: mutter finds the keycode in its current keymap and adds Shift (or
 * AltGr) for the level itself, so shifted punctuation needs nothing from us. A keysym the
 * keymap lacks (é on a US layout) is dropped by mutter with only a log warning, so such text is
 * refused before anything is pressed (`KeysymLayout`), not typed half.
 *
 * The session lives as long as our connection: mutter closes it when its creator leaves the
 * bus. One session is held for the probe's life (a keyboard that comes and goes loses keys on
 * a seat without one: docs/wayland.md, Input).
 */
import type { KeyInput } from '../../probe.js';
import { DbusLink } from '../atspi/dbusLink.js';
import { busDaemonCall } from '../atspi/names.js';
import { parseChords } from '../input/chord.js';
import { InputError } from '../input/errors.js';
import { charToKeysym } from '../input/keysyms.js';

export const REMOTE_DESKTOP = {
  name: 'org.gnome.Mutter.RemoteDesktop',
  path: '/org/gnome/Mutter/RemoteDesktop',
  iface: 'org.gnome.Mutter.RemoteDesktop',
  session: 'org.gnome.Mutter.RemoteDesktop.Session',
} as const;

const CALL_TIMEOUT_MS = 5000;
const PIPELINED_CALLS = 64;

/** One key event: a keysym pressed (true) or released (false). */
export type KeysymEvent = [keysym: number, pressed: boolean];

/** Which keysyms the compositor's keymap can produce (null: not known, every keysym is tried). */
export type KeysymLayout = ((keysym: number) => boolean) | null;

/**
 * The key events for `input`: each character pressed and released; each chord's modifiers held
 * around its key. Every name is validated first (parseChords), so a bad one presses nothing.
 */
export function keysymEvents(input: KeyInput, layout: KeysymLayout = null): KeysymEvent[] {
  const events: KeysymEvent[] = [];
  const check = (keysym: number, what: string) => {
    if (layout && !layout(keysym))
      throw new InputError('unsupported', `${what} is not on the compositor's keyboard layout (keysym 0x${keysym.toString(16)}): mutter would drop it`);
  };
  if ('text' in input) {
    let position = 0;
    for (const char of input.text) {
      const keysym = charToKeysym(char, position++);
      check(keysym, `"${char}"`);
      events.push([keysym, true], [keysym, false]);
    }
    return events;
  }
  for (const chord of parseChords(input.keys)) {
    check(chord.key, `the key of "${chord.text}"`);
    for (const mod of chord.modifiers) events.push([mod, true]);
    events.push([chord.key, true], [chord.key, false]);
    for (const mod of [...chord.modifiers].reverse()) events.push([mod, false]);
  }
  return events;
}

/** The part of DbusLink this keyboard uses (a fake stands in for it in unit tests). */
export interface RemoteDesktopBus {
  call: DbusLink['call'];
  close(): void;
  readonly closed: boolean;
}

export class RemoteDesktopKeyboard {
  private constructor(
    private readonly bus: RemoteDesktopBus,
    private readonly sessionPath: string,
    private readonly layout: KeysymLayout,
  ) {}

  /**
   * A started RemoteDesktop session on the session bus at `address`, or null when the bus has
   * no `org.gnome.Mutter.RemoteDesktop` (not GNOME, or mutter without remote desktop support).
   */
  static async open(address: string | undefined, layout: KeysymLayout = null): Promise<RemoteDesktopKeyboard | null> {
    if (!address) return null;
    const bus = await DbusLink.open(address, { hello: true, timeoutMs: CALL_TIMEOUT_MS }).catch(() => null);
    return bus ? RemoteDesktopKeyboard.start(bus, layout) : null;
  }

  /** CreateSession → Session.Start on `bus`; null (and the bus closed) when that fails. */
  static async start(bus: RemoteDesktopBus, layout: KeysymLayout = null): Promise<RemoteDesktopKeyboard | null> {
    try {
      // The name is checked first: a call to an absent name would let the bus try to activate it.
      const [owned] = await bus.call(busDaemonCall('NameHasOwner', 's', [REMOTE_DESKTOP.name]));
      if (owned !== true) throw new Error('no remote desktop service');
      const [path] = await bus.call({
        destination: REMOTE_DESKTOP.name,
        path: REMOTE_DESKTOP.path,
        interface: REMOTE_DESKTOP.iface,
        member: 'CreateSession',
        noAutoStart: true,
      });
      if (typeof path !== 'string' || !path.startsWith('/')) throw new Error('CreateSession returned no session path');
      const keyboard = new RemoteDesktopKeyboard(bus, path, layout);
      await keyboard.sessionCall('Start');
      return keyboard;
    } catch {
      bus.close();
      return null;
    }
  }

  /** Types `input`; throws InputError before pressing anything the layout cannot produce. */
  async send(input: KeyInput): Promise<void> {
    const events = keysymEvents(input, this.layout);
    if (this.bus.closed) throw new Error('the GNOME remote desktop session is gone (the session bus connection closed)');
    // Calls are pipelined (D-Bus keeps their order), a batch at a time: a session bus may cap
    // the replies one connection waits for (dbus-daemon's max_replies_per_connection).
    for (let start = 0; start < events.length; start += PIPELINED_CALLS)
      await Promise.all(
        events.slice(start, start + PIPELINED_CALLS).map(([keysym, pressed]) => this.sessionCall('NotifyKeyboardKeysym', 'ub', [keysym, pressed])),
      );
  }

  close(): void {
    if (this.bus.closed) return;
    // Stop is polite; mutter also closes the session when our connection goes.
    void this.sessionCall('Stop')
      .catch(() => undefined)
      .finally(() => this.bus.close());
  }

  private sessionCall(member: string, signature?: string, body?: unknown[]): Promise<unknown[]> {
    return this.bus.call({
      destination: REMOTE_DESKTOP.name,
      path: this.sessionPath,
      interface: REMOTE_DESKTOP.session,
      member,
      noAutoStart: true,
      ...(signature ? { signature, body } : {}),
    });
  }
}
