/** Key chords → nut-js Key names, checked against nut-js's real enum names (from its .d.ts). */
import { describe, expect, it } from 'vitest';
import { KeyNameError, keyIndex, parseChord } from '../../../src/platform/shared-desktop/keys.js';
import { fakeNut } from './fakes.js';

const index = keyIndex(fakeNut().Key);
const keys = (chord: string) => parseChord(chord, index).keys;

describe('parseChord', () => {
  it('maps modifiers, X11 keysym spellings and single characters', () => {
    expect(keys('ctrl+shift+s')).toEqual(['LeftControl', 'LeftShift', 'S']);
    expect(keys('alt+F4')).toEqual(['LeftAlt', 'F4']);
    expect(keys('cmd+w')).toEqual(['LeftCmd', 'W']);
    expect(keys('Return')).toEqual(['Return']);
    expect(keys('enter')).toEqual(['Return']);
    expect(keys('Escape')).toEqual(['Escape']);
    expect(keys('Page_Up')).toEqual(['PageUp']);
    expect(keys('ctrl+1')).toEqual(['LeftControl', 'Num1']);
    expect(keys('space')).toEqual(['Space']);
    expect(keys('+')).toEqual(['LeftShift', 'Equal']);
  });

  it('refuses unknown names, empty parts and two main keys with a message naming the part', () => {
    expect(() => keys('ctrl+nosuchkey')).toThrow(KeyNameError);
    expect(() => keys('ctrl+nosuchkey')).toThrow(/"nosuchkey"/);
    expect(() => keys('ctrl++')).toThrow(/empty part/);
    expect(() => keys('a+b')).toThrow(/more than one/);
    expect(() => keys('  ')).toThrow(/empty chord/);
  });
});
