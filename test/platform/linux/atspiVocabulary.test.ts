import { describe, expect, it } from 'vitest';
import { AtspiError, wrapError } from '../../../src/platform/linux/atspi/errors.js';
import {
  cleanAttributes,
  nameFromContent,
  nodeActions,
  normalizeActionName,
  normalizeName,
  normalizeRole,
  wantsAttributes,
  wantsRelations,
  windowCommands,
} from '../../../src/platform/linux/atspi/normalize.js';
import { formatRef, fromWire, parseRef } from '../../../src/platform/linux/atspi/refs.js';
import { parseRowRef, rowRef, TABLE_READ_ROWS, tableAllotment, tableShape } from '../../../src/platform/linux/atspi/tables.js';
import { isSensitive } from '../../../src/platform/linux/atspi/values.js';
import { RELATIONS, ROLES, STATES, relationName, roleName, snakeCase, stateNames } from '../../../src/platform/linux/atspi/vocabulary.js';

const GTK3 = { name: 'gtk', version: '3.24.38' };
const GTK4 = { name: 'GTK', version: '4.8.3' };

describe('vocabulary', () => {
  it('has the at-spi2-core 2.46 enums in order', () => {
    expect(ROLES).toHaveLength(130);
    expect([ROLES[43], ROLES[40], ROLES[56], ROLES[129]]).toEqual(['push_button', 'password_text', 'table_cell', 'push_button_menu']);
    expect(STATES).toHaveLength(44);
    expect(RELATIONS[2]).toBe('labelled_by');
    expect(roleName(999)).toBe('role_999');
    expect(relationName(21)).toBe('error_message');
  });

  it('decodes the two-word state bitfield', () => {
    // bits 1 (active), 25 (showing), 30 (visible) and 32+11 = 43 (read_only)
    expect(stateNames([(1 << 1) | (1 << 25) | (1 << 30), 1 << 11])).toEqual(['active', 'showing', 'visible', 'read_only']);
    expect(stateNames([0x80000000, 1 << 20])).toEqual(['manages_descendants', 'state_52']);
    expect(snakeCase('accessible-name')).toBe('accessible_name');
  });
});

describe('refs', () => {
  it('round-trips bus and path', () => {
    const ref = { bus: ':1.42', path: '/org/a11y/atspi/accessible/17' };
    expect(parseRef(formatRef(ref))).toEqual(ref);
    expect(fromWire([':1.2', '/x'])).toEqual({ bus: ':1.2', path: '/x' });
    expect(fromWire(['x'])).toBeNull();
  });

  it('rejects what is not a ref', () => {
    for (const bad of ['', 'nope', '/only/path']) expect(() => parseRef(bad)).toThrow(AtspiError);
  });
});

describe('normalize', () => {
  it('undoes GTK4 doubled names and drops type names, only on GTK4', () => {
    expect(normalizeName('7 7', GTK4)).toBe('7');
    expect(normalizeName('mod mod', GTK4)).toBe('mod');
    expect(normalizeName('GtkMenuButton', GTK4)).toBe('');
    expect(normalizeName('AdwGizmo', GTK4)).toBe('');
    expect(normalizeName('Save As', GTK4)).toBe('Save As');
    expect(normalizeName('a b', GTK4)).toBe('a b');
    expect(normalizeName('7 7', GTK3)).toBe('7 7');
    expect(normalizeName('GtkMenuButton', undefined)).toBe('GtkMenuButton');
  });

  it('reads a GTK4 mnemonic label and its text as the text, only on GTK4', () => {
    expect(normalizeName('_Rename Rename', GTK4)).toBe('Rename');
    expect(normalizeName('Con_nect Connect', GTK4)).toBe('Connect');
    expect(normalizeName('_Open Recent Open Recent', GTK4)).toBe('Open Recent');
    expect(normalizeName('my_file.txt', GTK4)).toBe('my_file.txt');
    expect(normalizeName('a_b c', GTK4)).toBe('a_b c');
    expect(normalizeName('_Rename Rename', GTK3)).toBe('_Rename Rename');
  });

  it("drops Qt's mnemonic marker from names Qt takes from a title, and only there", () => {
    const QT = { name: 'Qt', version: '5.15.8' };
    expect(normalizeName('&Edit', QT, 'tool_bar')).toBe('Edit');
    expect(normalizeName('Save &As', QT, 'push_button')).toBe('Save As');
    expect(normalizeName('Salt && Pepper', QT, 'label')).toBe('Salt & Pepper');
    expect(normalizeName('Tom & Jerry', QT, 'tool_bar')).toBe('Tom & Jerry');
    expect(normalizeName('R&D notes', QT, 'paragraph')).toBe('R&D notes');
    expect(normalizeName('&Edit', QT)).toBe('&Edit');
    expect(normalizeName('&Edit', GTK3, 'tool_bar')).toBe('&Edit');
  });

  it("gives GTK4's file chooser widget GTK3's role, only on GTK4", () => {
    expect(normalizeRole('filler', 'GtkFileChooserWidget', GTK4)).toBe('file_chooser');
    expect(normalizeRole('filler', 'GtkBox', GTK4)).toBe('filler');
    expect(normalizeRole('filler', 'GtkFileChooserWidget', GTK3)).toBe('filler');
  });

  it('spells actions one way and drops GTK4 GAction names', () => {
    expect(normalizeActionName('Expand or contract')).toBe('expand_or_contract');
    expect(nodeActions(['Click', 'clipboard.copy'], GTK4)).toEqual(['click']);
    expect(nodeActions(['click', 'app.quit'], GTK3)).toEqual(['click', 'app.quit']);
  });

  it('keeps GTK 4.8+ GAction names on a window as its commands, sorted, and nowhere else', () => {
    const names = ['win.up', 'view.rename', 'activate', 'default.activate'];
    expect(windowCommands(names, 'frame', { name: 'GTK', version: '4.8.3' })).toEqual(['default.activate', 'view.rename', 'win.up']);
    expect(windowCommands(names, 'dialog', { name: 'gtk', version: '4.12.0' })).toEqual(['default.activate', 'view.rename', 'win.up']);
    // Before 4.8 GTK may list actions that need a parameter: run without one, the app would print a critical.
    expect(windowCommands(names, 'frame', { name: 'gtk', version: '4.6.9' })).toEqual([]);
    expect(windowCommands(names, 'label', { name: 'gtk', version: '4.8.3' })).toEqual([]);
    expect(windowCommands(names, 'frame', GTK3)).toEqual([]);
  });

  it('names an unnamed button from its only label', () => {
    const label = (name: string) => ({ ref: 'x/l', role: 'label', name, states: [], children: [] });
    const button = {
      ref: 'x/b',
      role: 'push_button',
      name: '',
      states: [],
      children: [{ ref: 'x/p', role: 'panel', name: '', states: [], children: [label('π')] }],
    };
    nameFromContent(button);
    expect(button.name).toBe('π');
    const two = { ref: 'x/c', role: 'push_button', name: '', states: [], children: [label('a'), label('b')] };
    nameFromContent(two);
    expect(two.name).toBe('');
  });

  it('keeps meaningful attributes and asks GTK only where it has some', () => {
    expect(cleanAttributes({ toolkit: 'gtk' })).toBeUndefined();
    expect(cleanAttributes({ toolkit: 'gtk', 'placeholder-text': 'Search' })).toEqual({ 'placeholder-text': 'Search' });
    expect(wantsAttributes('panel', GTK3)).toBe(false);
    expect(wantsAttributes('entry', GTK4)).toBe(true);
    expect(wantsAttributes('panel', { name: 'Qt', version: '5.15' })).toBe(true);
  });

  it('asks GTK for relations where translators read them: controls, texts, popovers, not inside buttons and rows', () => {
    for (const role of ['label', 'entry', 'check_box', 'combo_box', 'panel']) expect(wantsRelations(role, GTK3)).toBe(true);
    for (const role of ['push_button', 'list_item', 'menu_item', 'filler']) expect(wantsRelations(role, GTK3)).toBe(false);
    expect(wantsRelations('label', GTK3, 'list_item')).toBe(false);
    expect(wantsRelations('label', GTK4, 'push_button')).toBe(false);
    expect(wantsRelations('label', GTK3, 'filler')).toBe(true);
    expect(wantsRelations('label', { name: 'Qt', version: '5.15' }, 'list_item')).toBe(true);
    expect(wantsRelations('push_button', { name: 'Qt', version: '5.15' })).toBe(true);
  });
});

describe('isSensitive (P-SENS-1)', () => {
  it('recognises password roles and attributes', () => {
    expect(isSensitive('password_text', {})).toBe(true);
    expect(isSensitive('text', { 'input-purpose': 'password' })).toBe(true);
    expect(isSensitive('entry', { 'text-input-type': 'password' })).toBe(true);
    expect(isSensitive('entry', { password: 'true' })).toBe(true);
    expect(isSensitive('entry', { password: 'false' })).toBe(false);
    expect(isSensitive('text', { 'placeholder-text': 'Name' })).toBe(false);
  });
});

describe('tables', () => {
  const table = (rows: number, columns: number) => ({
    ref: ':1.2/t',
    role: 'table',
    name: '',
    states: [],
    children: [],
    attributes: { rows: String(rows), columns: String(columns) },
  });

  it('recognises the flat header-and-cells layout', () => {
    expect(tableShape(table(3, 2), 8)).toEqual({ rows: 3, columns: 2, headers: 2, stride: 2, corner: 0 });
    expect(tableShape(table(3, 2), 6)).toEqual({ rows: 3, columns: 2, headers: 0, stride: 2, corner: 0 });
    expect(tableShape(table(3, 2), 3)).toBeNull(); // rows are real children (GTK4 column view)
    expect(tableShape({ ...table(1, 1), attributes: {} }, 2)).toBeNull();
  });

  it("recognises Qt's row-header layout: (rows + 1) × (columns + 1) children, corner first", () => {
    expect(tableShape(table(500, 6), 501 * 7)).toEqual({ rows: 500, columns: 6, headers: 6, stride: 7, corner: 1 });
    expect(tableAllotment({ rows: 500, columns: 6, headers: 6, stride: 7, corner: 1 }, 5000)).toEqual({
      rawChildren: 7 + TABLE_READ_ROWS * 7,
      rows: TABLE_READ_ROWS,
    });
  });

  it('allots whole rows within the budget', () => {
    expect(tableAllotment({ rows: 100, columns: 2, headers: 2, stride: 2, corner: 0 }, 11)).toEqual({ rawChildren: 8, rows: 3 });
    expect(tableAllotment({ rows: 2, columns: 2, headers: 2, stride: 2, corner: 0 }, 1000)).toEqual({ rawChildren: 6, rows: 2 });
    expect(tableAllotment({ rows: 5, columns: 2, headers: 2, stride: 2, corner: 0 }, 1)).toEqual({ rawChildren: 1, rows: 0 });
  });

  it('reads at most TABLE_READ_ROWS rows of a big table, whatever the node budget (the rest is load_rows)', () => {
    expect(tableAllotment({ rows: 10_000, columns: 2, headers: 2, stride: 2, corner: 0 }, 5000)).toEqual({
      rawChildren: 2 + TABLE_READ_ROWS * 2,
      rows: TABLE_READ_ROWS,
    });
  });

  it('makes and parses row refs', () => {
    expect(parseRowRef(rowRef(':1.2/org/t', 12))).toEqual({ table: ':1.2/org/t', row: 12 });
    expect(parseRowRef(':1.2/org/t')).toBeNull();
    expect(parseRowRef(':1.2/org/t#rowx')).toBeNull();
  });
});

describe('wrapError', () => {
  it('maps D-Bus errors to codes and keeps only the error name', () => {
    const remote = (type: string) => Object.assign(new Error('remote said: hunter2'), { type });
    expect(wrapError(remote('org.freedesktop.DBus.Error.ServiceUnknown'), 'setText', ':1.2/x')).toMatchObject({ code: 'gone' });
    expect(wrapError(remote('org.freedesktop.DBus.Error.UnknownMethod'), 'setText', ':1.2/x')).toMatchObject({ code: 'not_supported' });
    const other = wrapError(remote('org.gtk.Error.Failed'), 'setText', ':1.2/x');
    expect(other).toMatchObject({ code: 'refused', message: 'setText on :1.2/x failed (org.gtk.Error.Failed)' });
    expect(other.message).not.toContain('hunter2');
  });
});
