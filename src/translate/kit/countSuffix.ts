/**
 * A count the app shows right after a field, as part of it: Evince's page number entry is
 * followed by an insensitive entry that shows "of 2" (EvPageActionWidget), which read as a field
 * of its own ("Select page (2)": "of 2"). Such a count is joined to the field before it: the
 * field shows "1 of 2" and the count is no field. Only what is shown changes: the field's value,
 * which writes compare with what they asked for, stays the app's own ("1").
 */
import type { A11yNode } from '../../platform/probe.js';
import type { Field } from './model.js';

/** "of 2", "/ 12", "of 1,024": a total after a number. */
const COUNT = /^(?:of|\/)\s*\d[\d,.\s]*$/i;

export function joinCounts(fields: Field[], parents: ReadonlyMap<string, A11yNode>): Field[] {
  const joined: Field[] = [];
  for (const field of fields) {
    const previous = joined[joined.length - 1];
    if (previous && isCountOf(field, previous, parents)) {
      previous.shownAfter = String(field.value).trim();
      continue;
    }
    joined.push(field);
  }
  return joined;
}

function isCountOf(count: Field, field: Field, parents: ReadonlyMap<string, A11yNode>): boolean {
  if (count.settable || typeof count.value !== 'string' || !COUNT.test(count.value.trim())) return false;
  if (field.kind !== 'text' && field.kind !== 'number') return false;
  if (field.shownAfter !== undefined || field.multiLine) return false;
  return parents.get(count.node.ref) === parents.get(field.node.ref);
}

/** The value as the window shows it: with the count joined to it. */
export function shownValue(field: Field): Field['value'] {
  return field.shownAfter === undefined ? field.value : `${String(field.value)} ${field.shownAfter}`;
}
