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

/** "(mousepad:17830): Gdk-CRITICAL **: 06:01:16.194: gdk_window_get_window_type: assertion …". */
const GLIB_MESSAGE = /^\([^():]+:\d+\): ([\w.-]+-(?:CRITICAL|WARNING)) \*\*: (?:\d\d:\d\d:\d\d\.\d+: )?(.*)$/;

/**
 * Messages the private desktop causes, not the bridge, each with the reason it is not a fault:
 * - the desktop runs no udisks2 volume monitor (no system bus daemons), so GIO says so the first
 *   time an app lists volumes (every GTK file chooser's places sidebar does, keyboard-opened too).
 */
export const DESKTOP_MESSAGES: RegExp[] = [/^remote volume monitor with dbus name org\.gtk\.vfs\.UDisks2VolumeMonitor is not supported$/];

/**
 * Messages an application prints on its own, with no bridge on the desktop, by program name (the
 * NAME of app-N-NAME.log). Each was measured with the keyboard alone (xdotool) and no AT-SPI
 * client, on a loaded machine (bench/app-noise.ts):
 * - AbiWord 3.0.5 draws with a style context it has not made yet while its Save As dialog opens
 *   on a busy machine: gtk_render_background and gtk_render_frame criticals, together, in 3 of 8
 *   keyboard-only Save As runs with two CPU hogs beside it.
 */
export const APP_OWN_MESSAGES: Record<string, RegExp[]> = {
  abiword: [/^gtk_render_(?:background|frame): assertion 'GTK_IS_STYLE_CONTEXT \(context\)' failed$/],
};

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
      const match = GLIB_MESSAGE.exec(line.trim());
      if (!match) continue;
      const [, kind, message] = match as unknown as [string, string, string];
      const own = appOwn[programOf(log)] ?? [];
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
