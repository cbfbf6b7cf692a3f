/**
 * How we may talk to an application, decided by its toolkit (`Application` ToolkitName /
 * Version). The default is what libatspi and pyatspi send, which every bridge is tested with;
 * faster patterns are used only where the bridge is known to answer them (docs/toolkits.md).
 */
import type { KeptKind } from './keptSubtrees.js';
import type { ToolkitInfo } from './normalize.js';
import { isGtk, isQt } from './normalize.js';

export interface ToolkitPolicy {
  /**
   * `org.freedesktop.DBus.Properties.GetAll` (one call for Name, Description, ChildCount).
   * Qt's bridge (Qt 5 and 6, AtSpiAdaptor::handleMessage) reads a second argument of every
   * Properties call; GetAll has one, so Qt reads past its argument list and crashes (SIGSEGV in
   * QVariant::toString, measured on FeatherPad with Qt 5.15.8). libatspi never sends GetAll.
   */
  bulkProperties: boolean;
  /**
   * Unit of `EditableText.InsertText`'s length: ATK counts UTF-8 bytes, Qt resizes its QString
   * to it (UTF-16 units), so a byte count pads non-ASCII text with garbage characters.
   */
  insertLength: 'utf8_bytes' | 'utf16_units';
  /**
   * `Text.GetText` end offsets beyond the text: ATK clamps them; Qt's text widgets warn on
   * every such call (QTextCursor::setPosition out of range). Clamp to CharacterCount first.
   */
  clampTextRange: boolean;
  /**
   * Where a table's column headers are: leading children (GTK, Qt), or only behind
   * `Table.GetColumnHeader` (the Java ATK wrapper: a JTable's header is a sibling component).
   */
  columnHeaders: 'children' | 'table_calls';
  /**
   * Subtrees nobody sees, reused between reads while no event named them (keptSubtrees.ts):
   * LibreOffice's closed menus are 60% of a Calc window, gedit's closed popovers 61% of its
   * window, and every change re-reads it all. Only where the toolkit signals every change.
   */
  keepSubtrees: KeptKind | null;
  /**
   * How action names are asked. `complete`: `Action.GetActions` lists every action, named or not
   * (atk-bridge's action adaptor and GTK 4 build it from the same count as `NActions`), so an
   * empty or nameless list needs no asking again one by one. `partial`: GetActions, then
   * `NActions` and `GetName(i)` when it is empty (Chromium answers an empty list while it has
   * actions). `names`: only `NActions` and `GetName(i)`, as libatspi asks for a name: GetActions
   * makes atk-bridge fetch each action's description, localized name and key binding too, and
   * LibreOffice's ATK wrapper prints a warning for each of them (vcl atkaction.cxx: "Not
   * implemented: get_description()", "Unmapped KeyCode").
   */
  actionList: 'complete' | 'partial' | 'names';
  /**
   * `Component` calls in screen coordinates. GTK 4 has none (gtkatspicomponent.c): it answers
   * them in window coordinates and prints "Screen coordinates not supported, reported positions
   * will be wrong" to the app's stderr on every such call; window coordinates give the same
   * numbers silently.
   */
  screenCoordinates: boolean;
  /**
   * How a table's children are asked: listed (GetChildren), or one by one, skipping those that
   * gave nothing before (Qt counts children it does not give, and warns about each asked for:
   * missingChildren.ts).
   */
  tableChildren: 'list' | 'by_index';
  /**
   * An item view counts the rows of its model's top level, not of the branch it shows (Qt 5:
   * branchComboLists.ts): a combo box's list of a multi-column model is not asked for its children.
   */
  topLevelRowCounts: boolean;
  /**
   * Menu items are run from the keyboard (accelerator, else mnemonic path), not with DoAction:
   * GTK 3's `GtkMenuItemAccessible` runs an item of a closed menu in an unmapped menu shell and
   * the app prints `Gdk-CRITICAL` and `Gtk-CRITICAL` (docs/toolkits.md); so does LibreOffice's
   * gtk3 plugin, whose menu bar is a GTK 3 menu bar (read before the VCL one it mirrors). Qt and
   * the others run DoAction silently.
   */
  menuByKeys: boolean;
  /**
   * How a table row is chosen: `Table.AddRowSelection`, or (`cell`) a cell of the row through
   * `Selection` at once. The Java ATK wrapper answers AddRowSelection false and prints "It is
   * impossible to add row selection on AccessibleTable Java Object" to the app's stderr each time.
   */
  rowSelection: 'add_row' | 'cell';
  /**
   * A spin button's `Value` bounds (MinimumValue, MaximumValue) are asked. The Java ATK wrapper
   * throws a NullPointerException, its stack trace on the app's stderr, for a JSpinner whose model
   * has no bound (AccessibleJSpinner answers null), and answers 0: Freeplane's format panel has
   * four. Its current value is asked all the same.
   */
  spinButtonBounds: boolean;
  /**
   * A progress bar's `Value` is asked. Gecko answers it with an unset GValue for a meter that has
   * no value (Thunderbird's status bar while a draft is saved), before and while it says it is
   * indeterminate; at-spi2-atk's transform then prints `g_value_type_compatible` criticals.
   */
  progressBarValue: boolean;
  /**
   * A text component hands its text to the app's model only when it loses the keyboard focus:
   * Swing apps commit on `focusLost` (JabRef's entry editor stores a field then, and saves the
   * old value while the field keeps the focus). `EditableText.SetTextContents` moves no focus, so
   * the field takes it first, as a person's click does, and gives it back to the object that held
   * it once the text is in (linux/atspi/index.ts `setText`).
   */
  textCommitsOnFocusLoss: boolean;
  /**
   * `Cache.GetItems` is asked at the start of a full read, as a hint that spares calls
   * (cacheHints.ts). atk-bridge answers it by asking every object it caches for its state set,
   * and an application whose accessible has none makes it print criticals: AbiWord, once its
   * About dialog has opened, printed `atk_state_set_contains_state` (three) and `g_object_unref`
   * within 3 ms of each GetItems (6 of 6). So only toolkits with a cache of their own (GTK 4, Qt)
   * are asked; libatspi asks once per application at most, Orca's reads go object by object.
   */
  cacheHints: boolean;
  /**
   * `showing` changes without a state event (Gecko hides and shows a document's nodes as its
   * window is drawn or minimized): a few nodes are asked again after each read (showingWatch.ts).
   */
  silentShowing: boolean;
}

/**
 * Interfaces GTK 3 objects of a role always have, so that GetInterfaces need not be asked (the
 * GTK3 cache misses exactly these objects: 310 of gedit's 526). From GTK 3.24's accessibles:
 * GtkLabelAccessible (and GtkAccelLabel) adds Text and Hypertext to every widget's Component;
 * GtkListBoxRowAccessible and GtkFlowBoxChildAccessible add nothing; atk-bridge adds Collection.
 * Measured identical on every such object of gedit.
 */
const GTK3_ROLE_INTERFACES: Record<string, readonly string[]> = {
  label: ['Accessible', 'Collection', 'Component', 'Hypertext', 'Text'],
  list_item: ['Accessible', 'Collection', 'Component'],
};

/** The interfaces the role makes certain in this toolkit, or null (ask). */
export function interfacesByRole(role: string, toolkit: ToolkitInfo | undefined): string[] | null {
  // LibreOffice says "gtk" 3.x but its objects are VCL's ATK wrapper, not GTK's accessibles.
  if (!isGtk3(toolkit) || isLibreOffice(toolkit)) return null;
  return GTK3_ROLE_INTERFACES[role]?.map((name) => `org.a11y.atspi.${name}`) ?? null;
}

/** GTK3 (atk-bridge, libdbus "droute") and GTK4 (GDBus) implement GetAll. */
const FAST: ToolkitPolicy = {
  bulkProperties: true,
  insertLength: 'utf8_bytes',
  clampTextRange: false,
  columnHeaders: 'children',
  keepSubtrees: null,
  actionList: 'complete',
  screenCoordinates: true,
  tableChildren: 'list',
  topLevelRowCounts: false,
  menuByKeys: false,
  rowSelection: 'add_row',
  spinButtonBounds: true,
  progressBarValue: true,
  textCommitsOnFocusLoss: false,
  cacheHints: false,
  silentShowing: false,
};
/**
 * Anything else, and a toolkit not known yet: only the calls libatspi makes, action names one by
 * one among them (WebKitGTK's own AT-SPI server never answers `GetActions`: a read waited for it
 * until its deadline).
 */
const SAFE: ToolkitPolicy = {
  bulkProperties: false,
  insertLength: 'utf8_bytes',
  clampTextRange: true,
  columnHeaders: 'children',
  keepSubtrees: null,
  actionList: 'names',
  screenCoordinates: true,
  tableChildren: 'list',
  topLevelRowCounts: false,
  menuByKeys: false,
  rowSelection: 'add_row',
  spinButtonBounds: true,
  progressBarValue: true,
  textCommitsOnFocusLoss: false,
  cacheHints: false,
  silentShowing: false,
};
/** Qt answers `GetActions` (one call per node instead of 1 + n). */
const QT: ToolkitPolicy = { ...SAFE, insertLength: 'utf16_units', tableChildren: 'by_index', actionList: 'partial', cacheHints: true };
/** Qt 5 counts an item view's rows at its model's top level (Qt 6 counts those under the view's root). */
const QT5: ToolkitPolicy = { ...QT, topLevelRowCounts: true };
/**
 * Java Swing through libatk-wrapper-java: ATK under atk-bridge, but every call runs Java code
 * through JNI (docs/toolkits.md): libatspi's pattern only, column headers asked for, rows
 * chosen through a cell (rowSelection), no spin button's bounds (spinButtonBounds), and text
 * written with the focus handed over (textCommitsOnFocusLoss).
 */
const JAVA: ToolkitPolicy = {
  ...SAFE,
  columnHeaders: 'table_calls',
  rowSelection: 'cell',
  spinButtonBounds: false,
  textCommitsOnFocusLoss: true,
  // The ATK wrapper answers GetActions as atk-bridge builds it for any ATK toolkit.
  actionList: 'partial',
};
/**
 * Gecko (Firefox, Thunderbird) answers `GetActions` with one entry of three ";;" strings whatever
 * the action ("click", "clickAncestor", "check"), while `GetName(i)` names it: names one by one,
 * as libatspi and pyatspi ask. Its progress meters' Value is not asked (progressBarValue).
 */
const GECKO: ToolkitPolicy = { ...SAFE, progressBarValue: false, silentShowing: true };

/** Firefox and Thunderbird name their toolkit "Gecko". */
export function isGecko(toolkit: ToolkitInfo | undefined): boolean {
  return !!toolkit && /^gecko$/i.test(toolkit.name);
}

export function isGtk3(toolkit: ToolkitInfo | undefined): boolean {
  return isGtk(toolkit) && /^3\./.test(toolkit?.version ?? '');
}

/**
 * LibreOffice (VCL gtk3 plugin) reports ToolkitName "gtk" and GTK's version, and atk-bridge
 * answers the D-Bus side (GetAll is safe), but its objects are VCL's own ATK wrapper: a
 * `Text.GetText` end past the text returns "" instead of clamping (a Calc cell showing "42" read
 * as empty), so ranges are clamped as for unknown toolkits. Its menu bars are GTK menus that
 * report every change: closed menus are kept between reads. Action names are asked one by one:
 * its ATK wrapper warns about every action description GetActions would fetch. Its menu items
 * are run by their keys: its menu bar is GTK 3's, whose DoAction on a closed menu prints criticals.
 */
const LIBREOFFICE: ToolkitPolicy = {
  ...FAST,
  clampTextRange: true,
  keepSubtrees: 'closed_menus',
  actionList: 'names',
  menuByKeys: true,
  cacheHints: false,
};
/**
 * GTK 3's accessibles signal every change of what a kept subtree holds (map/unmap as `showing`,
 * names, text, states, children added and removed), and its `Cache.GetItems` misses exactly the
 * objects of closed popovers: hidden subtrees are kept between reads. GTK 4's cache lists every
 * object already.
 */
const GTK3: ToolkitPolicy = { ...FAST, keepSubtrees: 'hidden', menuByKeys: true, cacheHints: false };
const GTK4: ToolkitPolicy = { ...FAST, screenCoordinates: false, cacheHints: true };

/** LibreOffice's process registers as "soffice" (older builds "soffice.bin"), whatever its VCL plugin. */
export function isLibreOffice(toolkit: ToolkitInfo | undefined): boolean {
  return !!toolkit && /^(soffice|libreoffice)/i.test(toolkit.application ?? '');
}

export { isQt };

/** The Java ATK wrapper names itself "J2SE-access-bridge" (java-atk-wrapper 0.40). */
export function isJava(toolkit: ToolkitInfo | undefined): boolean {
  return !!toolkit && /^J2SE-access-bridge$|java/i.test(toolkit.name);
}

/** Asked several times per node: decided once per toolkit (its regular expressions cost a first read ~9 ms). */
const decided = new WeakMap<ToolkitInfo, ToolkitPolicy>();

export function policyFor(toolkit: ToolkitInfo | undefined): ToolkitPolicy {
  if (!toolkit) return SAFE;
  let policy = decided.get(toolkit);
  if (!policy) decided.set(toolkit, (policy = decide(toolkit)));
  return policy;
}

function decide(toolkit: ToolkitInfo): ToolkitPolicy {
  if (isLibreOffice(toolkit)) return isGtk(toolkit) ? LIBREOFFICE : SAFE;
  if (isGtk3(toolkit)) return GTK3;
  if (isGtk(toolkit)) return /^4\./.test(toolkit.version) ? GTK4 : FAST;
  if (isQt(toolkit)) return /^5\./.test(toolkit.version) ? QT5 : QT;
  if (isJava(toolkit)) return JAVA;
  if (isGecko(toolkit)) return GECKO;
  return SAFE;
}

/** The `length` argument of InsertText for `text` in this toolkit's unit. */
export function insertLength(text: string, toolkit: ToolkitInfo | undefined): number {
  return policyFor(toolkit).insertLength === 'utf16_units' ? text.length : Buffer.byteLength(text, 'utf8');
}
