/** GTK 3 menu item key bindings → the chords the `menu` action types. */
import { describe, expect, it } from 'vitest';
import { gtkAcceleratorChord, parseGtkKeyBinding } from '../../../src/platform/linux/atspi/menuKeys.js';
import { parseChord } from '../../../src/platform/chords.js';

describe('GTK 3 menu key bindings', () => {
  it('reads the mnemonic, the mnemonic path and the accelerator (Mousepad File > Save As…)', () => {
    expect(parseGtkKeyBinding('a;<Alt>f:a;<Primary><Shift>s')).toEqual({ mnemonic: 'a', path: ['alt+f', 'a'], accelerator: 'ctrl+shift+s' });
  });

  it('an item without accelerator has its mnemonic path only; a submenu adds a step', () => {
    expect(parseGtkKeyBinding('h;<Alt>f:e:h;')).toEqual({ mnemonic: 'h', path: ['alt+f', 'e', 'h'] });
  });

  it('a menu bar menu names its own Alt mnemonic', () => {
    expect(parseGtkKeyBinding('<Alt>f;<Alt>f;')).toEqual({ mnemonic: '<alt>f', path: ['alt+f'] });
  });

  it('an item with neither, or a binding in another form, has no key route', () => {
    expect(parseGtkKeyBinding(';;')).toEqual({ mnemonic: '', path: [] });
    expect(parseGtkKeyBinding('')).toBeNull();
    expect(parseGtkKeyBinding('Ctrl+S')).toBeNull();
  });

  it('spells GTK accelerators as chords the key input accepts', () => {
    for (const [gtk, chord] of [
      ['<Primary>s', 'ctrl+s'],
      ['<Control><Shift>Delete', 'ctrl+shift+Delete'],
      ['<Alt>Up', 'alt+Up'],
      ['<Primary><Alt>u', 'ctrl+alt+u'],
      ['F5', 'F5'],
    ] as const) {
      expect(gtkAcceleratorChord(gtk)).toBe(chord);
      expect(() => parseChord(chord)).not.toThrow();
    }
  });

  it('a modifier no keyboard route presses, or a malformed accelerator, gives no chord', () => {
    expect(gtkAcceleratorChord('<Hyper>x')).toBeUndefined();
    expect(gtkAcceleratorChord('<constructor>x')).toBeUndefined();
    expect(gtkAcceleratorChord('<Primary>')).toBeUndefined();
    expect(gtkAcceleratorChord('')).toBeUndefined();
  });
});
