/**
 * Characters and key names → X keysyms (keysymdef.h, via the `x11` package's table). Key names
 * are X's own ("Return", "F4", "BackSpace", "Page_Up"), matched case-insensitively when that is
 * unambiguous; aliases ("ctrl", "esc", "pgdn", …) are resolved by the chord grammar
 * (platform/chords.ts) before a name gets here.
 */
import { x11 } from '../x11/xmodule.js';
import { InputError } from './errors.js';

export const KEYSYM = {
  BackSpace: 0xff08,
  Tab: 0xff09,
  Return: 0xff0d,
  Shift_L: 0xffe1,
  Control_L: 0xffe3,
  Alt_L: 0xffe9,
  Super_L: 0xffeb,
} as const;

/** Keysym for one character of text to type; control characters other than \n \r \t \b throw. */
export function charToKeysym(char: string, position = 0): number {
  const code = char.codePointAt(0) ?? 0;
  if (char === '\n' || char === '\r') return KEYSYM.Return;
  if (char === '\t') return KEYSYM.Tab;
  if (char === '\b') return KEYSYM.BackSpace;
  if (code < 0x20 || (code >= 0x7f && code < 0xa0)) {
    throw new InputError('invalid_text', `cannot type control character U+${code.toString(16).padStart(4, '0')} at position ${position}`);
  }
  // Latin-1 keysyms equal their code points; everything else uses the Unicode keysym range.
  return code <= 0xff ? code : 0x01000000 + code;
}

interface NameTables {
  /** Exact X names (without "XK_"). */
  exact: Map<string, number>;
  /** Lower-cased names, only where unambiguous (null: two keysyms share it). */
  lower: Map<string, number | null>;
}

let tables: NameTables | undefined;

/**
 * Built on the first key name, not at import: the `x11` package's table is a 200 KB module of
 * 2,100 entries, and `serve` imports this file to open the desktop long before any key is
 * pressed (spawn → first read).
 */
function nameTables(): NameTables {
  if (tables) return tables;
  const exact = new Map<string, number>();
  const lower = new Map<string, number | null>();
  for (const [full, entry] of Object.entries(x11.keySyms)) {
    if (!full.startsWith('XK_')) continue;
    const name = full.slice(3);
    exact.set(name, entry.code);
    const lowered = name.toLowerCase();
    const seen = lower.get(lowered);
    lower.set(lowered, seen === undefined || seen === entry.code ? entry.code : null);
  }
  tables = { exact, lower };
  return tables;
}

/** Keysym of a key name; throws InputError('invalid_key') for an unknown or ambiguous name. */
export function keysymForName(name: string): number {
  if ([...name].length === 1) return charToKeysym(name);
  const { exact: byName, lower } = nameTables();
  const exact = byName.get(name);
  if (exact !== undefined) return exact;
  const loose = lower.get(name.toLowerCase());
  if (loose === null) throw new InputError('invalid_key', `key name "${name}" is ambiguous in letter case: use X's exact spelling`);
  if (loose === undefined) {
    throw new InputError('invalid_key', `unknown key name "${name}" (use X key names such as Return, Escape, F4, Page_Up)`);
  }
  return loose;
}
