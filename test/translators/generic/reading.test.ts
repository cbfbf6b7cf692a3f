/** The generic reading on hand-built trees shaped like the GTK3/GTK4 trees observed on real apps. */
import { describe, expect, it } from 'vitest';
import { SENSITIVE_MASK } from '../../../src/platform/probe.js';
import { layoutCost } from '../../../src/translate/kit/pairing.js';
import { readWindow } from '../../../src/translate/kit/reading.js';
import { dialog, frame, GTK3, GTK4, n } from './nodes.js';

describe('visibility', () => {
  it('GTK3: a node must be visible and showing; hidden subtrees are skipped', () => {
    const root = frame('w', [
      n('push_button', 'Shown', { actions: ['click'] }),
      n('push_button', 'Unmapped', { states: ['enabled', 'sensitive', 'visible'], actions: ['click'] }),
      n('panel', '', { states: ['enabled'] }, [n('label', 'Inside a hidden panel')]),
    ]);
    const reading = readWindow(root);
    expect(reading.buttons.map((b) => b.label)).toEqual(['Shown']);
    expect(reading.texts).toEqual([]);
  });

  it('content another process embeds is judged node by node: its socket, root and scroll pane say nothing of themselves (Yelp)', () => {
    const embedded = { embedded: 'process' };
    const root = frame('Help', [
      n('filler', '', { states: [] }, [
        n('filler', '', { states: [], attributes: embedded }, [
          n('scroll_pane', '', { states: ['enabled', 'focusable', 'sensitive'] }, [
            n('document_web', 'All Help Documents', {}, [
              n('heading', 'All Help Documents'),
              n('link', 'Calculator Help', { actions: ['jump'] }),
              n('footer', '', { states: ['visible'] }, [n('paragraph', 'Scrolled out')]),
            ]),
          ]),
        ]),
      ]),
      // Outside embedded content a node without visible and showing still hides what it holds.
      n('panel', '', { states: ['enabled'] }, [n('label', 'Inside a hidden panel')]),
    ]);
    const reading = readWindow(root);
    expect(reading.texts).toEqual(['All Help Documents']);
    expect(reading.buttons.map((b) => b.label)).toEqual(['Calculator Help']);
  });

  it("an unnamed table takes the name of the frame it sits in within the window (a Qt dock widget), never the window's", () => {
    const header = (name: string) => n('table_column_header', name);
    const root = frame('Qt Linguist', [
      n('tree', '', { states: [...GTK3, 'focusable'] }, [header('Source text')]),
      n('frame', 'Context', {}, [n('tree', '', { states: [...GTK3, 'focusable'] }, [header('Context'), header('Items')])]),
    ]);
    expect(readWindow(root).collections.map((c) => c.label)).toEqual(['Table', 'Context']);
  });

  it('GTK4: visible alone counts, because showing is never set below the frame', () => {
    const root = frame('Calculator', [
      n('push_button', '7 7', { states: GTK4, actions: ['click'] }, [n('label', '7', { states: GTK4 })]),
      n('label', 'Ready', { states: GTK4 }),
    ]);
    const reading = readWindow(root);
    expect(reading.buttons.map((b) => b.label)).toEqual(['7']);
    expect(reading.texts).toEqual(['Ready']);
  });

  it("drops decoration, a title bar's Close (the close tool), disabled buttons and type-named wrappers; keeps Minimize and Maximize", () => {
    const root = frame('w', [
      n('filler', '', {}, [
        n('push_button', 'Minimize', { actions: ['click'] }),
        n('push_button', 'Maximize', { actions: ['click'] }),
        n('push_button', 'Close', { actions: ['click'] }),
      ]),
      n('separator', ''),
      n('scroll_bar', ''),
      n('icon', 'edit-find-symbolic'),
      n('push_button', 'Down Path', { states: ['focusable', 'showing', 'visible'], actions: ['click'] }),
      n('push_button', 'GtkMenuButton', { actions: [], description: 'Mode selection' }, [n('push_button', 'Basic', { actions: ['click'] })]),
    ]);
    expect(readWindow(root).buttons.map((b) => b.label)).toEqual(['Minimize', 'Maximize', 'Basic']);
  });

  it('keeps a Close button that is not in a title bar', () => {
    const root = frame('w', [n('label', 'Done.'), n('push_button', 'Close', { actions: ['click'] })]);
    expect(readWindow(root).buttons.map((b) => b.label)).toEqual(['Close']);
  });
});

describe('fields', () => {
  it('pairs labels by labelled-by relation first, then by layout (same row, or above and aligned)', () => {
    const root = dialog('Unlock', [
      n('label', 'Type your username and password', { at: [565, 413, 226, 48] }),
      n('label', 'Username:', { at: [488, 491, 71, 17] }),
      n('label', 'Password:', { at: [488, 554, 71, 17] }),
      n('text', '', { value: 'ada', states: [...GTK3, 'editable', 'single_line'], at: [588, 483, 203, 34] }),
      n('password_text', '', { value: SENSITIVE_MASK, sensitive: true, states: [...GTK3, 'editable'], at: [588, 546, 203, 34] }),
      n('label', 'Nickname'),
      n('text', '', { ref: 'nick', value: 'Countess', states: [...GTK3, 'editable'], relations: [{ type: 'labelled_by', targets: ['nick-label'] }] }),
      n('label', 'Also known as', { ref: 'nick-label' }),
    ]);
    const reading = readWindow(root);
    expect(reading.fields.map((f) => [f.label, f.value, f.kind])).toEqual([
      ['Username', 'ada', 'text'],
      ['Password', SENSITIVE_MASK, 'secret'],
      ['Also known as', 'Countess', 'text'],
    ]);
    expect(reading.texts).toEqual(['Type your username and password', 'Nickname']);
  });

  it('a text of punctuation alone labels nothing (the "∶" between an hour and a minute spin button)', () => {
    const spin = (x: number) => n('spin_button', '', { value: '23', states: [...GTK3, 'focusable'], at: [x, 100, 60, 34] });
    const root = dialog('New Alarm', [spin(100), n('label', '∶', { at: [165, 108, 8, 17] }), spin(178), n('label', 'Name', { at: [100, 160, 40, 17] })]);
    expect(readWindow(root).fields.map((f) => f.label)).not.toContain('∶');
  });

  it('layout: same row beats above; a long sentence above but not aligned is no label', () => {
    expect(layoutCost({ x: 11, y: 38, width: 43, height: 17 }, { x: 66, y: 30, width: 1021, height: 34 }, 'Name:')).toBe(12);
    expect(layoutCost({ x: 557, y: 485, width: 168, height: 17 }, { x: 557, y: 508, width: 168, height: 34 }, 'Name of the new contact:')).toBe(66);
    expect(
      layoutCost({ x: 565, y: 413, width: 226, height: 48 }, { x: 588, y: 483, width: 203, height: 34 }, 'Type your username and password'),
    ).toBeUndefined();
  });

  it('without geometry, the label right before the control in its container', () => {
    const root = dialog('d', [n('label', 'City'), n('text', '', { value: 'Paris', states: [...GTK3, 'editable'] })]);
    expect(readWindow(root).fields.map((f) => f.label)).toEqual(['City']);
  });

  it('check boxes, radio buttons, spin buttons, sliders and combo boxes become field values', () => {
    const root = dialog('Prefs', [
      n('check_box', 'Use Spaces', { states: [...GTK3, 'checked'], actions: ['click'] }),
      n('radio_button', 'Tabs', { actions: ['click'] }),
      n('label', 'Width', { at: [0, 100, 40, 20] }),
      n('spin_button', '', { value: '8', states: [...GTK3, 'editable'], at: [50, 98, 60, 24] }),
      n('label', 'Encoding:', { at: [0, 200, 80, 30] }),
      n('combo_box', 'Unix/Linux', { actions: ['press'], at: [90, 200, 120, 30] }, [
        n('menu', '', { states: ['enabled', 'sensitive'] }, [
          n('menu_item', 'Unix/Linux', { states: ['enabled', 'visible'] }),
          n('menu_item', 'Windows', { states: ['enabled', 'visible'] }),
        ]),
      ]),
    ]);
    const fields = readWindow(root).fields;
    expect(fields.map((f) => [f.label, f.value, f.kind])).toEqual([
      ['Use Spaces', true, 'check'],
      ['Tabs', false, 'radio'],
      ['Width', 8, 'number'],
      ['Encoding', 'Unix/Linux', 'choice'],
    ]);
    expect(fields[3]?.options.map((o) => o.label)).toEqual(['Unix/Linux', 'Windows']);
  });

  it('errors tied to a field become error notices and leave the text', () => {
    const root = dialog('Order', [
      n('label', 'Amount', { ref: 'l' }),
      n('text', '', {
        ref: 'amount',
        value: 'x',
        states: [...GTK3, 'editable', 'invalid_entry'],
        relations: [
          { type: 'labelled_by', targets: ['l'] },
          { type: 'error_message', targets: ['e'] },
        ],
      }),
      n('label', 'Amount must be a number', { ref: 'e', relations: [{ type: 'error_for', targets: ['amount'] }] }),
    ]);
    const reading = readWindow(root);
    expect(reading.texts).toEqual([]);
    expect(reading.notices).toEqual([{ severity: 'error', text: 'Amount: Amount must be a number' }]);
  });
});

describe('tables and lists', () => {
  const cell = (name: string, extra: Partial<Parameters<typeof n>[2]> = {}) => n('table_cell', name, { states: [...GTK3, 'selectable'], ...extra });

  it('a GTK3 tree view: headers, then a flat run of cells; sub-cells are joined', () => {
    const table = n('table', 'Files', {}, [
      n('table_column_header', 'Name'),
      n('table_column_header', 'Size'),
      n('table_cell', '', { states: [...GTK3, 'selectable'] }, [cell(''), cell('notes.txt')]),
      cell('35 bytes'),
    ]);
    const [c] = readWindow(frame('Save As', [table])).collections;
    expect(c).toMatchObject({ kind: 'table', label: 'Files', columns: ['Name', 'Size'], rows: [['notes.txt', '35 bytes']], total: 1 });
    expect(c?.options.map((o) => o.label)).toEqual(['notes.txt']);
  });

  it('a table whose only header is hidden is a list (zenity forms)', () => {
    const table = n('table', '', {}, [n('table_column_header', 'column', { states: ['enabled', 'sensitive'] }), cell('Admin'), cell('User')]);
    const [c] = readWindow(dialog('Form', [table])).collections;
    expect(c).toMatchObject({ kind: 'list', rows: [['Admin'], ['User']] });
  });

  it('checklist rows: booleans in the table and toggles named by the row', () => {
    const check = (on: boolean) => cell('', { states: [...GTK3, 'selectable', ...(on ? ['checked'] : [])], actions: ['toggle'] });
    const table = n('table', '', {}, [
      n('table_column_header', 'Use'),
      n('table_column_header', 'Topping'),
      check(true),
      cell('Cheese'),
      check(false),
      cell('Ham'),
    ]);
    const reading = readWindow(dialog('Pick', [table]));
    expect(reading.collections[0]?.rows).toEqual([
      [true, 'Cheese'],
      [false, 'Ham'],
    ]);
    expect(reading.rowToggles.map((f) => [f.label, f.value])).toEqual([
      ['Cheese', true],
      ['Ham', false],
    ]);
  });

  it('totals come from the platform when the tree holds only part of the rows', () => {
    const rows = Array.from({ length: 30 }, (_, i) => n('table_row', '', {}, [cell(`r${i}`)]));
    const table = n('table', 'Big', { childCount: 10_001 }, [n('table_column_header', 'Name'), ...rows]);
    expect(readWindow(frame('w', [table])).collections[0]).toMatchObject({ total: 10_000, headerCount: 1, cellsPerRow: 1 });
  });
});

describe('notices and message dialogs', () => {
  it('a zenity error dialog: the message becomes an error notice', () => {
    const root = dialog('Save failed', [n('icon', 'Error'), n('label', 'Could not save the file: disk full.'), n('push_button', 'OK', { actions: ['click'] })]);
    const reading = readWindow(root);
    expect(reading.message).toEqual({ text: 'Could not save the file: disk full.', kind: 'error' });
    expect(reading.notices).toEqual([{ severity: 'error', text: 'Could not save the file: disk full.' }]);
    expect(reading.texts).toEqual([]);
  });

  it('a question stays text; info bars and status bars are notices with their severity', () => {
    const root = dialog('Delete?', [
      n('icon', 'Question'),
      n('label', 'Delete report.txt permanently?'),
      n('info_bar', '', { attributes: { 'message-type': 'warning' } }, [
        n('label', 'The file changed on disk.'),
        n('push_button', 'Reload', { actions: ['click'] }),
      ]),
      n('status_bar', '', {}, [n('label', 'Ln 3, Col 7')]),
    ]);
    const reading = readWindow(root);
    expect(reading.message?.kind).toBe('question');
    expect(reading.texts).toEqual(['Delete report.txt permanently?']);
    expect(reading.notices).toEqual([
      { severity: 'warn', text: 'The file changed on disk.' },
      { severity: 'info', text: 'Ln 3, Col 7' },
    ]);
    expect(reading.buttons.map((b) => b.label)).toEqual(['Reload']);
  });
});

describe('menus', () => {
  it('menu bars, button menus and unmapped GTK popovers, enabled entries only', () => {
    const hidden = ['enabled', 'sensitive', 'visible'];
    const root = frame('Editor', [
      n('menu_bar', '', {}, [
        n('menu', 'File', { states: hidden }, [n('menu_item', 'Save As…', { states: hidden }), n('menu_item', 'Print…', { states: ['visible'] })]),
      ]),
      n('toggle_button', 'Menu', { description: 'Open a recently used file', actions: ['click'] }, [n('menu_item', 'notes.txt', { states: hidden })]),
      n('panel', '', { states: ['enabled', 'modal', 'sensitive'] }, [
        n('filler', '', { states: hidden }, [n('push_button', 'Find…', { states: hidden, actions: ['click'] }), n('radio_button', '2', { states: hidden })]),
      ]),
    ]);
    expect(readWindow(root).menus.map((m) => m.path)).toEqual(['File > Save As…', 'Open a recently used file > notes.txt', 'Find…']);
  });
});
