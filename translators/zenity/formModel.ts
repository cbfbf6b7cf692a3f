/**
 * The fields of a zenity form, in the order zenity prints their values: entries, passwords
 * (`sensitive`, never read), combos and lists, and calendars (shown, but GTK3 exposes no date).
 */
import { findFirst, readOnce, readWindow } from '../../src/sdk/translate.js';
import type { A11yNode, Collection, Field } from '../../src/sdk/translate.js';
import { formGrid } from './kinds.js';

export type FormFieldKind = 'text' | 'secret' | 'choice' | 'list' | 'calendar';

export interface FormField {
  label: string;
  kind: FormFieldKind;
  /** Shown value: the text, the chosen option, the selected rows; '' when empty (calendars: ''). */
  value: string;
  /** Choices of a combo or list. */
  options: string[];
  node: A11yNode;
}

/** The form's fields, first row first, memoised per tree (translate, input and run agree). */
export const formFields: (root: A11yNode) => FormField[] = readOnce(readFormFields);

export const isSettable = (f: FormField) => f.kind !== 'calendar';

function readFormFields(root: A11yNode): FormField[] {
  const grid = formGrid(root)?.grid;
  if (!grid) return [];
  const reading = readWindow(root);
  const fields = [...reading.fields.flatMap(fromField), ...reading.collections.map(fromList)];
  // The grid lists its rows last first (GTK3): zenity's order is the reverse of the grid's.
  const row = (f: FormField) => grid.children.findIndex((child) => findFirst(child, (n) => n === f.node) !== undefined);
  return fields.filter((f) => row(f) >= 0).sort((a, b) => row(b) - row(a));
}

function fromField(f: Field): FormField[] {
  const base = { label: f.label, node: f.node, options: f.options.map((o) => o.label) };
  if (f.kind === 'text' || f.kind === 'secret' || f.kind === 'choice') return [{ ...base, kind: f.kind, value: String(f.value) }];
  if (f.node.role === 'calendar') return [{ ...base, kind: 'calendar', value: '' }];
  return [];
}

function fromList(c: Collection): FormField {
  const chosen = c.options.filter((o) => o.selected).map((o) => o.label);
  return { label: c.label, kind: 'list', value: chosen.join(', '), options: c.options.map((o) => o.label), node: c.node };
}
