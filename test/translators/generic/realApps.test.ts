/** The generic translator on trees of real apps recorded with `gui-bridge record` (fixtures/gedit, gnome-calculator, zenity). */
import { describe, expect, it } from 'vitest';
import { translateFixture, type PublishedWindowView } from '../../../src/testing/fixtureView.js';
import { loadFixture } from '../../../src/testing/tester.js';
import { genericTranslator } from '../../../translators/generic/index.js';

function view(path: string, title?: string): PublishedWindowView {
  const views = translateFixture(loadFixture(path), genericTranslator);
  const found = title ? views.find((v) => v.title === title) : views[0];
  if (!found) throw new Error(`no window ${title} in ${path}`);
  return found;
}

function enumOf(v: PublishedWindowView, action: string, param: string): string[] {
  const schema = v.actions.find((a) => a.name === action)?.inputSchema as { properties: Record<string, { enum?: string[] }> } | undefined;
  return schema?.properties[param]?.enum ?? [];
}

const block = (v: PublishedWindowView, id: string) => v.blocks.find((b) => b.id === id) as Record<string, unknown> | undefined;

describe('GTK4 gnome-calculator', () => {
  const calc = view('fixtures/gnome-calculator/basic-result.json');

  it('buttons are named as shown: "7" not "7 7", symbols from inner labels, icons from tooltips', () => {
    const buttons = enumOf(calc, 'press', 'button');
    expect(buttons).toEqual(expect.arrayContaining(['7', '0', '=', 'π', '√', 'x2', 'Clear Display', 'Undo', 'Primary menu']));
    expect(buttons.some((b) => /^Gtk|^(.+) \1$/.test(b))).toBe(false);
    expect(buttons).toEqual(expect.arrayContaining(['Minimize', 'Maximize'])); // client-side title bar
    expect(buttons).not.toContain('Close'); // the close tool
  });

  it('explains a button only where its tooltip adds meaning to the label', () => {
    const press = calc.actions.find((a) => a.name === 'press')?.inputSchema as { properties: { button: { description?: string } } };
    const meanings = press.properties.button.description ?? '';
    expect(meanings).toContain('"÷" = Divide');
    expect(meanings).toContain('"x2" = Square');
    expect(meanings).not.toContain('"Minimize" ='); // "Minimize the window" only repeats it
  });

  it('shows the display and the history, with a true summary', () => {
    expect(block(calc, 'fields')).toEqual({ type: 'fields', id: 'fields', items: [{ label: 'Text', value: '36' }] });
    expect(block(calc, 'list-list')?.items).toEqual(['12×3 · = · 36']);
    expect(calc.summary).toBe('Calculator window — Text "36", a list with 1 item.');
  });
});

describe('GTK3 gedit', () => {
  it('main window: the document as text, menu commands from the unmapped popover', () => {
    const main = view('fixtures/gedit/main.json');
    expect(block(main, 'document-text')?.text).toBe('Dear team,\nthe quarterly report is attached.');
    expect(enumOf(main, 'menu', 'path')).toEqual(expect.arrayContaining(['Save As…', 'Find…', 'Open a recently used file > notes.txt']));
    expect(enumOf(main, 'menu', 'path')).not.toContain('Clear Highlight'); // greyed out
    expect(enumOf(main, 'press', 'button')).toEqual(['Minimize', 'Maximize', 'Save', 'Menu', 'New', 'Open', 'Menu (Open a recently used file)']);
    expect(main.actions.find((a) => a.name === 'close')?.kind).toBe('destructive');
    // Every button tooltip there repeats its label ("Save" = "Save the current file"): no legend.
    const press = main.actions.find((a) => a.name === 'press')?.inputSchema as { properties: { button: { description?: string } } };
    expect(press.properties.button.description).toBeUndefined();
  });

  it('Save As: file name, folder, places and files, drop-downs with their options', () => {
    const saveAs = view('fixtures/gedit/save-as.json', 'Save As');
    expect(saveAs.summary).toBe(
      'Save As file chooser — Name "notes.txt", Character Encoding "Current Locale (UTF-8)", in folder "Documents", list "Places" with 4 items.',
    );
    expect(block(saveAs, 'table-files')).toMatchObject({ columns: ['Name', 'Size', 'Type', 'Modified'], rows: [['notes.txt', '45 bytes', 'Text', '21∶18']] });
    expect(enumOf(saveAs, 'set_field', 'field')).toEqual(['Name']);
    expect(enumOf(saveAs, 'select', 'field')).toEqual(['Character Encoding', 'Line Ending', 'Select which types of files are shown', 'Places', 'Files']);
    expect(enumOf(saveAs, 'press', 'button')).not.toContain('Down Path'); // insensitive
  });
});

describe('GTK3 zenity', () => {
  it('question: the question is the text; Yes and No are the buttons', () => {
    const q = view('fixtures/zenity/question.json');
    expect(q.summary).toBe('"Delete file?" dialog — asks "Delete report.txt permanently?"');
    expect(enumOf(q, 'press', 'button')).toEqual(['No', 'Yes']);
    expect(q.actions.map((a) => a.name)).toEqual(['press', 'press_keys', 'focus', 'close']);
  });

  it('password: both fields labelled by layout, the password masked and marked sensitive', () => {
    const p = view('fixtures/zenity/password.json');
    expect(block(p, 'fields')?.items).toEqual([
      { label: 'Username', value: 'ada' },
      { label: 'Password', value: '••••••', sensitive: true },
    ]);
  });

  it('forms: fields in reading order, the combo and the list choosable by their labels', () => {
    const f = view('fixtures/zenity/forms.json');
    expect((block(f, 'fields')?.items as Array<{ label: string }>).map((i) => i.label)).toEqual(['First name', 'Last name', 'Password', 'Birthday', 'Team']);
    expect(enumOf(f, 'select', 'field')).toEqual(['Team', 'Role']);
    expect(enumOf(f, 'select', 'option')).toEqual(['Red', 'Green', 'Blue', 'Admin', 'User', 'Guest']);
  });

  it('list, checklist, entry, error, scale', () => {
    expect(block(view('fixtures/zenity/list.json'), 'table-choose_one')?.rows).toEqual([
      ['Apple', 'Red'],
      ['Banana', 'Yellow'],
      ['Cherry', 'Red'],
    ]);
    expect(enumOf(view('fixtures/zenity/checklist.json'), 'toggle', 'field')).toEqual(['Cheese', 'Ham']);
    expect(block(view('fixtures/zenity/entry.json'), 'fields')?.items).toEqual([{ label: 'Name of the new contact', value: 'Ada Lovelace' }]);
    expect(block(view('fixtures/zenity/error.json'), 'notice-1')).toMatchObject({ severity: 'error', text: 'Could not save the file: disk full.' });
    expect(block(view('fixtures/zenity/scale.json'), 'fields')?.items).toEqual([{ label: 'Set volume', value: 30 }]);
  });
});
