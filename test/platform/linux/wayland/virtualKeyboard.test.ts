/**
 * Our Wayland virtual keyboard's key plan: US-layout keycodes (evdev), Shift for the upper
 * level, modifiers as masks around the key; null (left to wtype) for what the layout lacks.
 */
import { describe, expect, it } from 'vitest';
import { keyboardCommands } from '../../../../src/platform/linux/wayland/virtualKeyboard.js';

describe('keyboardCommands', () => {
  it('types text by evdev keycode, with Shift for upper-level characters and Return for newlines', () => {
    // a = KEY_A (30), A = Shift + 30, ! = Shift + KEY_1 (2), newline = KEY_ENTER (28)
    expect(keyboardCommands({ text: 'aA!\n' })).toEqual(['k30:1', 'k30:0', 'm1', 'k30:1', 'k30:0', 'm0', 'm1', 'k2:1', 'k2:0', 'm0', 'k28:1', 'k28:0']);
  });

  it('holds chord modifiers as masks (ctrl 4, alt 8, super 64) around the key', () => {
    expect(keyboardCommands({ keys: ['ctrl+shift+s', 'alt+F4', 'super+Left', 'BackSpace'] })).toEqual([
      'm5',
      'k31:1',
      'k31:0',
      'm0',
      'm8',
      'k62:1',
      'k62:0',
      'm0',
      'm64',
      'k105:1',
      'k105:0',
      'm0',
      'k14:1',
      'k14:0',
    ]);
  });

  it('leaves what the US layout cannot produce to wtype (null), and rejects unknown names before anything', () => {
    expect(keyboardCommands({ text: 'café' })).toBeNull();
    expect(keyboardCommands({ keys: ['ctrl+é'] })).toBeNull();
    expect(() => keyboardCommands({ keys: ['Return', 'NoSuchKey'] })).toThrow(/unknown key name/);
  });
});
