import { describe, expect, it } from 'vitest';
import { parseChord, parseChords } from '../../../../src/platform/linux/input/chord.js';
import { InputError } from '../../../../src/platform/linux/input/errors.js';
import { charToKeysym, keysymForName } from '../../../../src/platform/linux/input/keysyms.js';

const CONTROL_L = 0xffe3;
const SHIFT_L = 0xffe1;
const ALT_L = 0xffe9;

function errorOf(run: () => unknown): InputError {
  try {
    run();
  } catch (error) {
    if (error instanceof InputError) return error;
    throw error;
  }
  throw new Error('expected an InputError');
}

describe('parseChord', () => {
  it('parses modifiers then one key', () => {
    expect(parseChord('ctrl+shift+s')).toEqual({ text: 'ctrl+shift+s', modifiers: [CONTROL_L, SHIFT_L], key: 0x73 });
    expect(parseChord('alt+F4')).toEqual({ text: 'alt+F4', modifiers: [ALT_L], key: 0xffc1 });
    expect(parseChord('Return').key).toBe(0xff0d);
    expect(parseChord('Escape').key).toBe(0xff1b);
  });

  it('accepts aliases, any letter case for unambiguous names, and "+" as a key', () => {
    expect(parseChord('Control+Enter')).toMatchObject({ modifiers: [CONTROL_L], key: 0xff0d });
    expect(parseChord('esc').key).toBe(0xff1b);
    expect(parseChord('return').key).toBe(0xff0d);
    expect(parseChord('PgDn').key).toBe(0xff56);
    expect(parseChord('ctrl++')).toMatchObject({ modifiers: [CONTROL_L], key: 0x2b });
    expect(parseChord('+').key).toBe(0x2b);
    expect(parseChord(' ctrl + a ')).toMatchObject({ modifiers: [CONTROL_L], key: 0x61 });
  });

  it('rejects unknown names, non-modifiers in modifier position and empty parts with invalid_key', () => {
    expect(errorOf(() => parseChord('ctrl+frobnicate'))).toMatchObject({ code: 'invalid_key', message: expect.stringContaining('"frobnicate"') });
    expect(errorOf(() => parseChord('a+b'))).toMatchObject({ code: 'invalid_key', message: expect.stringContaining('not a modifier') });
    expect(errorOf(() => parseChord('ctrl+'))).toMatchObject({ code: 'invalid_key' });
    expect(errorOf(() => parseChord(''))).toMatchObject({ code: 'invalid_key' });
    expect(errorOf(() => parseChords([]))).toMatchObject({ code: 'invalid_key' });
  });

  it('validates every chord before any is used', () => {
    expect(errorOf(() => parseChords(['ctrl+a', 'Delete', 'shift+nosuchkey']))).toMatchObject({ code: 'invalid_key' });
  });

  it('refuses names that differ only in letter case from two keys', () => {
    expect(errorOf(() => keysymForName('AACUTE'))).toMatchObject({ code: 'invalid_key', message: expect.stringContaining('ambiguous') });
    expect(keysymForName('Aacute')).toBe(0xc1);
    expect(keysymForName('aacute')).toBe(0xe1);
  });
});

describe('charToKeysym', () => {
  it('maps ASCII and Latin-1 to their code points and the rest to Unicode keysyms', () => {
    expect(charToKeysym('~')).toBe(0x7e);
    expect(charToKeysym('é')).toBe(0xe9);
    expect(charToKeysym('€')).toBe(0x010020ac);
    expect(charToKeysym('😀')).toBe(0x0101f600);
    expect(charToKeysym('\n')).toBe(0xff0d);
    expect(charToKeysym('\t')).toBe(0xff09);
  });

  it('refuses control characters without echoing the text', () => {
    const error = errorOf(() => charToKeysym('\u0007', 12));
    expect(error).toMatchObject({ code: 'invalid_text', message: 'cannot type control character U+0007 at position 12' });
  });
});
