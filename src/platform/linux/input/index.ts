/** XTEST keyboard and pointer input: exact text, validated key chords, clicks. */
export { parseChord, parseChords, type Chord } from './chord.js';
export { InputError, type InputErrorCode } from './errors.js';
export { Keymap, type KeyStroke } from './keymap.js';
export { charToKeysym, keysymForName } from './keysyms.js';
export { XTestInput } from './xtest.js';
