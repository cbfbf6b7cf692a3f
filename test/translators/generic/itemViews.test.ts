/**
 * The generic reading of item views shaped like Qt's (trees observed on KeePassXC, pcmanfm-qt and
 * DB Browser for SQLite): every cell carries `toggle`, hidden columns keep a visible header but
 * not their cells, list items sit in rows the probe made, off-screen rows are not `visible`.
 */
import { describe, expect, it } from 'vitest';
import { readCollection } from '../../../src/translate/kit/tables.js';
import { OPAQUE_NOTICE, readWindow } from '../../../src/translate/kit/reading.js';
import { genericTranslator } from '../../../translators/generic/index.js';
import { translateFixture, type PublishedWindowView } from '../../../src/testing/fixtureView.js';
import { loadFixture } from '../../../src/testing/tester.js';
import { rowsOf } from '../../../src/translate/kit/actions/load.js';
import { onlyViewsCut } from '../../../src/translate/kit/blocks.js';
import type { A11yNode } from '../../../src/platform/probe.js';
import { frame, GTK3, n } from './nodes.js';

const QT_SHOWN = ['enabled', 'selectable', 'sensitive', 'showing', 'visible'];
const QT_HIDDEN = ['enabled', 'selectable', 'sensitive'];
const qtCell = (name: string, shown = true, role = 'table_cell') => n(role, name, { states: shown ? QT_SHOWN : QT_HIDDEN, actions: ['toggle'] });
const row = (cells: A11yNode[]) => n('table_row', '', { states: [] }, cells);

/** A password list: Group (hidden column), Title, Password (hidden), Notes (empty); rows 3 of 5 on screen. */
function entries(): A11yNode {
  const headers = ['Group', 'Title', 'Password', 'Notes'].map((h) => n('table_column_header', h));
  const rows = Array.from({ length: 5 }, (_, i) => row([qtCell('Passwords', false), qtCell(`Entry ${i + 1}`, i < 3), qtCell('', false), qtCell('', i < 3)]));
  return n('tree', '', { attributes: { rows: '5', columns: '4' } }, [...headers, ...rows]);
}

describe('Qt item views', () => {
  it('cells read as their text, never as the state of the toggle action every Qt cell has', () => {
    const c = readCollection(entries());
    expect(c.columns).toEqual(['Title', 'Notes']);
    expect(c.rows).toEqual([
      ['Entry 1', ''],
      ['Entry 2', ''],
      ['Entry 3', ''],
    ]);
    expect(c.rows.flat().some((v) => typeof v === 'boolean')).toBe(false);
    expect(c.toggles).toEqual([]);
    expect(c.total).toBe(5);
  });

  it('load_rows reads rows beyond the view with the state columns, whatever their visibility', () => {
    const table = entries();
    const c = { ...readCollection(table), label: 'Entries' };
    const loaded = rowsOf(c, table.children.slice(4 + 3));
    expect(loaded).toEqual([
      ['Entry 4', ''],
      ['Entry 5', ''],
    ]);
  });

  it('the rows shown start where the view does: offset of the first shown row', () => {
    const headers = [n('table_column_header', 'id')];
    const rows = Array.from({ length: 6 }, (_, i) => row([qtCell(String(i + 1), i >= 2 && i < 4)]));
    const c = readCollection(n('table', '', { attributes: { rows: '500', columns: '1' } }, [...headers, ...rows]));
    expect(c).toMatchObject({ kind: 'table', rows: [['3'], ['4']], offset: 2, total: 500 });
  });

  it("a Qt list's items sit in rows made by the probe: the item text is the shown column's", () => {
    const files = ['subdir', 'alpha.txt', 'beta.txt'].map((f) =>
      row([n('list_item', f, { states: QT_SHOWN, actions: ['toggle'] }), qtCell('3 bytes', false, 'list_item'), qtCell('root', false, 'list_item')]),
    );
    const reading = readWindow(frame('files', [n('list', '', { attributes: { rows: '3', columns: '3' } }, files)]));
    expect(reading.collections[0]).toMatchObject({ kind: 'list', rows: [['subdir'], ['alpha.txt'], ['beta.txt']], shownColumns: [0] });
    expect(reading.collections[0]?.options.map((o) => o.label)).toEqual(['subdir', 'alpha.txt', 'beta.txt']);
  });

  it('a GTK check column (toggle, no text, no text cell with toggle) still reads as booleans', () => {
    const check = (on: boolean) => n('table_cell', '', { states: [...GTK3, 'selectable', ...(on ? ['checked'] : [])], actions: ['toggle', 'activate'] });
    const text = (name: string) => n('table_cell', name, { states: [...GTK3, 'selectable'], actions: ['activate'] });
    const c = readCollection(
      n('table', '', {}, [n('table_column_header', 'Use'), n('table_column_header', 'Item'), check(true), text('Cheese'), check(false), text('Ham')]),
    );
    expect(c.rows).toEqual([
      [true, 'Cheese'],
      [false, 'Ham'],
    ]);
    expect(c.toggles.map((t) => [t.label, t.selected])).toEqual([
      ['Cheese', true],
      ['Ham', false],
    ]);
  });

  it('a checkable Qt cell with text reads as its text, and is still offered as a toggle', () => {
    const item = (name: string, on: boolean) =>
      row([n('table_cell', name, { states: [...QT_SHOWN, 'checkable', ...(on ? ['checked'] : [])], actions: ['toggle'] }), qtCell('x')]);
    const c = readCollection(n('tree', '', {}, [n('table_column_header', 'Name'), n('table_column_header', 'Kind'), item('Alpha', true), item('Beta', false)]));
    expect(c.rows).toEqual([
      ['Alpha', 'x'],
      ['Beta', 'x'],
    ]);
    expect(c.toggles.map((t) => [t.label, t.selected])).toEqual([
      ['Alpha', true],
      ['Beta', false],
    ]);
  });
});

describe('Java tables (a JTable through the ATK wrapper)', () => {
  const JAVA_CELL = ['enabled', 'focusable', 'showing', 'transient', 'visible'];
  const javaCell = (name: string) => n('label', name, { states: JAVA_CELL });

  it('rows of a table the probe marks selects_items are options although no cell is selectable', () => {
    const headers = ['#', 'entrytype', 'title'].map((h) => n('table_column_header', h));
    const rows = [
      ['#', 'Book', 'The TeXbook'],
      ['#', 'Article', 'Notes'],
    ].map((texts) => row(texts.map(javaCell)));
    const marked = readCollection(n('table', '', { attributes: { rows: '2', columns: '3', selects_items: 'true' } }, [...headers, ...rows]));
    // "#" reads the same in every row: the options are named by the first column that tells them apart.
    expect(marked.options.map((o) => o.label)).toEqual(['Book', 'Article']);
    expect(marked.rows[0]).toEqual(['#', 'Book', 'The TeXbook']);
    const unmarked = readCollection(n('table', '', { attributes: { rows: '2', columns: '3' } }, [...headers, ...rows]));
    expect(unmarked.options).toEqual([]);
  });
});

describe("GTK 4 list and grid views (GtkListBase: Nautilus's files)", () => {
  const GTK4 = ['focusable', 'sensitive', 'visible'];
  // A grid cell: an unnamed item holding the file's name in a label, as Nautilus 43 exposes it.
  const item = (name: string, onScreen: boolean) =>
    n('table_cell', '', { states: GTK4, zeroSize: onScreen ? undefined : true }, [
      n('panel', '', { states: GTK4, zeroSize: onScreen ? undefined : true }, [n('label', name, { states: GTK4, zeroSize: onScreen ? undefined : true })]),
    ]);
  const files = (count: number, onScreen: number, selectsItems = true) =>
    n(
      'table',
      '',
      { states: GTK4, attributes: selectsItems ? { selects_items: 'true' } : {} },
      Array.from({ length: count }, (_, i) => item(`file${i + 1}.txt`, i < onScreen)),
    );

  it('rows laid out at zero size below the view count in the total; the state shows those on screen', () => {
    const c = readCollection(files(300, 16));
    expect(c.rows.map((r) => r[0])).toEqual(Array.from({ length: 16 }, (_, i) => `file${i + 1}.txt`));
    expect(c.total).toBe(300);
    expect(c.offset).toBe(0);
  });

  it('load_rows reads the rows beyond the view by their words, though nothing in them has a size', () => {
    const view = files(300, 16);
    const state = readCollection(view);
    const loaded = rowsOf({ ...state, label: 'List' }, view.children.slice(200, 203));
    expect(loaded).toEqual([['file201.txt'], ['file202.txt'], ['file203.txt']]);
  });

  it('a view that creates its rows near the screen (the probe measured it holds about 3,000): only those on screen, where they are, and a notice', () => {
    // Scrolled to the middle: 642 rows exist, 20 on screen, the first of them item 1,469.
    const view = files(642, 20);
    const lazy = { ...view, attributes: { ...view.attributes, items_at_least: '2997', items_at_most: '3000', items_from: '1468' } };
    const c = readCollection(lazy);
    expect(c.about).toEqual({ atLeast: 2997, atMost: 3000 });
    expect(c.rows).toHaveLength(20);
    expect({ total: c.total, offset: c.offset }).toEqual({ total: 20, offset: 1468 }); // no load_rows over rows that are not there
    const window = readWindow(frame('Files', [lazy]));
    expect(window.notices.map((x) => x.text)).toContainEqual(
      expect.stringMatching(/^This list holds about 3,000 items; .* items 1,469 to 1,488 are on screen: only they are listed\./),
    );
  });

  it('a view measured to hold no more than it created reads as before', () => {
    const view = files(300, 16);
    const c = readCollection({ ...view, attributes: { ...view.attributes, items_at_least: '297', items_at_most: '300', items_from: '0' } });
    expect(c.about).toBeUndefined();
    expect(c.total).toBe(300);
  });

  it('elsewhere a zero-size item is hidden, not a row beyond the view', () => {
    const c = readCollection(files(10, 4, false));
    expect(c.rows).toHaveLength(4);
    expect(c.total).toBe(4);
  });
});

describe('a cut the state already states', () => {
  it('a view read in part (its total stated) is no "only part could be read"; a cut elsewhere is', () => {
    const rows = Array.from({ length: 3 }, (_, i) => row([qtCell(`r${i}`)]));
    const big = n('table', 'Data', { attributes: { rows: '500', columns: '1' }, childCount: 501 }, [n('table_column_header', 'id'), ...rows]);
    const viewOnly = frame('w', [big]);
    expect(onlyViewsCut(viewOnly, readWindow(viewOnly))).toBe(true);
    const elsewhere = frame('w', [big, n('panel', '', { childCount: 40 }, [n('label', 'first')])]);
    expect(onlyViewsCut(elsewhere, readWindow(elsewhere))).toBe(false);
  });
});

describe('recorded item views (fixtures/qt, fixtures/nautilus, fixtures/gnumeric)', () => {
  const view = (path: string) => translateFixture(loadFixture(path), genericTranslator)[0] as PublishedWindowView;
  const blocksOf = (v: PublishedWindowView, type: string) => v.blocks.filter((b) => b.type === type) as Array<Record<string, unknown>>;

  it('KeePassXC: the entry list reads titles, user names and URLs; no cell reads as a boolean', () => {
    const [table] = blocksOf(view('fixtures/qt/keepassxc-entries.json'), 'table');
    expect(table?.columns).toEqual(expect.arrayContaining(['Title', 'Username', 'URL']));
    expect(table?.columns).not.toContain('Group'); // hidden column: its header is visible, its cells are not
    const rows = table?.rows as unknown[][];
    expect(rows[0]?.slice(0, 3)).toEqual(['Entry 1', 'user1', 'https://site1.example']);
    expect(rows.flat().some((v) => typeof v === 'boolean')).toBe(false);
    expect(table?.total).toBe(15);
    const lists = blocksOf(view('fixtures/qt/keepassxc-entries.json'), 'list');
    expect(lists.map((l) => l.items)).toContainEqual(['Clear Search', 'All Entries', 'Expired', 'Weak Passwords']);
  });

  it("DB Browser for SQLite: the data grid (Qt's row-header layout) reads its headers, rows and total", () => {
    const grid = blocksOf(view('fixtures/qt/sqlitebrowser-browse.json'), 'table').find((t) => (t.columns as string[]).includes('email'));
    expect(grid?.columns).toEqual(['id', 'name', 'city', 'age', 'email']);
    expect((grid?.rows as unknown[][])[0]).toEqual(['1', 'Person 1', 'Lyon', '21', 'p1@example.org']);
    expect(grid).toMatchObject({ offset: 0, total: 500 });
  });

  it("pcmanfm-qt: the icon view's items are the file names", () => {
    const lists = blocksOf(view('fixtures/qt/pcmanfm-qt-icons.json'), 'list');
    expect(lists.map((l) => l.items)).toContainEqual(['subdir', 'alpha.txt', 'beta.txt', 'delta.csv', 'epsilon.log', 'gamma.md']);
  });

  it('Nautilus (GTK 4): the file list reads its files', () => {
    const lists = blocksOf(view('fixtures/nautilus/files.json'), 'list');
    expect(lists.map((l) => l.items)).toContainEqual(['one.txt', 'three.md', 'two.txt']);
    // The sidebar list wraps its real list in a scroll pane: its places are items, not one joined item.
    expect(lists.find((l) => l.id === 'list-sidebar')?.items).toEqual(['Starred', 'Home', 'Desktop', 'Trash', 'Other Locations']);
  });

  it('Gnumeric: a sheet drawn with no accessible cells is named in a notice', () => {
    const notices = blocksOf(view('fixtures/gnumeric/sheet.json'), 'notice').map((n) => n.text);
    expect(notices).toContain(OPAQUE_NOTICE);
  });
});
