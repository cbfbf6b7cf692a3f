/**
 * A list of settings: GTK's boxed lists (libadwaita's preference rows, GNOME Settings) make each
 * setting a row holding its control — a switch, a spin button, a drop-down — beside its title.
 * Read as a collection, only the rows' titles remain (gnome-calculator's preferences read as
 * "a list with 6 items" and no value); its controls are read where they stand instead, each
 * labelled by its row. A long list stays a collection: its rows are data, paged by load_rows.
 */
import type { A11yNode } from '../../platform/probe.js';
import { NUMBER_ROLES, TEXT_INPUT_ROLES, TOGGLE_ROLES } from './roles.js';
import { isShown, type ShowRule } from './visibility.js';

/** Beyond this many rows a list is data, even when its rows hold controls. */
const MAX_SETTING_ROWS = 60;

const SETTING_ROLES = new Set([...TOGGLE_ROLES, ...NUMBER_ROLES, ...TEXT_INPUT_ROLES, 'combo_box']);

/** Most of the list's shown rows are, or hold, a control that sets a value. */
export function isSettingsList(list: A11yNode, rule: ShowRule): boolean {
  const rows = list.children.filter((row) => isShown(row, rule));
  if (rows.length === 0 || rows.length > MAX_SETTING_ROWS) return false;
  const settings = rows.filter((row) => SETTING_ROLES.has(row.role) || holdsSetting(row, rule, 0));
  return settings.length * 2 >= rows.length;
}

/** Rows lay their control out a few boxes deep (libadwaita: row, header box, suffixes box). */
const MAX_DEPTH = 6;

function holdsSetting(node: A11yNode, rule: ShowRule, depth: number): boolean {
  if (depth > MAX_DEPTH) return false;
  return node.children.some((child) => isShown(child, rule) && (SETTING_ROLES.has(child.role) || holdsSetting(child, rule, depth + 1)));
}
