/**
 * open_row opens a row as a double-click does: the row is selected first, then its own
 * activation action (GTK 3 cells, Gecko items) or a pointer double-click on its label, each read
 * back by its effect; no effect by any route is an error that says which were tried.
 */
import { describe, expect, it } from 'vitest';
import type { A11yNode } from '../../../src/platform/probe.js';
import { openRowAction } from '../../../src/translate/kit/actions/openRow.js';
import { readGeneric } from '../../../src/translate/kit/reading.js';
import { fakeContext } from './fakeContext.js';
import { frame, GTK3, n } from './nodes.js';

const VIEW = { summary: '', blocks: [], actions: [] };
const ROW = [...GTK3, 'focusable', 'selectable'];

/** A GTK 3 file list: one cell per row, whose "activate" opens the file (row-activated). */
function files(names: string[], selected = '', actions = ['expand_or_contract', 'edit', 'activate']): A11yNode {
  return frame('Documents - File Manager', [
    n(
      'table',
      'Files',
      { ref: 'files', states: [...GTK3, 'focusable'] },
      names.map((name) => n('table_cell', name, { ref: `cell-${name}`, actions, states: name === selected ? [...ROW, 'selected'] : ROW })),
    ),
  ]);
}

/** A Qt list: items whose only action ("toggle") selects them, which opens nothing. */
function qtList(selected = ''): A11yNode {
  return frame('folder - File Manager', [
    n('list', 'Folder view', { ref: 'view', states: [...GTK3, 'focusable'] }, [
      n('list_item', 'notes.txt', { ref: 'notes', actions: ['toggle'], states: selected === 'notes' ? [...ROW, 'selected'] : ROW }),
      n('list_item', 'plan.txt', { ref: 'plan', actions: ['toggle'], states: ROW }),
    ]),
  ]);
}

describe('open_row', () => {
  it('offers the shown rows by list and label', () => {
    const reading = readGeneric(files(['notes.txt', 'plan.txt']));
    const input = openRowAction.input;
    const schema = typeof input === 'function' ? input(VIEW, reading) : input;
    expect(schema.safeParse({ list: 'Files', row: 'plan.txt' }).success).toBe(true);
    expect(schema.safeParse({ list: 'Files', row: 'other.txt' }).success).toBe(false);
    expect(openRowAction.available?.(VIEW, readGeneric(frame('Empty', [n('push_button', 'OK', { actions: ['click'] })])))).toBe(false);
  });

  it('selects the row, then runs its own activate action; the effect is the answer', async () => {
    const { ctx, calls } = fakeContext(files(['notes.txt', 'plan.txt']), (call) => {
      if (call.primitive === 'select') return { root: files(['notes.txt', 'plan.txt'], 'plan.txt') };
      if (call.primitive === 'doAction') return { open: 'editor' };
      return undefined;
    });
    const outcome = await openRowAction.run({ list: 'Files', row: 'plan.txt' } as never, ctx);
    expect(calls.map((c) => [c.primitive, ...c.args])).toEqual([
      ['select', 'cell-plan.txt'],
      ['doAction', 'cell-plan.txt', 'activate'],
    ]);
    expect(outcome).toMatchObject({ result: { via: 'action' }, message: expect.stringContaining('Opened "plan.txt" in Files. Opened window editor') });
  });

  it('double-clicks the row where it has no opening action, and does not select a row already selected', async () => {
    const { ctx, calls } = fakeContext(qtList('notes'), (call) => (call.primitive === 'doubleClick' ? { root: frame('notes.txt - Editor', []) } : undefined));
    const outcome = await openRowAction.run({ list: 'Folder view', row: 'notes.txt' } as never, ctx);
    expect(calls.map((c) => [c.primitive, ...c.args])).toEqual([['doubleClick', 'notes']]);
    expect(outcome).toMatchObject({ result: { via: 'pointer' } });
  });

  it('tries the next route when one shows no effect, and says which were tried when none did', async () => {
    const { ctx, calls } = fakeContext(files(['notes.txt'], 'notes.txt'));
    await expect(openRowAction.run({ list: 'Files', row: 'notes.txt' } as never, ctx)).rejects.toMatchObject({
      code: 'action_not_available',
      message: expect.stringContaining('tried: action, pointer'),
    });
    expect(calls.map((c) => c.primitive)).toEqual(['doAction', 'doubleClick']);
  });

  it('never double-clicks a row the screen does not show', async () => {
    const hidden = frame('Files', [
      n('table', 'Files', { ref: 'files', states: GTK3 }, [
        n('table_cell', 'far.txt', { ref: 'far', states: ['enabled', 'visible', 'selectable', 'selected'] }),
      ]),
      n('table_cell', 'shown', { states: GTK3 }),
    ]);
    const { ctx, calls } = fakeContext(hidden);
    await expect(openRowAction.run({ list: 'Files', row: 'far.txt' } as never, ctx)).rejects.toMatchObject({
      code: 'action_not_available',
      message: expect.stringContaining('tried: none'),
    });
    expect(calls.map((c) => c.primitive)).not.toContain('doubleClick');
  });
});
