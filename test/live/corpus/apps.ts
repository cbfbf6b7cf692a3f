/**
 * The corpus: applications no other test of the project uses, across GTK 3, GTK 4, Qt 5, Qt 6,
 * Gecko, LibreOffice and Java Swing, each opened on a document the test made itself
 * (documents.ts). Other tests reuse it: `launchCorpusApp(desktop, app, docs)` starts one on a
 * private desktop and says where its log is.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { desktopPaths } from '../../../src/platform/linux/desktop/state.js';
import type { DesktopHandle, LaunchedApp } from '../../../src/platform/linux/desktop/index.js';
import { writeFirefoxPrefs } from '../helpers/firefoxApp.js';
import { writeJabRefPrefs } from '../helpers/jabrefApp.js';
import { writeThunderbirdProfile } from '../helpers/thunderbirdApp.js';
import { BIBLIOGRAPHY_NAME, type CorpusDocuments } from './documents.js';

export type Toolkit = 'GTK 3' | 'GTK 4' | 'Qt 5' | 'Qt 6' | 'Gecko' | 'LibreOffice' | 'Java Swing';

export interface CorpusApp {
  /** Short id, used in test names and the bench. */
  id: string;
  toolkit: Toolkit;
  /** What the app is: file manager, spreadsheet, document viewer… */
  kind: string;
  /** The program (found on PATH) and its arguments, given the prepared documents. */
  command: string;
  args(docs: CorpusDocuments, scratch: string): string[];
  /** The folder the app starts in, when its arguments name documents relative to it. */
  cwd?: (docs: CorpusDocuments) => string;
  /** Fills the app's scratch folder before it starts (a browser profile's prefs). */
  prepare?: (scratch: string) => void;
  /** Extra environment, set through `env` (the desktop launches programs with its own). */
  env?: (scratch: string) => Record<string, string>;
  /** The application's AT-SPI name (what pyatspi's desktop lists). */
  atspiName: string;
  /** Part of the main window's title, and the same as a pattern for the bridge's snapshot. */
  titleText: string;
  /** Seconds the app may take to show its window on a loaded machine (Java, LibreOffice, Firefox). */
  startSeconds?: number;
  /** A dialog the app opens at start on this machine, and the button that dismisses it harmlessly. */
  startupDialog?: { title: string; press: string };
}

const ATK_WRAPPER_JAR = '/usr/share/java/java-atk-wrapper.jar';
const ATK_WRAPPER_JNI = '/usr/lib/x86_64-linux-gnu/jni';
/** JVM options that load the ATK wrapper (libatk-wrapper-java): Swing's accessibility reaches AT-SPI. */
const ATK_WRAPPER_OPTIONS = `-Xbootclasspath/a:${ATK_WRAPPER_JAR} -Djava.library.path=${ATK_WRAPPER_JNI} -Djavax.accessibility.assistive_technologies=org.GNOME.Accessibility.AtkWrapper`;

export const CORPUS: readonly CorpusApp[] = [
  { id: 'gnumeric', toolkit: 'GTK 3', kind: 'spreadsheet', command: 'gnumeric', args: (d) => [d.sheet], atspiName: 'gnumeric', titleText: 'fruit.gnumeric' },
  { id: 'abiword', toolkit: 'GTK 3', kind: 'word processor', command: 'abiword', args: (d) => [d.text], atspiName: 'abiword', titleText: 'notes.txt' },
  { id: 'evince', toolkit: 'GTK 3', kind: 'document viewer', command: 'evince', args: (d) => [d.pdf], atspiName: 'evince', titleText: 'invoice.pdf' },
  {
    id: 'thunar',
    toolkit: 'GTK 3',
    kind: 'file manager',
    // Its own daemon-less instance on the folder (no D-Bus service shared with another desktop's).
    command: 'thunar',
    args: (d) => [d.folder],
    atspiName: 'thunar',
    titleText: 'folder - Thunar',
  },
  { id: 'qalculate-gtk', toolkit: 'GTK 3', kind: 'calculator', command: 'qalculate-gtk', args: () => [], atspiName: 'qalculate-gtk', titleText: 'Qalculate!' },
  {
    id: 'gnome-text-editor',
    toolkit: 'GTK 4',
    kind: 'text editor',
    command: 'gnome-text-editor',
    args: (d) => ['--standalone', d.text],
    atspiName: 'gnome-text-editor',
    titleText: 'notes.txt',
  },
  {
    id: 'nautilus',
    toolkit: 'GTK 4',
    kind: 'file manager',
    command: 'nautilus',
    args: (d) => ['--new-window', d.folder],
    atspiName: 'org.gnome.Nautilus',
    titleText: 'folder',
  },
  {
    id: 'keepassxc',
    toolkit: 'Qt 5',
    kind: 'password manager',
    command: 'keepassxc',
    args: (d) => [d.vault],
    atspiName: 'KeePassXC',
    titleText: 'KeePassXC',
  },
  {
    id: 'sqlitebrowser',
    toolkit: 'Qt 5',
    kind: 'database browser',
    command: 'sqlitebrowser',
    args: (d) => [d.database],
    atspiName: 'DB Browser for SQLite',
    titleText: 'shop.sqlite',
  },
  { id: 'pcmanfm-qt', toolkit: 'Qt 5', kind: 'file manager', command: 'pcmanfm-qt', args: (d) => [d.folder], atspiName: 'pcmanfm-qt', titleText: 'folder' },
  {
    id: 'qpdfview',
    toolkit: 'Qt 5',
    kind: 'document viewer',
    command: 'qpdfview',
    args: (d) => ['--unique', d.pdf],
    atspiName: 'qpdfview',
    titleText: 'invoice',
  },
  {
    id: 'packagesearch',
    toolkit: 'Qt 6',
    kind: 'package browser',
    command: 'packagesearch',
    args: () => [],
    atspiName: 'packagesearch',
    // Without an apt-xapian-index it opens with a question, modal over its main window; declining
    // it ends the program, so the question is the window under test.
    titleText: 'Error trying to open Xapian database',
  },
  {
    id: 'focuswriter',
    toolkit: 'Qt 6',
    kind: 'word processor',
    command: 'focuswriter',
    args: (d) => [d.text],
    atspiName: 'FocusWriter',
    titleText: 'notes.txt',
  },
  {
    id: 'firefox-esr',
    toolkit: 'Gecko',
    kind: 'web browser',
    command: 'firefox-esr',
    // A private profile (no first-run pages, no network services), no remote instance, the page
    // from a file: no network is needed.
    prepare: (scratch) => writeFirefoxPrefs(scratch),
    args: (d, scratch) => ['--no-remote', '--profile', scratch, pathToFileURL(d.page).href],
    env: () => ({ GNOME_ACCESSIBILITY: '1', MOZ_DISABLE_CONTENT_SANDBOX: '1' }),
    atspiName: 'Firefox',
    titleText: 'Corpus web page',
    startSeconds: 90,
  },
  {
    id: 'thunderbird',
    toolkit: 'Gecko',
    kind: 'mail client',
    command: 'thunderbird',
    // A private offline profile with Local Folders only, its Inbox of known messages open in the
    // 3-pane window (thunderbirdApp.ts); no remote instance.
    prepare: (scratch) => writeThunderbirdProfile(scratch),
    args: (_d, scratch) => ['--no-remote', '--profile', scratch],
    env: () => ({ GNOME_ACCESSIBILITY: '1', MOZ_DISABLE_CONTENT_SANDBOX: '1' }),
    atspiName: 'Thunderbird',
    titleText: 'Inbox - Local Folders',
    startSeconds: 90,
  },
  {
    id: 'libreoffice-impress',
    toolkit: 'LibreOffice',
    kind: 'presentation',
    command: 'libreoffice',
    args: (_d, scratch) => [`-env:UserInstallation=${pathToFileURL(scratch).href}`, '--norestore', '--nologo', '--impress'],
    atspiName: 'soffice',
    titleText: 'Impress',
    startSeconds: 90,
    // A new presentation starts with the template chooser, modal over the window.
    startupDialog: { title: 'Select a Template', press: 'Close' },
  },
  {
    id: 'libreoffice-draw',
    toolkit: 'LibreOffice',
    kind: 'drawing',
    command: 'libreoffice',
    args: (_d, scratch) => [`-env:UserInstallation=${pathToFileURL(scratch).href}`, '--norestore', '--nologo', '--draw'],
    atspiName: 'soffice',
    titleText: 'Draw',
    startSeconds: 90,
  },
  {
    id: 'jedit',
    toolkit: 'Java Swing',
    kind: 'text editor',
    command: 'jedit',
    // Its own settings folder (a first run, no server socket shared with another desktop's jEdit).
    args: (d, scratch) => ['-nosplash', '-noserver', `-settings=${join(scratch, 'settings')}`, d.text],
    // java-wrappers' launcher passes no options through: every JVM reads JAVA_TOOL_OPTIONS.
    env: () => ({ JAVA_TOOL_OPTIONS: ATK_WRAPPER_OPTIONS }),
    // The ATK wrapper names the application after its first window's title.
    atspiName: 'jEdit - notes.txt',
    titleText: 'jEdit - notes.txt',
    startSeconds: 120,
  },
  {
    id: 'jabref',
    toolkit: 'Java Swing',
    kind: 'reference manager',
    command: 'jabref',
    // Its preferences in its scratch folder (jabrefApp.ts: a first run, no remote server on the
    // shared port). The library by its name alone, from its folder: JabRef titles the window with
    // the path it was given, and the ATK wrapper names the application after that title.
    prepare: (scratch) => writeJabRefPrefs(scratch),
    cwd: (d) => d.dir,
    args: () => [BIBLIOGRAPHY_NAME],
    env: (scratch) => ({ JAVA_TOOL_OPTIONS: `${ATK_WRAPPER_OPTIONS} -Djava.util.prefs.userRoot=${scratch}` }),
    atspiName: `JabRef - ${BIBLIOGRAPHY_NAME} (BibTeX mode)`,
    titleText: `JabRef - ${BIBLIOGRAPHY_NAME}`,
    startSeconds: 120,
  },
  {
    id: 'freeplane',
    toolkit: 'Java Swing',
    kind: 'mind map editor',
    command: 'freeplane',
    args: (d) => [d.map],
    // Its launcher passes JAVA_OPTS on, and keeps its user folder (and single-instance lock) under
    // $HOME/.config/freeplane: one of its own in the scratch folder.
    env: (scratch) => ({ HOME: scratch, JAVA_OPTS: `${ATK_WRAPPER_OPTIONS} -Dorg.freeplane.nosplash=true` }),
    // The ATK wrapper names the application after its first window's title; a first run opens
    // Freeplane's read-only tutorial map in front of the document.
    atspiName: 'freeplaneFunctions - Freeplane - Mind map mode (Read Only) /usr/share/freeplane/doc/freeplaneFunctions.mm',
    titleText: 'Mind map mode',
    startSeconds: 120,
  },
];

/** The toolkit as the probe's name normaliser needs it (GTK 4's type names are no names). */
export function toolkitOf(app: CorpusApp): { name: string; version: string } {
  return app.toolkit === 'GTK 4' ? { name: 'gtk', version: '4.0' } : { name: app.toolkit, version: '' };
}

export function corpusApp(id: string): CorpusApp {
  const app = CORPUS.find((a) => a.id === id);
  if (!app) throw new Error(`no corpus app "${id}"`);
  return app;
}

export interface RunningCorpusApp {
  app: CorpusApp;
  launched: LaunchedApp;
  /** The file the desktop writes the app's standard output and error to. */
  logFile: string;
  /** Stops the app and removes its scratch folder (profile, user installation). */
  stop(): Promise<void>;
}

export async function launchCorpusApp(desktop: DesktopHandle, app: CorpusApp, docs: CorpusDocuments): Promise<RunningCorpusApp> {
  const scratch = mkdtempSync(join(tmpdir(), `gui-bridge-corpus-${app.id}-`));
  app.prepare?.(scratch);
  const args = app.args(docs, scratch);
  // Single-instance apps (KeePassXC, FocusWriter) find a running instance through a socket or
  // lock in the temporary folder, and would hand the document to another desktop's: one of its own.
  const env = Object.entries({ TMPDIR: scratch, ...app.env?.(scratch) }).map(([key, value]) => `${key}=${value}`);
  // `env` execs the program in place: the pid the desktop tracks and kills is the app's own.
  const chdir = app.cwd ? [`--chdir=${app.cwd(docs)}`] : [];
  const launched = await desktop.launch('env', [...chdir, ...env, app.command, ...args]);
  const name = desktop.state.processes.find((p) => p.pid === launched.pid)?.name;
  if (!name) throw new Error(`the desktop does not track ${app.id} (pid ${launched.pid})`);
  return {
    app,
    launched,
    logFile: join(desktopPaths(desktop.state.dir).logs, `${name}.log`),
    stop: async () => {
      await launched.kill();
      rmSync(scratch, { recursive: true, force: true });
    },
  };
}
