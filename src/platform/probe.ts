/**
 * The platform probe: what the bridge needs from an operating system (or a simulated app, or a
 * recorded fixture). Linux implements it with X11 + AT-SPI, Windows with node-window-manager + UI
 * Automation, macOS with node-window-manager + AX; the demo app and the fixture player implement
 * it in memory. Nothing above `src/platform/` imports platform code: only this interface.
 *
 * Topology (applications, windows, owners, modality) and content (accessibility trees) come from
 * separate calls because on every platform they come from separate sources (X11 vs AT-SPI, HWND
 * vs UIA, CGWindow vs AX), each with its own speed and failure modes. Applications and windows
 * come from one call: they are one reading of the desktop (a window names its app by key).
 *
 * Every probe is opened the same way: `openXxxProbe(options)` resolves to the probe
 * (`ProbeFactory`): openLinuxProbe, openWaylandProbe, openWin32Probe, openDarwinProbe,
 * openDemoProbe, openFixtureProbe.
 */

export interface Rect {
  x: number;
  y: number;
  width: number;
  height: number;
}

/** An application-level command the toolkit exposes (GTK GAction, a menu-bar command). */
export interface AppActionInfo {
  name: string;
  label?: string;
  enabled: boolean;
}

export interface AppInfo {
  /** Stable for the life of this application instance inside one probe (bus name, pid, …). */
  key: string;
  /** Application id: GTK application id, WM class, bundle id or executable name. */
  id: string;
  /** Human-readable application name. */
  name: string;
  pid: number | null;
  actions: AppActionInfo[];
}

export type WindowType = 'normal' | 'dialog' | 'utility' | 'splash' | 'other';

export interface NativeWindow {
  /** The platform's own id (X11 window id "0x3a00007", HWND, CGWindowID, demo id). */
  nativeId: string;
  /** Key of the owning application (`AppInfo.key`). */
  appKey: string;
  pid: number | null;
  title: string;
  /** The window this one is attached to (WM_TRANSIENT_FOR, GetWindow(GW_OWNER), sheet parent). */
  ownerNativeId: string | null;
  modal: boolean;
  active: boolean;
  fullscreen: boolean;
  bounds: Rect | null;
  windowType: WindowType;
  /** WM class, window class name or AX subrole, when the platform has one. */
  className?: string;
}

export interface A11yRelation {
  /** snake_case relation name: labelled_by, label_for, error_message, error_for, described_by, … */
  type: string;
  /** `ref`s of the related nodes. */
  targets: string[];
}

/**
 * A platform-neutral accessibility node. Role and state names follow AT-SPI's vocabulary in
 * snake_case (push_button, password_text, table_cell; showing, checked, editable), because it is
 * the richest of the three; UIA control types and AX roles are mapped onto it by their probes.
 */
export interface A11yNode {
  /** Opaque handle the probe's primitives accept (e.g. AT-SPI "bus:path"). */
  ref: string;
  role: string;
  name: string;
  description?: string;
  /**
   * Text content or current value. For `sensitive` nodes the probe never reads the real text:
   * it is '' when empty and `SENSITIVE_MASK` otherwise.
   */
  value?: string;
  /** A password-like node whose text is never read (P-SENS-1). */
  sensitive?: boolean;
  states: string[];
  attributes?: Record<string, string>;
  relations?: A11yRelation[];
  /** Named actions the node offers ("click", "activate", "toggle", …). */
  actions?: string[];
  bounds?: Rect;
  /**
   * The toolkit lays the node out with no width or height: nothing of it is on screen although it
   * is `visible` (GTK 4 keeps closed revealers, hidden info bars and inactive stack pages
   * `visible` and never sets `showing` below the window).
   */
  zeroSize?: boolean;
  /**
   * An editor an item view opened over one of its items (an inline rename, a cell being edited),
   * found by its focus event rather than by the walk: the item takes its text only once the
   * editor is confirmed, as Enter does.
   */
  itemEditor?: boolean;
  /**
   * A window's named commands (GTK 4 lists on its window the enabled, parameterless actions of
   * the window's and views' action groups: `view.rename`, `win.new-tab`), run with `doAction`.
   */
  commands?: string[];
  children: A11yNode[];
  /** The real number of children when `children` holds fewer (budget cut or lazy container). */
  childCount?: number;
}

/** What a masked sensitive value looks like everywhere (P-SENS-1). */
export const SENSITIVE_MASK = '••••••';

/** A node whose text is never read nor shown in clear: marked sensitive, or a password field (P-SENS-1). */
export function isSecretNode(node: Pick<A11yNode, 'sensitive' | 'role'>): boolean {
  return node.sensitive === true || node.role === 'password_text';
}

/** The only values a secret node may carry: none, empty, or the mask. */
export function isSafeSecretValue(value: string | undefined): boolean {
  return value === undefined || value === '' || value === SENSITIVE_MASK;
}

export interface TreeBudget {
  maxNodes: number;
  maxDepth: number;
  /** Per-application deadline: one hung app must never stall the others. */
  deadlineMs: number;
}

export interface WindowTree {
  root: A11yNode;
  nodeCount: number;
  /** True when a budget cut the tree; `childCount` marks where. */
  truncated: boolean;
  /** Problems the translator should surface as warn notices (timeouts, lost bus). */
  warnings: string[];
  /**
   * True when the application did not answer in time or the read failed (not a node budget):
   * a later read may be complete, so the bridge reads the window again a bounded number of times.
   */
  incomplete?: boolean;
}

/** Key input: exact text, or chords such as "ctrl+shift+s", "Return", "alt+F4". */
export type KeyInput = { text: string } | { keys: string[] };

/** A change's causes went past what a probe lists (ProbeChange `causes`). */
export const CAUSES_OVERFLOW = '…';

export type ProbeChange =
  /** Windows may have appeared, disappeared or changed title/owner/modality/activity. */
  | { kind: 'windows' }
  /**
   * These windows' content may have changed. `causes`, where the probe can tell: for each window,
   * what announced the change, as opaque keys (the same object announcing the same kind of change
   * gives the same key; `CAUSES_OVERFLOW` stands for more than were listed). The bridge tells an
   * application reacting to its own reads from other changes by them (pacing.ts).
   */
  | { kind: 'content'; nativeIds: string[]; causes?: Readonly<Record<string, readonly string[]>> }
  /** Applications or their app-level actions changed. */
  | { kind: 'apps' }
  /** The platform connection was lost or restored; `message` says which, for logs and notices. */
  | { kind: 'health'; ok: boolean; message: string };

export interface SetTextOptions {
  /**
   * Where the keyboard focus goes once the text is in, for a toolkit that commits text on focus
   * loss: the object that holds the focus now, else the one a Tab would reach. Ignored elsewhere.
   */
  focusAfter?: string;
}

/** The primitives actions may use. Operability is enforced above, never by the platform. */
export interface ActionPrimitives {
  /** Runs a named action of a node (AT-SPI DoAction, UIA Invoke/Toggle/ExpandCollapse, AXPress). */
  doAction(ref: string, action: string): Promise<void>;
  /**
   * The key chords that run a menu item when its toolkit must not run it with `doAction` (GTK 3
   * prints criticals for an item of a closed menu); null or absent: `doAction` is the route; empty:
   * such a toolkit, an item with no key route (its menus are opened first, then `doAction`).
   */
  menuKeys?(ref: string): Promise<string[] | null>;
  /**
   * Replaces the whole text of an editable node. Resolves `'typed'` when the platform typed it
   * in as a user does (the node has no editable-text interface), so writes can say their route;
   * `'committed'` when it also moved the focus away so that the app took the text (a toolkit that
   * commits text on focus loss): the app may then change more than the field (a table showing the
   * entry), and the write waits for the window to settle.
   */
  setText(ref: string, text: string, options?: SetTextOptions): Promise<void | 'typed' | 'committed'>;
  /** Inserts text at a character offset (end when omitted). */
  insertText(ref: string, text: string, offset?: number): Promise<void>;
  /** Sets a numeric value (spin buttons, sliders). */
  setValue(ref: string, value: number): Promise<void>;
  /** Selects an item (list item, row, combo option, tab) inside its container. */
  select(ref: string): Promise<void>;
  /** Moves keyboard focus to a node. */
  focus(ref: string): Promise<void>;
  /** Pointer click at the node's centre: the last resort when no action exists. */
  click(ref: string): Promise<void>;
  /** Pointer double-click at the node's centre: what opens an item where no action does. */
  doubleClick?(ref: string): Promise<void>;
  /** Reads `limit` children of a node from `offset` (large tables and lists, P-BLK-7). */
  readChildren(ref: string, offset: number, limit: number): Promise<A11yNode[]>;
  /** Reads the full text of a text node (the tree may carry a shortened one). */
  readText(ref: string): Promise<string>;
  activateWindow(nativeId: string): Promise<void>;
  closeWindow(nativeId: string): Promise<void>;
  sendKeys(nativeId: string, input: KeyInput): Promise<void>;
  /** Runs an application-level action (`AppInfo.actions`). */
  doAppAction(appKey: string, name: string): Promise<void>;
  /** PNG bytes of a window, when the platform can capture. */
  capture?(nativeId: string): Promise<Buffer>;
  /**
   * A pointer click at a point of the window's picture (`capture`'s pixels, origin at its top
   * left), the window brought forward first: for what only pixels show (text read by OCR).
   */
  clickAt?(nativeId: string, point: { x: number; y: number }): Promise<void>;
}

/** One reading of the desktop: its applications and their windows, consistent with each other. */
export interface DesktopTopology {
  apps: AppInfo[];
  windows: NativeWindow[];
}

export interface TreeReadRequest {
  /**
   * Read the whole window again, not only what the change feed saw touched since the last read:
   * the bridge looks again after an action, because an app may change more than its events say.
   */
  fresh?: boolean;
}

export interface Probe extends ActionPrimitives {
  /** "linux", "win32", "darwin", "demo", "fixture". */
  readonly platform: string;
  /** Milliseconds to wait for an event storm to settle before re-reading (0 = none). */
  readonly settleMs: number;
  /** Applications and windows, read together (every window's `appKey` is in `apps`, or out of scope). */
  readTopology(): Promise<DesktopTopology>;
  readTree(nativeId: string, budget: TreeBudget, options?: TreeReadRequest): Promise<WindowTree>;
  /**
   * Screen extents of a few nodes, in the coordinates of `NativeWindow.bounds` (null for a node
   * that has none or is gone): trees carry no positions, text from pixels needs a few.
   */
  readBounds?(refs: readonly string[]): Promise<Array<Rect | null>>;
  /** The change feed; returns the unsubscribe function. */
  subscribe(listener: (change: ProbeChange) => void): () => void;
  close(): Promise<void>;
}

/** The one shape of every probe factory: options in, an open probe out. */
export type ProbeFactory<Options, P extends Probe = Probe> = (options?: Options) => Promise<P>;

export const DEFAULT_TREE_BUDGET: TreeBudget = { maxNodes: 5000, maxDepth: 64, deadlineMs: 3000 };

/**
 * Root attributes of a window whose content cannot be read (no accessibility helper, permission
 * missing, helper crashed): its tree is a root without children carrying these attributes, the
 * reason travels in `WindowTree.warnings`, and the window-only translator offers title, screenshot
 * and keyboard input instead of content.
 */
export const WINDOW_ONLY = {
  /** Attribute name; its value is `'window-only'`. */
  mode: 'content-mode',
  value: 'window-only',
  /**
   * Value 'true' while the content is expected soon (its accessible has not appeared yet): tools
   * that open the window wait for it to become readable, within their deadline.
   */
  pending: 'content-pending',
} as const;

/**
 * Root attribute of a window that cannot receive key input (a Wayland compositor without a
 * virtual keyboard): translators then offer no key tools rather than tools that fail.
 */
export const NO_KEYBOARD = { attribute: 'keyboard-input', value: 'none' } as const;

/**
 * Attribute of a node another process embeds in the window (WebKitGTK's web content under an
 * AtkSocket): its toolkit's states follow rules of their own (translate/kit/visibility.ts).
 */
export const EMBEDDED = { key: 'embedded', value: 'process' } as const;

/**
 * Attributes of a view that creates its items only near the screen (`items_at_least`…): the ref
 * of the node whose Value scrolls it (settable with ActionPrimitives.setValue), and where items
 * sit in the scrolled content: pixels from one row of items to the next, the first row's offset,
 * items per row. Item i sits at content offset first + ⌊i / columns⌋ × pitch.
 */
export const SCROLL_BY = { key: 'scroll_by', pitch: 'scroll_pitch', first: 'scroll_first', columns: 'scroll_columns' } as const;

/**
 * Attribute of a list whose items the probe does not ask for, because its toolkit miscounts them
 * and warns about each one it lacks (a Qt 5 combo box listing a branch of a tree model:
 * linux/atspi/branchComboLists.ts): its options are unknown, not absent.
 */
export const ITEMS_UNREAD = { key: 'items', value: 'unread' } as const;

/** Whether a tree is a window-only root: the window's picture is all there is to see of it. */
export function isWindowOnly(root: Pick<A11yNode, 'attributes'>): boolean {
  return root.attributes?.[WINDOW_ONLY.mode] === WINDOW_ONLY.value;
}

export function acceptsKeys(root: Pick<A11yNode, 'attributes'>): boolean {
  return root.attributes?.[NO_KEYBOARD.attribute] !== NO_KEYBOARD.value;
}
