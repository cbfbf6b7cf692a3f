/**
 * Menu entries the `menu` action can run, as paths ("File > Save As…"): menu bars, menus attached
 * to buttons, and GTK popovers (children of the window that are not on screen until opened).
 * Closed menus are not shown, so entries count when `visible`; disabled entries are left out.
 */
import type { A11yNode } from '../../platform/probe.js';
import { findFirst, hasState, isEnabled } from '../tree.js';
import { controlLabel, hintOf, repairName } from './labels.js';
import type { MenuEntry } from './model.js';
import { BUTTON_ROLES, MENU_ITEM_ROLES } from './roles.js';
import { isPresent } from './visibility.js';

export const PATH_SEPARATOR = ' > ';
const MENU_CONTAINERS = new Set(['menu', 'popup_menu']);
const POPOVER_ITEM_ROLES = new Set(['push_button', 'check_box', 'menu_item', 'check_menu_item']);

/** Entries of menus hanging off a button: "Open a recently used file > notes.txt". */
export function menuEntriesOfButton(button: A11yNode): MenuEntry[] {
  const prefix = hintOf(button) || controlLabel(button);
  return prefix ? itemsUnder(button, [prefix]) : [];
}

/**
 * `closed`: inside a popup menu that is not open. Qt marks every item of a closed menu invisible
 * (its owner widget is hidden), so there visibility says nothing and enabled items count; GTK
 * keeps closed menus' items visible.
 */
function itemsUnder(node: A11yNode, path: string[], closed = false): MenuEntry[] {
  const entries: MenuEntry[] = [];
  for (const child of node.children) {
    const closedMenu = child.role === 'popup_menu' && !isPresent(child);
    if (!isPresent(child) && !closedMenu && !(closed && isEnabled(child))) continue;
    const label = repairName(child.name);
    if (MENU_ITEM_ROLES.has(child.role) || (child.role === 'menu' && label)) {
      if (!label) continue;
      const hasSubmenu = child.children.some((c) => MENU_CONTAINERS.has(c.role) || MENU_ITEM_ROLES.has(c.role));
      if (hasSubmenu || child.role === 'menu') entries.push(...itemsUnder(child, [...path, label], closed));
      else if (isEnabled(child)) entries.push({ path: [...path, label].join(PATH_SEPARATOR), node: child });
    } else if (MENU_CONTAINERS.has(child.role)) {
      entries.push(...itemsUnder(child, path, closed || closedMenu));
    }
  }
  return entries;
}

/** Menu bar entries: "File > Save As…"; a menu the app fills only when opened is one entry, "File". */
export function menuBarEntries(root: A11yNode): MenuEntry[] {
  const entries: MenuEntry[] = [];
  const stack = [root];
  while (stack.length > 0) {
    const node = stack.pop() as A11yNode;
    if (node.role === 'menu_bar') entries.push(...lazyMenus(node), ...itemsUnder(node, []));
    else stack.push(...[...node.children].reverse());
  }
  return entries;
}

/**
 * Menu bar menus with no items yet: some apps (Thunar) build a menu's items only when it opens,
 * so a closed one has no children at all. Such a menu is offered by its own path; the `menu`
 * action opens it to find what it holds.
 */
function lazyMenus(bar: A11yNode): MenuEntry[] {
  return bar.children
    .filter((menu) => menu.role === 'menu' && menu.children.length === 0 && !menu.childCount && repairName(menu.name) && isPresent(menu) && isEnabled(menu))
    .map((menu) => ({ path: repairName(menu.name), node: menu, lazy: true }));
}

/**
 * A button that only wraps the real one: GTK 4's menu button (GtkMenuButton), an action-less
 * button around a clickable one, its popover a `menu` beside the inner button while open.
 */
export function isButtonWrapper(node: A11yNode): boolean {
  return BUTTON_ROLES.has(node.role) && (node.actions ?? []).length === 0 && node.children.some(hasButtonInside);
}

export function hasButtonInside(node: A11yNode): boolean {
  return BUTTON_ROLES.has(node.role) || node.children.some(hasButtonInside);
}

/**
 * Entries of a GTK 4 menu button. Its popover menu exists in the tree only while open (GTK 4
 * builds it on opening and drops it on closing), so a closed one is a menu filled only when it
 * opens ("Menu"), opened by clicking the inner button; an open one lists its items ("Menu > Save
 * As…"), which sit at any depth under the popover's panels and scroll panes.
 */
export function menuButtonEntries(wrapper: A11yNode): MenuEntry[] {
  const inner = wrapper.children.find((c) => BUTTON_ROLES.has(c.role));
  const label = inner ? repairName(inner.name) || hintOf(wrapper) : '';
  if (!inner || !label || !isPresent(inner) || !isEnabled(inner)) return [];
  const popover = wrapper.children.find((c) => c.role === 'menu' && isPresent(c));
  if (!popover) return [{ path: label, node: inner, lazy: true }];
  return itemsAtAnyDepth(popover, MENU_ITEM_ROLES, [label]);
}

/**
 * The enabled, named items of `roles` below `container`, in reading order, through any layout
 * between them (panels, scroll panes); an item's own insides are not searched.
 */
function itemsAtAnyDepth(container: A11yNode, roles: Set<string>, prefix: string[]): MenuEntry[] {
  const entries: MenuEntry[] = [];
  const stack = [...container.children].reverse();
  while (stack.length > 0) {
    const node = stack.pop() as A11yNode;
    if (!isPresent(node)) continue;
    const label = repairName(node.name);
    if (roles.has(node.role)) {
      if (label && isEnabled(node)) entries.push({ path: [...prefix, label].join(PATH_SEPARATOR), node });
    } else stack.push(...[...node.children].reverse());
  }
  return entries;
}

/**
 * Whether the menu button around `inner` opened a popover that is no menu (GTK 4's plain popover
 * is a `dialog`: "Create Folder" asks for a name): it holds no entry to wait for.
 */
export function openedOtherPopover(root: A11yNode, inner: A11yNode): boolean {
  const wrapper = findFirst(root, (n) => isButtonWrapper(n) && n.children.some((c) => c.ref === inner.ref));
  return !!wrapper && wrapper.children.some((c) => c.ref !== inner.ref && !BUTTON_ROLES.has(c.role) && c.role !== 'menu' && isPresent(c));
}

/** Every menu the window offers by path, open or not: menu bars and GTK 4 menu buttons. */
export function openableMenuEntries(root: A11yNode): MenuEntry[] {
  const entries = menuBarEntries(root);
  const stack = [root];
  while (stack.length > 0) {
    const node = stack.pop() as A11yNode;
    if (isButtonWrapper(node)) entries.push(...menuButtonEntries(node));
    else if (node.role !== 'menu_bar') stack.push(...[...node.children].reverse());
  }
  return entries;
}

/** Items of GTK popovers: modal, unmapped children of the window, activated without opening. */
export function popoverEntries(root: A11yNode): MenuEntry[] {
  return root.children
    .filter((child) => hasState(child, 'modal') && !hasState(child, 'showing'))
    .flatMap((popover) => itemsAtAnyDepth(popover, POPOVER_ITEM_ROLES, []));
}

/** All entries, first path wins (GTK duplicates header bars for fullscreen mode). */
export function allMenuEntries(root: A11yNode, fromButtons: MenuEntry[]): MenuEntry[] {
  const seen = new Set<string>();
  return [...menuBarEntries(root), ...fromButtons, ...popoverEntries(root)].filter((e) => !seen.has(e.path) && seen.add(e.path));
}
