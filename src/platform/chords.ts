/**
 * The one key-chord grammar of the bridge, shared by the press_keys tools and every platform's
 * keyboard (XTEST, wtype, nut-js): "ctrl+shift+s", "cmd+w", "option+a", "Return", "alt+F4",
 * "ctrl++". Modifiers first, joined with "+", then one key: a single character or a key name.
 *
 * Modifier names (any letter case) and what they press:
 * - ctrl, control → Control
 * - shift → Shift
 * - alt, option, opt → Alt (the Option key on a Mac keyboard)
 * - super, cmd, command, win, meta → the logo key: ⌘ Command on macOS, ⊞ Windows, Super on Linux.
 *   "meta" follows the web's `metaKey` (and playwright), not Emacs, so it means the same everywhere.
 *
 * Key names are X11 keysym spellings (Return, BackSpace, Page_Up, F4), which every platform maps,
 * plus the usual aliases (enter, esc, del, pgup, space, up…), resolved here. Whether a platform
 * knows a rarer name (XF86AudioMute) is that platform's lookup; the structure is checked here,
 * before anything is pressed.
 */
import { own } from '../util/own.js';

export type Modifier = 'ctrl' | 'shift' | 'alt' | 'super';

export interface ParsedChord {
  /** The chord as written, for messages. */
  text: string;
  /** In press order, without repeats. */
  modifiers: Modifier[];
  /** One character, or a key name in X11 spelling (aliases resolved). */
  key: string;
}

const MODIFIERS: Readonly<Record<string, Modifier>> = {
  ctrl: 'ctrl',
  control: 'ctrl',
  shift: 'shift',
  alt: 'alt',
  option: 'alt',
  opt: 'alt',
  super: 'super',
  cmd: 'super',
  command: 'super',
  win: 'super',
  meta: 'super',
};

/** A modifier pressed alone ("shift") is its left key. */
const MODIFIER_KEYS: Readonly<Record<Modifier, string>> = { ctrl: 'Control_L', shift: 'Shift_L', alt: 'Alt_L', super: 'Super_L' };

/** Aliases → X11 names, by lower case. */
const KEY_ALIASES: Readonly<Record<string, string>> = {
  enter: 'Return',
  return: 'Return',
  esc: 'Escape',
  escape: 'Escape',
  tab: 'Tab',
  backspace: 'BackSpace',
  del: 'Delete',
  delete: 'Delete',
  ins: 'Insert',
  insert: 'Insert',
  home: 'Home',
  end: 'End',
  pgup: 'Page_Up',
  pageup: 'Page_Up',
  page_up: 'Page_Up',
  prior: 'Page_Up',
  pgdn: 'Page_Down',
  pagedown: 'Page_Down',
  page_down: 'Page_Down',
  next: 'Page_Down',
  up: 'Up',
  down: 'Down',
  left: 'Left',
  right: 'Right',
  space: 'space',
  plus: 'plus',
  minus: 'minus',
};

const KEY_NAME = /^[A-Za-z][A-Za-z0-9_]*$/;

/** Human help for messages and tool descriptions. */
export const CHORD_HELP =
  'modifiers (ctrl, shift, alt or option, cmd or super) joined with "+" to one key: ' + 'a character or a name such as Return, Escape, Tab, F4, Page_Up';

export class ChordError extends Error {
  readonly code = 'invalid_key';
  constructor(
    readonly chord: string,
    detail: string,
  ) {
    super(`key chord "${chord}": ${detail}`);
    this.name = 'ChordError';
  }
}

function splitChord(trimmed: string): string[] {
  if (trimmed === '+') return ['+'];
  // "ctrl++": the last "+" is the key itself.
  if (trimmed.endsWith('++')) return [...trimmed.slice(0, -2).split('+'), '+'];
  return trimmed.split('+');
}

function keyOf(part: string, chord: string): string {
  if ([...part].length === 1) return part;
  const modifier = own(MODIFIERS, part.toLowerCase());
  if (modifier) return MODIFIER_KEYS[modifier];
  if (!KEY_NAME.test(part)) throw new ChordError(chord, `"${part}" is neither one character nor a key name`);
  return own(KEY_ALIASES, part.toLowerCase()) ?? part;
}

export function parseChord(chord: string): ParsedChord {
  const trimmed = chord.trim();
  if (trimmed === '') throw new ChordError(chord, 'empty');
  const parts = splitChord(trimmed).map((part) => part.trim());
  if (parts.some((part) => part === '')) throw new ChordError(chord, 'an empty part between "+" signs');
  const modifiers: Modifier[] = [];
  for (const name of parts.slice(0, -1)) {
    const modifier = own(MODIFIERS, name.toLowerCase());
    if (!modifier) throw new ChordError(chord, `"${name}" is not a modifier; ${CHORD_HELP}`);
    if (!modifiers.includes(modifier)) modifiers.push(modifier);
  }
  return { text: chord, modifiers, key: keyOf(parts[parts.length - 1] ?? '', chord) };
}

/** Parses every chord first, so that one bad chord presses nothing at all. */
export function parseChords(chords: readonly string[]): ParsedChord[] {
  if (chords.length === 0) throw new ChordError('', 'no keys given');
  return chords.map(parseChord);
}

/** The problem with a chord, or undefined when it follows the grammar (for input validation). */
export function chordProblem(chord: string): string | undefined {
  try {
    parseChord(chord);
    return undefined;
  } catch (error) {
    if (error instanceof ChordError) return error.message;
    throw error;
  }
}
