/** LibreOffice Calc translator: addresses, and the view of a sheet tree shaped as the probe reads it (viewportTable.ts). */
import { describe, expect, it } from 'vitest';
import type { A11yNode } from '../../src/platform/probe.js';
import { cellName, columnIndex, columnName, parseCell, parseRange, rangeName } from '../../translators/libreoffice-calc/address.js';
import { readCalc } from '../../translators/libreoffice-calc/reading.js';
import { calcBlocks, summarise } from '../../translators/libreoffice-calc/view.js';

const n = (role: string, name: string, extra: Partial<A11yNode> = {}): A11yNode => ({
  ref: `r-${role}-${name}`,
  role,
  name,
  states: ['visible', 'showing'],
  children: [],
  ...extra,
});

function sheet(): A11yNode {
  const cell = (name: string, value: string, focused = false, formula?: string) =>
    n('table_cell', name, { value, states: ['visible', 'showing', ...(focused ? ['focused'] : [])], ...(formula ? { attributes: { Formula: formula } } : {}) });
  const rows = [
    n('table_row', '', { ref: 't#row9', children: [cell('C10', ''), cell('D10', 'Total')] }),
    n('table_row', '', { ref: 't#row10', children: [cell('C11', ''), cell('D11', '')] }),
    n('table_row', '', { ref: 't#row11', children: [cell('C12', '7'), cell('D12', '14', true, 'C12*2')] }),
  ];
  const table = n('table', 'Sheet Sheet1', {
    ref: 't',
    children: rows,
    attributes: { rows: '1048576', columns: '16384', first_row: '9', first_column: '2', shown_rows: '3', shown_columns: '2' },
  });
  const nameBox = n('text', '', { value: 'D12', states: ['visible', 'showing', 'editable'] });
  return n('frame', 'Book - LibreOffice Calc', {
    children: [
      n('tool_bar', 'Formula Tool Bar', { children: [n('panel', '', { children: [nameBox] }), n('push_button', 'Function Wizard')] }),
      n('document_spreadsheet', 'Book', { children: [table] }),
      n('page_tab_list', '', { children: [n('page_tab', 'Sheet1', { states: ['visible', 'showing', 'selected'] }), n('page_tab', 'Data')] }),
    ],
  });
}

describe('libreoffice-calc addresses', () => {
  it('converts column letters and parses cells and ranges', () => {
    expect([0, 25, 26, 701, 16383].map(columnName)).toEqual(['A', 'Z', 'AA', 'ZZ', 'XFD']);
    expect(columnIndex('XFD')).toBe(16383);
    expect(parseCell('$b$7')).toEqual({ row: 6, column: 1 });
    expect(parseCell('XFE1')).toBeNull();
    expect(parseCell('A0')).toBeNull();
    expect(rangeName(parseRange('D20:A1')!)).toBe('A1:D20');
    expect(parseRange('A1:B2:C3')).toBeNull();
    expect(cellName({ row: 1048575, column: 16383 })).toBe('XFD1048576');
  });
});

describe('libreoffice-calc view', () => {
  it('shows the filled rows of the range on screen, the cursor with its formula, and the sheets', () => {
    const reading = readCalc(sheet())!;
    expect(summarise('Book - LibreOffice Calc', reading)).toBe(
      '"Book - LibreOffice Calc": sheet "Sheet1" (of 2); cells C10:D12 shown, 3 filled; cursor on D12 = 14 (=C12*2). The sheet has 1048576 rows × XFD columns: load_cells reads any range, go_to_cell scrolls there.',
    );
    expect(calcBlocks(reading)).toEqual([
      {
        type: 'fields',
        id: 'cell',
        items: [
          { label: 'Sheet', value: 'Sheet1' },
          { label: 'Sheets', value: 'Sheet1, Data' },
          { label: 'Selection', value: 'D12' },
          { label: 'Cell D12', value: '14' },
          { label: 'Formula', value: '=C12*2' },
        ],
      },
      {
        type: 'table',
        id: 'cells',
        columns: ['row', 'C', 'D'],
        rows: [
          [10, '', 'Total'],
          [12, '7', '14'],
        ],
      },
    ]);
  });

  it('is not a Calc window without a sheet', () => {
    expect(readCalc(n('frame', 'Untitled 1 - LibreOffice Writer'))).toBeUndefined();
  });
});
