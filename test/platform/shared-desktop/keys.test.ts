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
    expect(keys('ctrl++')).toEqual(['LeftControl', 'LeftShift', 'Equal']);
  });

  it('reads macOS modifier names: cmd and command are the logo key, option is alt', () => {
    expect(keys('cmd+option+a')).toEqual(['LeftCmd', 'LeftAlt', 'A']);
    expect(keys('Command+s')).toEqual(['LeftCmd', 'S']);
    expect(keys('opt+Left')).toEqual(['LeftAlt', 'Left']);
    expect(keys('meta+w')).toEqual(keys('super+w'));
    expect(keys('win+w')).toEqual(keys('cmd+w'));
  });

  it('refuses unknown names, empty parts and two main keys with a message naming the part', () => {
    expect(() => keys('ctrl+nosuchkey')).toThrow(KeyNameError);
    expect(() => keys('ctrl+nosuchkey')).toThrow(/"nosuchkey"/);
    expect(() => keys('ctrl++a')).toThrow(/empty part/);
    expect(() => keys('a+b')).toThrow(/not a modifier/);
    expect(() => keys('  ')).toThrow(/empty/);
  });
});
