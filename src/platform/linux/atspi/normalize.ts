/**
 * GTK quirks normalised in the probe, so that translators see the same meaning from every
 * toolkit version (architecture: quirks are handled in the probe, never in the server).
 */
import type { A11yNode } from '../../probe.js';

export interface ToolkitInfo {
  /** "gtk", "GTK", "Qt", … as the application reports it. */
  name: string;
  version: string;
  /**
   * The application's own accessible name ("soffice"): LibreOffice reports GTK's toolkit name
   * and version, yet its accessibles are its own (VCL's ATK wrapper), which answer differently.
   */
  application?: string;
}

export function isGtk4(toolkit: ToolkitInfo | undefined): boolean {
  return !!toolkit && /^gtk$/i.test(toolkit.name) && /^4\./.test(toolkit.version);
}

/** A widget class name (GtkMenuButton, AdwGizmo, HistoryView) standing in for a missing name. */
const TYPE_NAME = /^[A-Z][a-z0-9]+(?:[A-Z][A-Za-z0-9]*)+$/;

/**
 * GTK4 (4.8) names: a button's label appears twice ("7 7", "mod mod"; with its mnemonic first:
 * "_Rename Rename") and unnamed widgets are named by their GObject type ("GtkMenuButton"). Both
 * become what a user would read.
 */
export function normalizeName(name: string, toolkit: ToolkitInfo | undefined, role?: string): string {
  if (isQt(toolkit)) return role !== undefined && QT_TITLED_ROLES.has(role) ? withoutQtMnemonic(name) : name;
  if (!isGtk4(toolkit)) return name;
  if (TYPE_NAME.test(name)) return '';
  return undoubled(name);
}

function undoubled(name: string): string {
  const half = (name.length - 1) / 2;
  if (Number.isInteger(half) && half > 0 && name[half] === ' ' && name.slice(0, half) === name.slice(half + 1)) return name.slice(0, half);
  return withoutMnemonicTwin(name) ?? name;
}

/** "_Rename Rename", "Con_nect Connect": the label with its mnemonic, a space, the text shown. */
function withoutMnemonicTwin(name: string): string | undefined {
  if (!name.includes('_')) return undefined;
  for (let space = name.indexOf(' '); space >= 0; space = name.indexOf(' ', space + 1)) {
    const label = name.slice(0, space);
    const shown = name.slice(space + 1);
    if (label.includes('_') && label.replace(/_/g, '') === shown) return shown;
  }
  return undefined;
}

export function isQt(toolkit: ToolkitInfo | undefined): boolean {
  return !!toolkit && /^qt$/i.test(toolkit.name);
}

/**
 * Widgets whose accessible name Qt's bridge takes from a title as written, with its mnemonic
 * marker: a tool bar or dock named by its window title ("&Edit", the menu it mirrors), where
 * buttons, labels and tabs have the marker stripped by Qt itself. Content roles (text, links,
 * headings) are left alone: an ampersand there is the text's own.
 */
const QT_TITLED_ROLES = new Set([
  'tool_bar',
  'panel',
  'filler',
  'grouping',
  'frame',
  'internal_frame',
  'page_tab',
  'menu',
  'push_button',
  'check_box',
  'radio_button',
  'label',
]);

/** Qt's mnemonic syntax: "&Edit" shows "Edit", "Save &As" shows "Save As", "&&" shows "&". */
export function withoutQtMnemonic(name: string): string {
  if (!name.includes('&')) return name;
  return name.replace(/&(&|(?=[^\s&]))/g, (_match, doubled: string) => doubled);
}

/**
 * GTK 4 (4.8) gives its file chooser widget the role of any group (`filler`) and its class name
 * "GtkFileChooserWidget" as name, where GTK 3 says `file_chooser`: translators see GTK 3's role.
 */
export function normalizeRole(role: string, name: string, toolkit: ToolkitInfo | undefined): string {
  return isGtk4(toolkit) && role === 'filler' && name === 'GtkFileChooserWidget' ? 'file_chooser' : role;
}

export function isGtk(toolkit: ToolkitInfo | undefined): boolean {
  return !!toolkit && /^gtk$/i.test(toolkit.name);
}

/**
 * Roles on which GTK (3 and 4) puts attributes beyond "toolkit": windows (window-type), text
 * entries (placeholder-text), and status widgets. Other GTK widgets carry only "toolkit", so
 * asking them costs one call per node (a fifth of a gedit walk) for nothing. Other toolkits
 * (Qt, browsers) put meaning on any node and are always asked.
 */
const GTK_ATTRIBUTE_ROLES = new Set([
  'frame',
  'dialog',
  'window',
  'alert',
  'file_chooser',
  'color_chooser',
  'font_chooser',
  'text',
  'entry',
  'password_text',
  'spin_button',
  'combo_box',
  'info_bar',
  'notification',
  'status_bar',
  'level_bar',
  'progress_bar',
  'heading',
  'link',
]);

export function wantsAttributes(role: string, toolkit: ToolkitInfo | undefined): boolean {
  return !isGtk(toolkit) || GTK_ATTRIBUTE_ROLES.has(role);
}

/**
 * GTK roles whose relations no translator reads. Translators read relations on controls they pair
 * with labels (labelled_by, error_message: check boxes, texts, spin buttons, combo boxes), on
 * texts (label_for, error_for) and on popovers (popup_for, statusBars.ts); those are all still
 * asked. Spared: layout boxes (filler, panes, viewports), rows of lists and tables, decoration,
 * buttons (a translator presses them by name, never pairs them) and menus (read by name and
 * state). Other toolkits are always asked.
 */
const GTK_RELATIONLESS_ROLES = new Set([
  'filler',
  'list_item',
  'separator',
  'scroll_bar',
  'icon',
  'image',
  'animation',
  'redundant_object',
  'tool_tip',
  'ruler',
  'push_button',
  'toggle_button',
  'scroll_pane',
  'viewport',
  'split_pane',
  'page_tab_list',
  'page_tab',
  'menu_bar',
  'menu',
  'menu_item',
  'check_menu_item',
  'radio_menu_item',
  'tearoff_menu_item',
  'table_row',
  'table_cell',
  'table_column_header',
  'table_row_header',
]);

/**
 * GTK roles whose insides no translator reads relations of: a button's or a list row's label is
 * part of the button or row (a translator reads its name), never a text paired with a control.
 * gedit's language list alone holds 154 such labels.
 */
const GTK_RELATIONLESS_INSIDE = new Set(['list_item', 'push_button', 'toggle_button', 'table_cell', 'menu_item']);

/**
 * Whether a node's GetRelationSet is asked; `parentRole` is its parent's role where known. In
 * gedit this spares 476 of 526 calls.
 */
export function wantsRelations(role: string, toolkit: ToolkitInfo | undefined, parentRole?: string): boolean {
  if (!isGtk(toolkit)) return true;
  return !GTK_RELATIONLESS_ROLES.has(role) && !(parentRole !== undefined && GTK_RELATIONLESS_INSIDE.has(parentRole));
}

/** Attributes repeated on every node that carry no meaning per node. */
const NOISE_ATTRIBUTES = new Set(['toolkit']);

export function cleanAttributes(attributes: Record<string, string>): Record<string, string> | undefined {
  const out: Record<string, string> = {};
  for (const [key, value] of Object.entries(attributes)) if (!NOISE_ATTRIBUTES.has(key)) out[key] = value;
  return Object.keys(out).length > 0 ? out : undefined;
}

const NAMED_BY_CONTENT = new Set(['push_button', 'toggle_button', 'radio_button', 'check_box', 'menu_item', 'page_tab', 'link', 'list_item', 'tree_item']);

/** Action names in one spelling across toolkits: GTK4 "Click", GTK3 "click", "Expand or contract" → "expand_or_contract". */
export function normalizeActionName(name: string): string {
  return name
    .trim()
    .toLowerCase()
    .replace(/[\s-]+/g, '_');
}

/**
 * The node's own actions. GTK4 (4.8) also lists every GAction reachable from the widget
 * ("clipboard.copy" on each label, "win.close" on the frame): those are application commands,
 * not actions of the node, and are left out.
 */
export function nodeActions(names: readonly string[], toolkit: ToolkitInfo | undefined): string[] {
  const own = isGtk4(toolkit) ? names.filter((name) => !name.includes('.')) : names;
  return own.map(normalizeActionName);
}

/** Roles of a window's own accessible: where a toolkit lists the window's commands. */
const WINDOW_ROLES = new Set(['frame', 'dialog', 'window', 'alert', 'file_chooser']);

/**
 * A window's commands: the GActions GTK 4 lists on its window accessible ("view.rename"). GTK
 * 4.8 lists only enabled actions that take no parameter (it runs them with none: a parameter
 * missing would be a GLib critical in the app); earlier GTK 4 releases are not trusted to.
 */
export function windowCommands(names: readonly string[], role: string, toolkit: ToolkitInfo | undefined): string[] {
  if (!WINDOW_ROLES.has(role) || !isGtk4(toolkit)) return [];
  const minor = Number(/^4\.(\d+)/.exec((toolkit as ToolkitInfo).version)?.[1] ?? 0);
  return minor >= 8 ? names.filter((name) => /^[\w-]+\.[\w.-]+$/.test(name)).sort() : [];
}

export function isNamedByContent(role: string): boolean {
  return NAMED_BY_CONTENT.has(role);
}

/**
 * A button left without a name (GTK4 "GtkButton" whose content is a label "π") takes the text of
 * its only labelled descendant, as a screen reader would announce it.
 */
export function nameFromContent(node: A11yNode): void {
  for (const child of node.children) nameFromContent(child);
  const name = contentName(node);
  if (name !== null) node.name = name;
}

/**
 * The same without changing `node`: unchanged subtrees are shared, named nodes and their
 * ancestors are copies (the incremental reader keeps the unnamed tree).
 */
export function namedFromContent(node: A11yNode): A11yNode {
  let changed = false;
  const children = node.children.map((child) => {
    const named = namedFromContent(child);
    if (named !== child) changed = true;
    return named;
  });
  const name = contentName(node);
  if (!changed && name === null) return node;
  return { ...node, name: name ?? node.name, children: changed ? children : node.children };
}

/** The name a nameless button takes from its only labelled descendant, or null. */
function contentName(node: A11yNode): string | null {
  if (node.name !== '' || !NAMED_BY_CONTENT.has(node.role)) return null;
  const labels: string[] = [];
  collectLabels(node, labels);
  return labels.length === 1 ? (labels[0] as string) : null;
}

function collectLabels(node: A11yNode, out: string[]): void {
  for (const child of node.children) {
    if (child.role === 'label' && child.name !== '') out.push(child.name);
    collectLabels(child, out);
  }
}
