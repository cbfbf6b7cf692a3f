import { describe, expect, it } from 'vitest';
import { controlLabel, fieldLabel, hintOf, repairName, uniqueLabels } from '../../../src/translate/kit/labels.js';
import { GTK4, n } from './nodes.js';

describe('label repair', () => {
  it('undoes GTK4 doubled button names and drops type names', () => {
    expect(repairName('7 7')).toBe('7');
    expect(repairName('mod mod')).toBe('mod');
    expect(repairName('GtkMenuButton')).toBe('');
    expect(repairName('AdwGizmo')).toBe('');
    expect(repairName('Save As…')).toBe('Save As…');
    expect(repairName('  New   bookmark ')).toBe('New bookmark');
  });

  it('reads a type-named GTK4 button by its inner label, else by its tooltip without the shortcut', () => {
    const pi = n('push_button', 'GtkButton', { states: GTK4, description: 'Pi [Ctrl+P]' }, [n('label', 'π', { states: GTK4 })]);
    const clear = n('push_button', 'GtkImage', { states: GTK4, description: 'Clear Display [Escape]' });
    expect(controlLabel(pi)).toBe('π');
    expect(controlLabel(clear)).toBe('Clear Display');
    expect(hintOf(pi)).toBe('Pi');
  });

  it('strips label colons and bidi marks', () => {
    expect(fieldLabel('Name:')).toBe('Name');
    expect(repairName('20\u200e∶51')).toBe('20∶51');
  });

  it('makes repeated labels unique with their hint, else a number', () => {
    const items = [
      { l: 'Menu', h: '' },
      { l: 'Menu', h: 'Open a recently used file' },
      { l: 'OK', h: '' },
      { l: 'OK', h: '' },
    ];
    expect(
      uniqueLabels(
        items,
        (i) => i.l,
        (i) => i.h,
      ),
    ).toEqual(['Menu', 'Menu (Open a recently used file)', 'OK', 'OK (2)']);
  });
});
