/**
 * Key chords as the bridge speaks them ("ctrl+shift+s", "Return", "alt+F4") → names of nut-js's
 * `Key` enum. Names are matched case-insensitively; X11 keysym spellings (Return, BackSpace,
 * Page_Up, Prior/Next) are accepted so that the same chords work on every platform.
 */
import { own } from '../../util/own.js';

const ALIASES: Record<string, string> = {
  ctrl: 'LeftControl',
  control: 'LeftControl',
  shift: 'LeftShift',
  alt: 'LeftAlt',
  option: 'LeftAlt',
  opt: 'LeftAlt',
  cmd: 'LeftCmd',
  command: 'LeftCmd',
  meta: 'LeftMeta',
  super: 'LeftSuper',
  win: 'LeftWin',
  enter: 'Return',
  esc: 'Escape',
  del: 'Delete',
  ins: 'Insert',
  prior: 'PageUp',
  page_up: 'PageUp',
  pgup: 'PageUp',
  next: 'PageDown',
  page_down: 'PageDown',
  pgdn: 'PageDown',
  space: 'Space',
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
  up: 'Up',
  down: 'Down',
  left: 'Left',
  right: 'Right',
};

const MODIFIERS = new Set(['LeftControl', 'LeftShift', 'LeftAlt', 'LeftCmd', 'LeftMeta', 'LeftSuper', 'LeftWin']);

export interface ParsedChord {
  /** nut-js Key names, modifiers first, in press order. */
  keys: string[];
}

export class KeyNameError extends Error {
  constructor(readonly chord: string, detail: string) {
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

function resolveKey(part: string, index: Map<string, string>, chord: string): string {
  const lower = part.toLowerCase();
  const alias = own(ALIASES, lower) ?? own(ALIASES, part);
  if (alias && index.has(alias.toLowerCase())) return alias;
  if (/^[0-9]$/.test(part)) return `Num${part}`;
  const direct = index.get(lower);
  if (direct && !/^Num[0-9]$/.test(direct)) return direct;
  throw new KeyNameError(chord, `"${part}"`);
}

/** "ctrl+shift+s" → LeftControl, LeftShift, S. A lone "+" is the plus key's chord "shift+=". */
export function parseChord(chord: string, index: Map<string, string>): ParsedChord {
  const trimmed = chord.trim();
  if (trimmed === '') throw new KeyNameError(chord, 'empty chord');
  if (trimmed === '+') return { keys: ['LeftShift', 'Equal'] };
  const parts = trimmed.split('+').map((p) => p.trim());
  if (parts.some((p) => p === '')) throw new KeyNameError(chord, 'empty part');
  const keys = parts.map((part) => resolveKey(part, index, chord));
  const main = keys.filter((k) => !MODIFIERS.has(k));
  if (main.length > 1) throw new KeyNameError(chord, 'more than one non-modifier key');
  return { keys };
}
