/**
 * Key chords → X keysyms. The grammar (modifiers, aliases, "ctrl++") is the bridge's one chord
 * grammar (platform/chords.ts); this maps it to keysyms, and every name is validated before
 * anything is pressed.
 */
import { ChordError, parseChord as parseChordText, type Modifier } from '../../chords.js';
import { InputError } from './errors.js';
import { KEYSYM, keysymForName } from './keysyms.js';

export interface Chord {
  /** The chord as written, for messages. */
  text: string;
  modifiers: number[];
  key: number;
}

const MODIFIER_KEYSYMS: Readonly<Record<Modifier, number>> = {
  ctrl: KEYSYM.Control_L,
  shift: KEYSYM.Shift_L,
  alt: KEYSYM.Alt_L,
  super: KEYSYM.Super_L,
};

export function parseChord(chord: string): Chord {
  try {
    const parsed = parseChordText(chord);
    return { text: chord, modifiers: parsed.modifiers.map((m) => MODIFIER_KEYSYMS[m]), key: keysymForName(parsed.key) };
  } catch (error) {
    if (error instanceof ChordError) throw new InputError('invalid_key', error.message);
    throw error;
  }
}

/** Parses every chord first, so that one bad name presses nothing at all. */
export function parseChords(chords: string[]): Chord[] {
  if (chords.length === 0) throw new InputError('invalid_key', 'no keys given');
  return chords.map(parseChord);
}
