/**
 * Where the focus goes after a field is written in a toolkit that commits text on focus loss: the
 * object holding it now, else the next control a Tab reaches, else the one before; never the
 * field, its parts, or what contains it.
 */
import { describe, expect, it } from 'vitest';
import { focusAfterWriting } from '../../../src/translate/kit/focusHandOver.js';
import { frame, n } from './nodes.js';

const SWING = ['enabled', 'visible', 'showing', 'focusable'];

function editor(focusedTable: boolean) {
  const year = n('text', 'Year', { ref: 'year', states: [...SWING, 'editable'] }, [n('scroll_bar', '', { ref: 'year-bar', states: SWING })]);
  const tree = frame('JabRef', [
    n('table', '', { ref: 'table', states: focusedTable ? [...SWING, 'focused'] : SWING }),
    n('scroll_pane', '', { ref: 'pane', states: SWING }, [
      n('text', 'Title', { ref: 'title', states: SWING }),
      year,
      n('text', 'Key', { ref: 'key', states: SWING }),
    ]),
    n('push_button', 'Hidden', { ref: 'hidden', states: ['enabled', 'focusable'] }),
  ]);
  return { tree, year };
}

describe('focusAfterWriting', () => {
  it('gives the focus back to the object that holds it', () => {
    const { tree, year } = editor(true);
    expect(focusAfterWriting(tree, year)).toBe('table');
  });

  it('else moves it to the next control a Tab would reach, leaving out the field’s parts and its containers', () => {
    const { tree, year } = editor(false);
    expect(focusAfterWriting(tree, year)).toBe('key');
  });

  it('else to the control before the field, never to a hidden one', () => {
    const last = n('text', 'Note', { ref: 'note', states: [...SWING, 'editable'] });
    const tree = frame('Form', [
      n('text', 'Name', { ref: 'name', states: SWING }),
      last,
      n('push_button', 'Gone', { ref: 'gone', states: ['enabled', 'focusable'] }),
    ]);
    expect(focusAfterWriting(tree, last)).toBe('name');
  });

  it('answers nothing when the field is alone or not in the window', () => {
    const only = n('text', 'Only', { ref: 'only', states: SWING });
    expect(focusAfterWriting(frame('W', [only]), only)).toBeUndefined();
    expect(focusAfterWriting(frame('W', []), only)).toBeUndefined();
  });
});
