/**
 * What a GTK3 file chooser dialog shows, read from its tree: save or open mode, the current
 * folder (from the path bar: the checked button and the buttons toward the root; a GTK 4 dialog's
 * only when its path starts at the root), the Name entry, the Location entry, the files table and the places. Labels and
 * tables come from the generic reading, so names agree with the generic actions offered beside
 * ours (select, load_rows). Memoised per tree root: translate, `input` and `available` read the
 * same tree.
 */
import { findAll, findFirst, hasState, readGeneric, readOnce, readWindow } from '../../src/sdk/translate.js';
import type { A11yNode, Button, Collection, Field, GenericReading } from '../../src/sdk/translate.js';

export type ChooserMode = 'save' | 'open';

export interface ChooserReading {
  mode: ChooserMode;
  /** Absolute path of the folder shown, when the path bar shows one. */
  folder: string | null;
  /** The selected place when no folder is shown ("Recent", "Other Locations"). */
  place: string | null;
  /** The file name entry (save mode). */
  name?: Field;
  /** The location entry, when shown (open mode, after show_location). */
  location?: Field;
  /** The node offering the `show_location` action (GtkFileChooserWidget). */
  widget?: A11yNode;
  /** Whether the folder shown can be read (GTK 3's path bar; GTK 4's names neither root nor home). */
  readsFolder: boolean;
  accept?: { node: A11yNode; label: string };
  cancel?: A11yNode;
  files?: Collection;
  places: Collection | undefined;
  /** Further fields of the dialog (file type filter, the app's extra widgets). */
  extras: Field[];
}

const ROOT_BUTTON = 'File System Root';
const CANCEL_LABELS = new Set(['Cancel', '_Cancel']);

/** How deep GTK 4 puts its file chooser widget in its dialog (dialog, box, content area, widget). */
const GTK4_WIDGET_DEPTH = 3;

/**
 * GTK 3's dialog is the file chooser; GTK 4's dialog holds the chooser widget a few levels down
 * (the probe gives it GTK 3's role). An app's main window that embeds one is not a chooser.
 */
export function isFileChooser(root: A11yNode): boolean {
  if (root.role === 'file_chooser') return true;
  if (root.role === 'frame') return false;
  const holds = (node: A11yNode, depth: number): boolean => node.children.some((c) => c.role === 'file_chooser' || (depth > 1 && holds(c, depth - 1)));
  return holds(root, GTK4_WIDGET_DEPTH);
}

export const readChooser: (root: A11yNode) => ChooserReading = readOnce(buildReading);

/** The translator's reading: the chooser's (absent on the replace question) and the generic one. */
export interface ChooserWindow extends GenericReading {
  chooser?: ChooserReading;
}

export function readChooserWindow(root: A11yNode): ChooserWindow {
  return { ...readGeneric(root), ...(isFileChooser(root) ? { chooser: readChooser(root) } : {}) };
}

function buildReading(root: A11yNode): ChooserReading {
  const generic = readWindow(root);
  const name = generic.fields.find((f) => f.kind === 'text' && f.label === 'Name');
  const location = generic.fields.find((f) => f.kind === 'text' && f.label === 'Location');
  const files = generic.collections.find((c) => c.node.role === 'table' && c.label === 'Files');
  const places = generic.collections.find((c) => c.label === 'Places');
  const bar = pathBar(root);
  const folder = bar ? folderOf(bar, location !== undefined) : gtk4Folder(root);
  const widget = findFirst(root, (n) => (n.actions ?? []).includes('show_location'));
  const cancel = findAll(root, isShownButton).find((b) => CANCEL_LABELS.has(b.name)) ?? generic.buttons.find((b) => CANCEL_LABELS.has(b.label))?.node;
  return {
    mode: name ? 'save' : 'open',
    folder,
    // GTK 3's header shows the path bar or the location entry (then only the entry is exposed).
    readsFolder: bar !== undefined || widget !== undefined,
    place: folder === null ? (places?.options.find((o) => o.selected)?.label ?? null) : null,
    ...(name ? { name } : {}),
    ...(location ? { location } : {}),
    ...optional('widget', widget),
    ...optional('accept', acceptButton(root) ?? besideCancel(root, generic.buttons, cancel)),
    ...optional('cancel', cancel),
    ...(files ? { files } : {}),
    places,
    extras: generic.fields.filter((f) => f !== name && f !== location && f.kind !== 'display'),
  };
}

function optional<K extends string, V>(key: K, value: V | undefined): { [P in K]?: V } {
  return (value === undefined ? {} : { [key]: value }) as { [P in K]?: V };
}

const isShownButton = (n: A11yNode) => n.role === 'push_button' && hasState(n, 'showing');

/** The dialog's default button (Save, Open, OK, Select), named as shown. */
function acceptButton(root: A11yNode): { node: A11yNode; label: string } | undefined {
  const node = findAll(root, isShownButton).find((b) => hasState(b, 'is_default') && !CANCEL_LABELS.has(b.name));
  return node ? { node, label: node.name.replace(/_/g, '') } : undefined;
}

/**
 * GTK 4 marks no button as the default (no `is_default` state) nor as `showing`: the accept
 * button is the one beside Cancel, as the dialog lays them out (Cancel, then Save or Open).
 */
function besideCancel(root: A11yNode, buttons: Button[], cancel: A11yNode | undefined): { node: A11yNode; label: string } | undefined {
  if (!cancel) return undefined;
  const row = findFirst(root, (n) => n.children.includes(cancel));
  const accept = buttons.find((b) => b.node !== cancel && row?.children.includes(b.node));
  return accept ? { node: accept.node, label: accept.label } : undefined;
}

/** GTK 3's path bar: the node holding the "Up Path" button. */
const pathBar = (root: A11yNode) => findFirst(root, (n) => n.children.some((c) => c.role === 'push_button' && c.name === 'Up Path'));

/**
 * The path bar lists its buttons from the deepest folder to the root; the checked one is the
 * folder shown, the ones after it lead to the root. It is hidden when a place such as Recent is
 * shown (no folder then) and while the location entry replaces it (it still follows the folder).
 */
function folderOf(bar: A11yNode, locationShown: boolean): string | null {
  if (!(hasState(bar, 'showing') || locationShown)) return null;
  const buttons = bar.children.filter((c) => c.role === 'toggle_button');
  const current = buttons.findIndex((b) => hasState(b, 'checked'));
  if (current < 0) return null;
  const chain = buttons.slice(current).map((b) => b.name);
  if (chain[chain.length - 1] !== ROOT_BUTTON) return chain.reverse().join('/');
  return `/${chain.slice(0, -1).reverse().join('/')}`;
}

/**
 * GTK 4's path bar (4.8): its folder buttons between two scroll arrows (unnamed, childless
 * buttons), the folder shown `pressed`. The root button shows an icon only; the home and desktop
 * buttons show an icon and a name that does not say where they are (the home folder's own name),
 * so the folder is read only when the buttons start at the root and none up to the shown one is
 * scrolled away.
 */
function gtk4Folder(root: A11yNode): string | null {
  const bar = findFirst(root, isGtk4PathBar);
  if (!bar) return null;
  const buttons = bar.children.slice(1, -1);
  const chain = buttons.slice(0, buttons.findIndex((b) => hasState(b, 'pressed')) + 1);
  const [first, ...rest] = chain;
  const rootButton = first && first.name === '' && first.children.length > 0 && first.children.every((c) => c.role === 'image');
  if (!rootButton || !chain.every((b) => hasState(b, 'visible'))) return null;
  if (rest.some((b) => b.name === '')) return null;
  return `/${rest.map((b) => b.name).join('/')}`;
}

function isGtk4PathBar(node: A11yNode): boolean {
  const kids = node.children;
  if (kids.length < 3 || !kids.every((c) => c.role === 'push_button')) return false;
  const arrow = (b: A11yNode | undefined) => !!b && b.name === '' && b.children.length === 0;
  return arrow(kids[0]) && arrow(kids[kids.length - 1]) && kids.some((c) => hasState(c, 'pressed'));
}

/** "/a/b/" and "/a/b" name the same folder. */
export function sameFolder(a: string | null, b: string): boolean {
  const trim = (p: string) => (p.length > 1 ? p.replace(/\/+$/, '') : p);
  return a !== null && trim(a) === trim(b);
}
