/**
 * Buttons that stay pressed in: a tool bar's Bold or Left, a view switch, a weekday of an alarm.
 * They are pressed with `press` like any button, but their on/off state is content: an agent
 * must see that "Bold" is on before it presses it. GTK 3, Qt, Java and LibreOffice expose them
 * as `toggle_button` (Qt 5: a `checkable` push button) with `checked` (or `pressed`) when on;
 * GTK 4 before 4.10 exposes a GtkToggleButton as a `push_button` that is `pressed` when on and
 * says nothing when off.
 */
import type { A11yNode } from '../../platform/probe.js';
import { hasState } from '../tree.js';
import { BUTTON_ROLES } from './roles.js';

/**
 * A button whose pressed state means its popup is open is no toggle: GTK 3's and LibreOffice's
 * menu buttons (their items are children), an expander ("Keypad": `expandable`), a deck's tab.
 */
const POPUP_CHILDREN = new Set(['menu', 'menu_item', 'popup_menu', 'check_menu_item', 'radio_menu_item', 'separator']);

/**
 * `parent`: a button inside another button is a GTK 4 menu button's own toggle, pressed while
 * its popover is open.
 */
export function isToggleLike(node: A11yNode, parent?: A11yNode): boolean {
  if (parent && BUTTON_ROLES.has(parent.role)) return false;
  if (hasState(node, 'expandable') || hasState(node, 'has_popup')) return false;
  if (node.children.some((c) => POPUP_CHILDREN.has(c.role))) return false;
  // Qt 5 keeps a checkable button a push button and says `checkable`.
  if (node.role === 'toggle_button' || (node.role === 'push_button' && hasState(node, 'checkable'))) return true;
  // Held down during a pointer click (`armed`) is no state.
  return node.role === 'push_button' && hasState(node, 'pressed') && !hasState(node, 'armed');
}

/** Whether a toggle-like button is on now. */
export function isToggledOn(node: A11yNode, parent?: A11yNode): boolean {
  return isToggleLike(node, parent) && (hasState(node, 'checked') || hasState(node, 'pressed'));
}

/** The notice listing the pressable buttons that are on, by the labels `press` names them. */
export function toggledOnNotice(buttons: Array<{ node: A11yNode; label: string }>, parents: Map<string, A11yNode>): string | undefined {
  const on = buttons.filter((b) => isToggledOn(b.node, parents.get(b.node.ref))).map((b) => b.label);
  return on.length > 0 ? `Toggle buttons on: ${on.join(', ')}.` : undefined;
}
