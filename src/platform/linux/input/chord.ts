/**
 * Key chords: "ctrl+shift+s", "Return", "alt+F4", "ctrl++". Modifiers first, one key last;
 * every name is validated before anything is pressed.
 */
import { InputError } from './errors.js';
import { isModifierKeysym, keysymForName } from './keysyms.js';

export interface Chord {
  /** The chord as written, for messages. */
  text: string;
  modifiers: number[];
  key: number;
}

function splitChord(chord: string): string[] {
  const trimmed = chord.trim();
  if (trimmed === '+') return ['+'];
  // "ctrl++": the last "+" is the key itself.
  if (trimmed.endsWith('++')) return [...trimmed.slice(0, -2).split('+'), '+'];
  return trimmed.split('+');
}

export function parseChord(chord: string): Chord {
  const parts = splitChord(chord).map((part) => part.trim());
  if (parts.some((part) => part === '')) throw new InputError('invalid_key', `chord "${chord}" has an empty key name`);
  const names = parts.slice(0, -1);
  const last = parts[parts.length - 1] ?? '';
  const modifiers = names.map((name) => {
    const keysym = keysymForName(name);
    if (!isModifierKeysym(keysym)) throw new InputError('invalid_key', `"${name}" is not a modifier (in chord "${chord}"; modifiers come first: ctrl, shift, alt, super)`);
    return keysym;
  });
  return { text: chord, modifiers, key: keysymForName(last) };
}

/** Parses every chord first, so that one bad name presses nothing at all. */
export function parseChords(chords: string[]): Chord[] {
  if (chords.length === 0) throw new InputError('invalid_key', 'no keys given');
  return chords.map(parseChord);
}
