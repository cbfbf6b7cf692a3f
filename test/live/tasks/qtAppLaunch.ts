/**
 * Starts a Qt application on a live desktop for an agent task: with its own temporary folder
 * (single-instance apps such as KeePassXC and FocusWriter find a running instance through a
 * socket or lock there, and would hand the document to another desktop's) and with Qt's messages
 * printed the way GLib prints its own, "(app:pid): Qt-WARNING **: text", so that
 * `expectAppsQuiet` (../helpers/appLogs.ts) sees Qt's warnings and criticals as it sees GTK's.
 */
import { mkdtempSync } from 'node:fs';
import { join } from 'node:path';
import type { DesktopHandle, LaunchedApp } from '../../../src/platform/linux/desktop/index.js';

/** Qt's level words, upper-cased as GLib writes them; a fatal message counts as a critical. */
const LEVEL = '%{if-debug}DEBUG%{endif}%{if-info}INFO%{endif}%{if-warning}WARNING%{endif}%{if-critical}CRITICAL%{endif}%{if-fatal}CRITICAL%{endif}';
/** "(program:pid)" as GLib starts its lines; the program is the command (Qt's appname is empty before QCoreApplication exists). */
export const qtMessagePattern = (command: string) => `(${command}:%{pid}): Qt-${LEVEL} **: %{if-category}%{category}: %{endif}%{message}`;

export async function launchQtApp(desktop: DesktopHandle, scratch: string, command: string, args: string[]): Promise<LaunchedApp> {
  const tmp = mkdtempSync(join(scratch, `${command}-tmp-`));
  // `env` execs the program in place: the pid the desktop tracks and stops is the app's own.
  return desktop.launch('env', [`TMPDIR=${tmp}`, `QT_MESSAGE_PATTERN=${qtMessagePattern(command)}`, command, ...args]);
}
