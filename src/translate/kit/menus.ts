/**
 * Menu entries the `menu` action can run, as paths ("File > Save As…"): menu bars, menus attached
 * to buttons, and GTK popovers (children of the window that are not on screen until opened).
 * Closed menus are not shown, so entries count when `visible`; disabled entries are left out.
 */
import type { A11yNode } from '../../platform/probe.js';
import { findFirst, hasState, isEnabled, pathTo } from '../tree.js';
import { controlLabel, hintOf, repairName } from './labels.js';
import type { MenuEntry } from './model.js';
import { BUTTON_ROLES, MENU_ITEM_ROLES } from './roles.js';
import { isPresent } from './visibility.js';

export const PATH_SEPARATOR = ' > ';
const MENU_CONTAINERS = new Set(['menu', 'popup_menu']);
const POPOVER_ITEM_ROLES = new Set(['push_button', 'check_box', 'menu_item', 'check_menu_item']);

/**
 * Entries of menus hanging off a button: "Open a recently used file > notes.txt". A Gecko button's
 * own popup (a `menu` child named as the button, or unnamed) is its menu, not a submenu: "Save
 * this message > Draft". Once built, a closed one keeps its items, invisible like the popup, and
 * Gecko runs a closed item's action: its enabled items count while the button can be pressed.
 */
export function menuEntriesOfButton(button: A11yNode): MenuEntry[] {
  const prefix = hintOf(button) || controlLabel(button);
  if (!prefix) return [];
  const popup = ownPopupOf(button);
  if (!popup || isPresent(popup)) return itemsUnder(popup ?? button, [prefix]);
  const built = popup.children.length > 0 && !popup.children.some(isPresent);
  return built && isPresent(button) && isEnabled(button) ? itemsUnder(popup, [prefix], true) : [];
}

/** Whether a button holds a menu of its own (Gecko's and Qt's menu buttons: the popup is a child). */
export function hasOwnMenu(button: A11yNode): boolean {
  return button.children.some((c) => MENU_CONTAINERS.has(c.role));
}

/** A Gecko button's own popup menu: a `menu` child named as the button or unnamed. */
export function ownPopupOf(button: A11yNode): A11yNode | undefined {
  const label = controlLabel(button);
  return button.children.find((c) => c.role === 'menu' && (repairName(c.name) === '' || repairName(c.name) === label));
}

/**
 * `closed`: inside a menu that is not open. Qt marks every item of a closed popup menu invisible
 * (its owner widget is hidden) and Gecko every item of a closed XUL menu, so there visibility says
 * nothing and enabled items count; GTK keeps closed menus' items visible. `lazy`: a named submenu
 * with no items yet is an entry of its own, marked lazy (menu bars, where `menu` opens its chain).
 */
function itemsUnder(node: A11yNode, path: string[], closed = false, lazy = false): MenuEntry[] {
  const entries: MenuEntry[] = [];
  for (const child of node.children) {
    const closedMenu = child.role === 'popup_menu' && !isPresent(child);
    if (!isPresent(child) && !closedMenu && !(closed && isEnabled(child))) continue;
    const label = repairName(child.name);
    if (MENU_ITEM_ROLES.has(child.role) || (child.role === 'menu' && label)) {
      if (!label) continue;
      const own = [...path, label];
      if (lazy && isUnbuiltMenu(child)) {
        if (isEnabled(child)) entries.push({ path: own.join(PATH_SEPARATOR), node: child, lazy: true });
        continue;
      }
      const hasSubmenu = child.children.some((c) => MENU_CONTAINERS.has(c.role) || MENU_ITEM_ROLES.has(c.role));
      if (hasSubmenu || child.role === 'menu') entries.push(...itemsUnder(child, own, closed || isClosedXulMenu(child), lazy));
      else if (isEnabled(child)) entries.push({ path: own.join(PATH_SEPARATOR), node: child });
    } else if (MENU_CONTAINERS.has(child.role)) {
      entries.push(...itemsUnder(child, path, closed || closedMenu, lazy));
    }
  }
  return entries;
}

/**
 * A menu the app builds only when it opens: no items at all yet (Thunar's menu bar menus,
 * Thunderbird's File › New until it first opens).
 */
function isUnbuiltMenu(menu: A11yNode): boolean {
  return menu.role === 'menu' && menu.children.length === 0 && !menu.childCount;
}

/**
 * A closed Gecko menu that was built before: it keeps its items, each marked invisible, the menu
 * itself expandable and not expanded. Its items can be run without opening it (Gecko runs a
 * closed item's action as a click on it).
 */
function isClosedXulMenu(menu: A11yNode): boolean {
  return menu.role === 'menu' && hasState(menu, 'expandable') && !hasState(menu, 'expanded') && menu.children.length > 0 && !menu.children.some(isPresent);
}

/** The entries of a menu bar menu or submenu read afresh, named under its path ("File > New"). */
export function entriesOfMenu(menu: A11yNode, path: string): MenuEntry[] {
  return itemsUnder(menu, path.split(PATH_SEPARATOR), false, true);
}

/**
 * Menu bar entries: "File > Save As…"; a menu the app fills only when opened is one entry, "File"
 * or "File > New", listed first (the `menu` schema names them).
 */
export function menuBarEntries(root: A11yNode): MenuEntry[] {
  const entries: MenuEntry[] = [];
  const stack = [root];
  while (stack.length > 0) {
    const node = stack.pop() as A11yNode;
    if (node.role === 'menu_bar') {
      const found = itemsUnder(node, [], false, true);
      entries.push(...found.filter((e) => e.lazy), ...found.filter((e) => !e.lazy));
    } else stack.push(...[...node.children].reverse());
  }
  return entries;
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

/** The menus from the menu bar down to the node `ref`, itself last; empty outside a menu bar. */
export function menuChain(root: A11yNode, ref: string): A11yNode[] {
  const path = pathTo(root, ref);
  const bar = path.findIndex((n) => n.role === 'menu_bar');
  if (bar < 0) return [];
  return path.slice(bar + 1).filter((n) => (n.role === 'menu' && repairName(n.name) !== '') || MENU_ITEM_ROLES.has(n.role));
}

/**
 * Whether a menu is open now: Gecko says `expanded`; GTK and Qt show its items (`showing`, which
 * a closed Gecko menu's items keep while they lose `visible`); a button shows its own popup menu
 * (Gecko, Qt) or, a GTK 4 menu button, its popover beside its inner button.
 */
export function isMenuOpen(root: A11yNode, menu: A11yNode): boolean {
  if (hasState(menu, 'expanded')) return true;
  if (BUTTON_ROLES.has(menu.role)) {
    if (hasOwnMenu(menu)) return menu.children.some((c) => MENU_CONTAINERS.has(c.role) && isPresent(c) && hasShownItem(c));
    const wrapper = findFirst(root, (n) => isButtonWrapper(n) && n.children.some((c) => c.ref === menu.ref));
    return !!wrapper && wrapper.children.some((c) => c.ref !== menu.ref && isPresent(c));
  }
  return hasShownItem(menu);
}

/** An item on screen: present and showing (the items of a closed menu are not both). */
export function isShownItem(node: A11yNode): boolean {
  return isPresent(node) && hasState(node, 'showing');
}

/** Whether a menu shows items of its own (read afresh: a toolkit may not report its menus' changes). */
export function hasShownItem(menu: A11yNode): boolean {
  return menu.children.some(
    (c) => ((MENU_ITEM_ROLES.has(c.role) || c.role === 'menu') && isShownItem(c)) || (MENU_CONTAINERS.has(c.role) && isPresent(c) && hasShownItem(c)),
  );
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
