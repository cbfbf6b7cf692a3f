/**
 * A count shown right after a field ("of 2" beside Evince's page number) is part of that field:
 * it reads "1 of 2", is no field of its own, and writes still compare the field's own value.
 */
import { describe, expect, it } from 'vitest';
import { readWindow } from '../../../src/translate/kit/reading.js';
import { shownValue } from '../../../src/translate/kit/countSuffix.js';
import { frame, GTK3, n } from './nodes.js';

const INSENSITIVE = ['editable', 'focusable', 'showing', 'single_line', 'visible'];
const entry = (name: string, value: string, states = [...GTK3, 'editable', 'focusable', 'single_line']) =>
  n('text', name, { value, states, actions: ['activate'] });

/** Evince's page box: the number entry and an insensitive entry showing the count, in one box. */
const viewer = (count: string, sameBox = true) => {
  const number = entry('page-label-entry', '1');
  const total = entry('', count, INSENSITIVE);
  const boxes = sameBox ? [n('filler', '', {}, [number, total])] : [n('filler', '', {}, [number]), n('filler', '', {}, [total])];
  return frame('invoice.pdf', [n('panel', 'Select page', {}, boxes)]);
};

describe('a count shown after a field', () => {
  it('joins the field before it: "1 of 2", one field, whose own value stays "1"', () => {
    const fields = readWindow(viewer('of 2')).fields;
    expect(fields.map((f) => [f.label, shownValue(f)])).toEqual([['Select page', '1 of 2']]);
    expect(fields[0]?.value).toBe('1');
  });

  it('"/ 12" joins too; a text that is no count, or a count in another box, stays a field of its own', () => {
    expect(readWindow(viewer('/ 12')).fields.map((f) => shownValue(f))).toEqual(['1 / 12']);
    expect(readWindow(viewer('offset')).fields).toHaveLength(2);
    expect(readWindow(viewer('of 2', false)).fields).toHaveLength(2);
  });
});
