/** Prototype-named keys never resolve through Object.prototype (beyond the CLI too). */
import { describe, expect, test } from 'vitest';
import { InputError } from '../../src/platform/linux/input/errors.js';
import { keysymForName } from '../../src/platform/linux/input/keysyms.js';
import { KeyNameError, keyIndex, parseChord } from '../../src/platform/shared-desktop/keys.js';
import { own } from '../../src/util/own.js';

const NAMES = ['constructor', '__proto__', 'toString', 'hasOwnProperty', 'valueOf'];

describe('own', () => {
  test('finds own keys only', () => {
    const table: Record<string, string> = { a: 'A' };
    expect(own(table, 'a')).toBe('A');
    for (const name of NAMES) expect(own(table, name)).toBeUndefined();
  });

  test('key names from tool arguments: a clean invalid-key error, never a TypeError', () => {
    for (const name of NAMES) {
      expect(() => keysymForName(name)).toThrow(InputError);
      expect(() => parseChord(name, keyIndex({ Enter: 1, LeftControl: 2 }))).toThrow(KeyNameError);
      expect(() => parseChord(`ctrl+${name}`, keyIndex({ Enter: 1, LeftControl: 2 }))).toThrow(KeyNameError);
    }
  });
});
