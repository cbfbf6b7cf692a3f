/**
 * What a person sees, on trees shaped like the corpus apps': GTK 4's zero-size hidden info bars
 * are not read nor pressable, a document viewer's page text and a frame's caption are read, and
 * controls are named by their group before a positional fallback, never by a widget id.
 */
import { describe, expect, it } from 'vitest';
import { isWidgetName } from '../../../src/translate/text.js';
import { readWindow } from '../../../src/translate/kit/reading.js';
import { frame, GTK3, GTK4, n } from './nodes.js';

const GTK4_ROOT = ['sensitive', 'visible', 'showing', 'active'];
const editable = [...GTK3, 'editable', 'focusable'];

describe('only what a person can see', () => {
  it('GTK 4: a zero-size info bar and everything in it are hidden, its buttons not pressable', () => {
    const infoBar = n('filler', 'GtkInfoBar', { states: GTK4, zeroSize: true }, [
      n('label', 'Could Not Open File', { states: GTK4, zeroSize: true }),
      n('label', 'You do not have permission to open the file.', { states: GTK4, zeroSize: true }),
      n('push_button', '_Retry Retry', { states: GTK4, zeroSize: true, actions: ['click'] }),
    ]);
    const root = frame('notes.txt - Text Editor', [n('panel', '', { states: GTK4 }, [infoBar, n('label', 'notes.txt', { states: GTK4 })])], GTK4_ROOT);
    const reading = readWindow(root);
    expect(reading.texts).toEqual(['notes.txt']);
    expect(reading.buttons).toEqual([]);
    expect(reading.notices).toEqual([]);
  });

  it('a zero-size node is hidden even when its own states say visible and showing', () => {
    const root = frame('w', [n('label', 'Laid out', {}), n('label', 'Zero height', { zeroSize: true })]);
    expect(readWindow(root).texts).toEqual(['Laid out']);
  });
});

describe('values and text a person reads', () => {
  it("a document viewer's shown page is read as text; a page scrolled out of view is not", () => {
    const root = frame('invoice.pdf', [
      n('document_frame', 'Document View', {}, [
        n('page', '', { value: 'Corpus invoice page one' }),
        n('page', '', { value: 'Second page', states: ['enabled', 'sensitive', 'visible'] }),
      ]),
    ]);
    expect(readWindow(root).texts).toEqual(['Corpus invoice page one']);
  });

  it('a frame inside the window shows its name: a caption, or the result a calculator frames', () => {
    const root = frame('Calculator', [n('frame', '89', {}, [n('panel', '')]), n('frame', 'Options', {}, [n('check_box', 'Exact', { actions: ['toggle'] })])]);
    expect(readWindow(root).texts).toEqual(['89', 'Options']);
  });
});

describe('names of controls', () => {
  it('a widget id is never a label: the group around the control names it, numbered when repeated', () => {
    const root = frame('invoice.pdf', [
      n('panel', 'Select page', { description: 'Select page or search in the index' }, [
        n('filler', '', {}, [n('text', 'page-label-entry', { value: '1', states: editable }), n('text', '', { value: 'of 2', states: editable })]),
      ]),
      n('filler', 'Set zoom level', {}, [n('text', '', { value: '55.1%', states: editable })]),
    ]);
    const fields = readWindow(root).fields.map((f) => [f.label, f.value]);
    expect(fields).toEqual([
      ['Select page', '1'],
      ['Select page (2)', 'of 2'],
      ['Set zoom level', '55.1%'],
    ]);
  });

  it("a group's tooltip names it when it has no name; the window's title never does", () => {
    const root = frame('Sheet', [
      n('panel', '', { description: 'Accept change' }, [n('text', '', { value: 'x', states: editable })]),
      n('text', '', { value: 'y', states: editable }),
    ]);
    expect(readWindow(root).fields.map((f) => f.label)).toEqual(['Accept change', 'Text']);
  });

  it('tells widget ids from words', () => {
    expect(['page-label-entry', 'zoom_entry', 'entry_1'].map(isWidgetName)).toEqual([true, true, true]);
    expect(['e-mail', 'Save as', 'Page-Label-Entry', 'notes', 'x-y'].map(isWidgetName)).toEqual([false, false, false, false, false]);
  });
});

describe('buttons inside entries', () => {
  it("a button inside an entry is pressable and named (Qt's password toggle, a search box's clear button)", () => {
    const root = frame('Vault', [
      n('label', 'Enter password:'),
      n('password_text', '', { states: editable, value: '' }, [n('push_button', 'Toggle Password (Ctrl+H)', { actions: ['Press'] })]),
      n('text', '', { states: editable, value: 'x' }, [n('static', 'x')]),
    ]);
    const reading = readWindow(root);
    expect(reading.buttons.map((b) => b.label)).toEqual(['Toggle Password (Ctrl+H)']);
    expect(reading.texts).toEqual([]);
  });
});

describe('names of combo boxes', () => {
  it('a combo box one types into is named by its own name when that is not its value (an address bar)', () => {
    const root = frame('Browser', [
      n('combo_box', 'Search or enter address', { actions: ['press'] }, [n('entry', '', { value: 'file:///page.html', states: editable })]),
      n('combo_box', 'Medium', { actions: ['press'] }, [
        n('menu', '', {}, [n('menu_item', 'Small'), n('menu_item', 'Medium', { states: [...GTK3, 'selected'] })]),
      ]),
    ]);
    expect(readWindow(root).fields.map((f) => [f.label, f.value])).toEqual([
      ['Search or enter address', 'file:///page.html'],
      ['Choice', 'Medium'],
    ]);
  });
});
