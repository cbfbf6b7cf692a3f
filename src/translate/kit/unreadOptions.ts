/**
 * A combo box whose list the probe left unread (ITEMS_UNREAD: its toolkit miscounts the items and
 * warns about each one asked that it lacks) has options nobody can list; it is still a control a
 * person uses, by typing the name of the option it should show.
 */
import { ITEMS_UNREAD, type A11yNode } from '../../platform/probe.js';

/** The list the probe left unread (ITEMS_UNREAD). */
export function isUnreadList(node: A11yNode): boolean {
  return node.attributes?.[ITEMS_UNREAD.key] === ITEMS_UNREAD.value;
}

export function hasUnreadOptions(combo: A11yNode): boolean {
  return combo.role === 'combo_box' && combo.children.some(isUnreadList);
}
