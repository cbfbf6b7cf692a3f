/**
 * What the applications of a live desktop complained about: GLib criticals and warnings in the
 * logs the desktop keeps of each app's stdout and stderr (logs/app-N-NAME.log). An app that
 * prints `Gtk-CRITICAL` while the bridge operates it was driven down a path its toolkit does not
 * expect (an accessible asked after its widget died, a menu item run while its menu is closed):
 * a live test that operates apps asserts they printed none.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { DesktopHandle } from '../../../src/platform/linux/desktop/index.js';
import { desktopPaths } from '../../../src/platform/linux/desktop/state.js';

export interface AppComplaint {
  /** The log file: app-N-NAME.log. */
  log: string;
  /** The GLib log domain and level, e.g. "Gtk-CRITICAL". */
  kind: string;
  message: string;
}

/**
 * "(mousepad:17830): Gdk-CRITICAL **: 06:01:16.194: gdk_window_get_window_type: assertion …", and
 * GLib's form for a message with no log domain: "** (nautilus:812): WARNING **: 06:01:16.194: …".
 */
const GLIB_MESSAGE = /^(?:\*\* )?\(([^():]+):\d+\): (?:([\w.-]+)-)?(CRITICAL|WARNING) \*\*: (?:\d\d:\d\d:\d\d\.\d+: )?(.*)$/;

/**
 * Messages the private desktop causes, not the bridge, each with the reason it is not a fault:
 * - the desktop runs no udisks2 volume monitor (no system bus daemons), so GIO says so the first
 *   time an app lists volumes (every GTK file chooser's places sidebar does, keyboard-opened too);
 */
export const DESKTOP_MESSAGES: RegExp[] = [
  /^remote volume monitor with dbus name org\.gtk\.vfs\.UDisks2VolumeMonitor is not supported$/,
  // - the home folder has no GTK bookmarks file (~/.gtk-bookmarks): Nautilus looks for one at start-up.
  /^Unable to get contents of the bookmarks file: Error opening file \S+\/\.gtk-bookmarks: No such file or directory$/,
  // - the tests run offline: GNOME Calculator fetches currency rates at start-up and cannot resolve the hosts.
  /^currency-provider\.vala:\d+: Couldn't download \w+ currency rate file: Error resolving .*: Name or service not known$/,
];

/**
 * Messages an application prints on its own, with no bridge on the desktop, by program name (the
 * NAME of app-N-NAME.log). Each was measured with the keyboard alone (xdotool) and no AT-SPI
 * client, or one that only listens where noted, on a loaded machine (bench/app-noise.ts):
 * - GNOME Calculator 43 draws its unit converter before allocating it when Advanced mode first
 *   shows: "Trying to snapshot MathConverter", in 4 of 13 runs by the mode menu with the mouse
 *   and no AT-SPI client, 6 of 13 with the bridge reading, 6 of 13 by its switch_mode tool, two
 *   CPU hogs beside it (bench/calculator-mode-noise.ts);
 * - Gnumeric 1.12 asks GTK 3 for the tab label of a sheet page it has removed as a file opens over
 *   its empty workbook, as soon as any AT-SPI client listens to events: a pyatspi process that
 *   registers for the bridge's events and makes no call at all brought it in 3 of 3 keyboard-only
 *   opens, as did each of three disjoint sets of those events; with no client, 0 of 3
 *   (bench/gnumeric-open-noise.ts). No call of the bridge's provokes it, and no client can stay
 *   current without listening;
 * - AbiWord 3.0.5 draws with a style context it has not made yet while its Save As dialog opens
 *   on a busy machine: gtk_render_background and gtk_render_frame criticals, together, in 3 of 8
 *   keyboard-only Save As runs with two CPU hogs beside it.
 */
export const APP_OWN_MESSAGES: Record<string, RegExp[]> = {
  // FocusWriter 1.8.4 (Qt 6) focuses widgets at start-up that it destroys at once; a client that
  // asks anything about the focused object on its focus event (as a screen reader does) is
  // answered after the object died, and Qt's AT-SPI adaptor prints this. Measured: FocusWriter
  // started on a text beside a pyatspi listener that reads each focused object's role and name,
  // no bridge: 3 of 3 runs (with Qt messages as test/live/tasks/qtAppLaunch.ts prints them).
  focuswriter: [
    /^qt\.accessibility\.atspi: WARNING Qt AtSpiAdaptor: Accessible invalid: +QAccessibleInterface\(0x[0-9a-f]+ invalid\) "\/org\/a11y\/atspi\/accessible\/\d+"$/,
  ],
  abiword: [/^gtk_render_(?:background|frame): assertion 'GTK_IS_STYLE_CONTEXT \(context\)' failed$/],
  // java-atk-wrapper 0.38, in any Swing app (the program is `java`): any AT-SPI reader causes
  // these. A pyatspi dump of jEdit's window alone (no bridge on the desktop, keys by xdotool)
  // printed both; the same keyboard-only task with no AT-SPI client printed neither. The wrapper
  // found no accessible for a parent or a relation's target and answered none.
  java: [/^didn't find parent, returning null$/, /^jaw_object_ref_relation_set: target_obj == NULL occurs$/],
  // GNOME Text Editor 43.2 prints both at start-up, before any key: its open popover's template
  // names a type not registered yet. Measured: opened on a file, a line typed, Save As by
  // Ctrl+Shift+S, a path typed, Return, by XTEST alone with no AT-SPI client: 3 of 3 runs.
  'gnome-text-editor': [
    /^Error building template class 'EditorOpenPopover' for an instance of type 'EditorOpenPopover': .*Invalid type 'EditorSidebarModel'$/,
    /^gtk_widget_add_controller: assertion 'GTK_IS_WIDGET \(widget\)' failed$/,
  ],
  // Nautilus 43.2 (GTK 4.8), measured with a new window on a folder and Shift+Tab by XTEST alone,
  // no AT-SPI client: gtk_widget_is_ancestor when Shift+Tab moves the keyboard focus from the
  // path bar to the files view (11 of 11 runs); at start-up, right after it finds no bookmarks
  // file, g_file_get_uri and g_str_has_prefix on a missing location, together (2 of 8 runs, the
  // machine loaded by other live tests).
  nautilus: [
    /^gtk_widget_is_ancestor: assertion 'GTK_IS_WIDGET \(widget\)' failed$/,
    /^g_file_get_uri: assertion 'G_IS_FILE \(file\)' failed$/,
    /^g_str_has_prefix: assertion 'str != NULL' failed$/,
  ],
  // GNOME Calculator 43: each change of a setting, made with the keyboard alone (xdotool: Tab to
  // a switch, space; no AT-SPI client on the desktop), prints this once (adwPreferences.test.ts).
  // Printed whenever any AT-SPI client listens to events: see the comment above.
  gnumeric: [/^gtk_notebook_get_tab_label: assertion 'list != NULL' failed$/],
  'gnome-calculator': [
    /^history_view_set_serializer: assertion 'self != NULL' failed$/,
    /^Trying to snapshot MathConverter 0x[0-9a-f]+ without a current allocation$/,
  ],
  // Thunderbird 153 ESR (GTK 3), as a compose window closes: gtk_container_check_resize, then
  // gtk_widget_get_window, as the window goes. bench/thunderbird-close-noise.ts: a
  // message opened by Ctrl+N, saved, its window closed by _NET_CLOSE_WINDOW (what the close tool
  // asks), 100 times on each of two desktops with two CPU hogs: 11 pairs with no AT-SPI client at
  // all, 10 with the bridge serving. By Ctrl+W, no client: 1 in 150 (xdotool).
  thunderbird: [
    /^gtk_container_check_resize: assertion 'GTK_IS_CONTAINER \(container\)' failed$/,
    /^gtk_widget_get_window: assertion 'GTK_IS_WIDGET \(widget\)' failed$/,
  ],
};

/**
 * A Qt accessibility class's own warning, printed plain: "QAccessibleTable::child: Invalid index at:
 * 1 0". An app that installs its own Qt message handler (DB Browser for SQLite shows Qt's messages
 * in its Error Log) prints them without the GLib form the tasks ask Qt for (qtAppLaunch.ts); these
 * are the warnings an accessibility client's calls cause, so they count as Qt warnings. Shaped as
 * a GLIB_MESSAGE match: [line, program, domain, level, message].
 */
function qtAccessibilityWarning(line: string, log: string): string[] | null {
  return /^QAccessible\w*::\w+: /.test(line) ? [line, programOf(log), 'Qt', 'WARNING', line] : null;
}

/** The program name of a desktop app log: app-1-abiword.log → abiword. */
const programOf = (log: string) => /^app-\d+-(.+)\.log$/.exec(log)?.[1] ?? '';

/** Every critical and warning the desktop's apps printed so far (all but the desktop's own). */
export function appComplaints(
  desktop: DesktopHandle,
  ignore: RegExp[] = DESKTOP_MESSAGES,
  appOwn: Record<string, RegExp[]> = APP_OWN_MESSAGES,
): AppComplaint[] {
  const dir = desktopPaths(desktop.state.dir).logs;
  const complaints: AppComplaint[] = [];
  for (const log of readdirSync(dir).filter((f) => /^app-.*\.log$/.test(f))) {
    for (const line of readFileSync(join(dir, log), 'utf8').split('\n')) {
      const match = GLIB_MESSAGE.exec(line.trim()) ?? qtAccessibilityWarning(line.trim(), log);
      if (!match) continue;
      const [, program, domain, level, message] = match as unknown as [string, string, string | undefined, string, string];
      const kind = domain ? `${domain}-${level}` : level;
      // An app started through `env` (its own TMPDIR) logs to app-N-env.log: its lines name it.
      const own = [...(appOwn[programOf(log)] ?? []), ...(appOwn[program] ?? [])];
      if (![...ignore, ...own].some((pattern) => pattern.test(message))) complaints.push({ log, kind, message });
    }
  }
  return complaints;
}

/** Throws, listing them, when an app printed a critical or a warning. */
export function expectAppsQuiet(desktop: DesktopHandle, ignore?: RegExp[]): void {
  const complaints = appComplaints(desktop, ignore);
  if (complaints.length === 0) return;
  const lines = complaints.map((c) => `  ${c.log}: ${c.kind}: ${c.message}`);
  throw new Error(`the apps printed ${complaints.length} critical(s)/warning(s):\n${lines.join('\n')}`);
}
