/**
 * libadwaita's AdwComboRow: a combo box named by its title, which it lays out inside itself, that
 * shows its value as the one row of a small list beside the title and offers no action at all.
 * Its options are the rows of a popover list that exists only while the row is open (a click on
 * the row opens it, as for a person). Read by its name alone, its value would be its own title.
 */
import type { A11yNode } from '../../platform/probe.js';
import { findFirst } from '../tree.js';
import { repairName } from './labels.js';
import { LIST_ROLES } from './roles.js';
import { isPresent } from './visibility.js';

/** A combo box showing its own name as a label inside it, and its value in a list: a combo row. */
export function isComboRow(combo: A11yNode): boolean {
  const name = repairName(combo.name);
  if (combo.role !== 'combo_box' || name === '' || (combo.actions ?? []).length > 0) return false;
  return valueList(combo) !== undefined && findFirst(combo, (n) => n.role === 'label' && isPresent(n) && repairName(n.name) === name) !== undefined;
}

/** The list that shows the chosen value: the first shown list inside the row (the popover's comes after it). */
export function valueList(combo: A11yNode): A11yNode | undefined {
  return findFirst(combo, (n) => n !== combo && LIST_ROLES.has(n.role) && isPresent(n));
}

/** The value a combo row shows: the words of its value list's row. */
export function comboRowValue(combo: A11yNode): string {
  const row = valueList(combo)?.children.find((c) => isPresent(c));
  if (!row) return '';
  return repairName(row.name) || repairName(findFirst(row, (n) => n.role === 'label' && isPresent(n) && repairName(n.name) !== '')?.name ?? '');
}
