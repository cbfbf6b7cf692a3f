/**
 * Key chords → names of nut-js's `Key` enum. The grammar (modifiers incl. cmd/option, aliases,
 * "ctrl++") is the bridge's one chord grammar (platform/chords.ts); this maps its X11 key
 * spellings (Return, BackSpace, Page_Up) and characters to nut-js, case-insensitively.
 */
import { ChordError, parseChord as parseChordText, type Modifier } from '../chords.js';
import { own } from '../../util/own.js';

/** nut-js maps LeftCmd to the logo key on every OS (⌘ on macOS, ⊞ on Windows). */
const MODIFIER_KEYS: Readonly<Record<Modifier, string>> = { ctrl: 'LeftControl', shift: 'LeftShift', alt: 'LeftAlt', super: 'LeftCmd' };

/** X11 names whose nut-js name is not the same letters without "_". */
const X11_NAMES: Readonly<Record<string, string>> = {
  Control_L: 'LeftControl',
  Shift_L: 'LeftShift',
  Alt_L: 'LeftAlt',
  Super_L: 'LeftCmd',
  plus: '+',
  minus: '-',
};

const CHARACTERS: Readonly<Record<string, string>> = {
  ' ': 'Space',
  '-': 'Minus',
  '=': 'Equal',
  ',': 'Comma',
  '.': 'Period',
  '/': 'Slash',
  '\\': 'Backslash',
  ';': 'Semicolon',
  "'": 'Quote',
  '`': 'Grave',
  '[': 'LeftBracket',
  ']': 'RightBracket',
};

export interface ParsedChord {
  /** nut-js Key names, modifiers first, in press order. */
  keys: string[];
}

export class KeyNameError extends Error {
  constructor(
    readonly chord: string,
    detail: string,
  ) {
    super(`unknown key in "${chord}": ${detail}. Use names such as ctrl, shift, alt, cmd, Return, Escape, Tab, F4, a, 1`);
    this.name = 'KeyNameError';
  }
}

/** The enum names nut-js knows, indexed by lower case. */
export function keyIndex(keyEnum: Record<string, string | number>): Map<string, string> {
  const index = new Map<string, string>();
  for (const [name, code] of Object.entries(keyEnum)) if (typeof code === 'number') index.set(name.toLowerCase(), name);
  return index;
}

/** nut-js names for one key of the grammar: a "+" needs Shift (it is shift+= on the keyboard). */
function nutKeys(key: string, index: Map<string, string>, chord: string): string[] {
  const name = own(X11_NAMES, key) ?? key;
  if (name === '+') return ['LeftShift', 'Equal'];
  if (/^[0-9]$/.test(name)) return [`Num${name}`];
  const character = own(CHARACTERS, name);
  if (character) return [character];
  const direct = index.get(name.toLowerCase().replaceAll('_', ''));
  if (direct && !/^Num[0-9]$/.test(direct)) return [direct];
  throw new KeyNameError(chord, `"${key}"`);
}

/** "ctrl+shift+s" → LeftControl, LeftShift, S; "cmd+w" → LeftCmd, W; "+" → LeftShift, Equal. */
export function parseChord(chord: string, index: Map<string, string>): ParsedChord {
  let parsed;
  try {
    parsed = parseChordText(chord);
  } catch (error) {
    if (error instanceof ChordError) throw new KeyNameError(chord, error.message);
    throw error;
  }
  const keys = [...parsed.modifiers.map((m) => MODIFIER_KEYS[m]), ...nutKeys(parsed.key, index, chord)];
  return { keys: [...new Set(keys)] };
}
