/**
 * Tasks: Save As and Open through the GTK file chooser of apps other than gedit, the first time
 * each dialog is used, driven only through the tools a client sees: the app's menu opens the
 * dialog (`menu` "File > Save As…"), `choose` takes an absolute path. The truth is the disk: the file the
 * app wrote (its bytes), or the file the app opened (its text shown in the window). The apps must
 * print no GLib critical or warning meanwhile (test/live/helpers/appLogs.ts).
 */
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { ProtocolWindow } from '../../../../src/protocol/schemas.js';
import { expectAppsQuiet } from '../../helpers/appLogs.js';
import type { ScriptedAgent } from '../agent.js';
import type { TaskScenario } from '../scenario.js';
import { expectTool, fail } from './checks.js';

export interface SaveAsApp {
  /** The app as `desktop up --apps` starts it. */
  app: string;
  /** Its main window's title. */
  main: RegExp;
  /** Typed into the document first (apps whose document takes text through type_text). */
  text?: string;
  /** The file name saved, with the extension of the app's default file type (else the app asks). */
  file: string;
  /** Why the bytes on disk are not the document saved, or null when they are. */
  check(bytes: Buffer): string | null;
}

const LINE = 'Quarterly figures checked on 2 December';

/** The file holds exactly the typed line (text editors add no newline to a line typed without one). */
const exactly = (text: string) => (bytes: Buffer) => (bytes.toString('utf8') === text ? null : `holds ${JSON.stringify(bytes.toString('utf8'))}`);

export const SAVE_AS_APPS: SaveAsApp[] = [
  { app: 'mousepad', main: / - Mousepad$/, text: LINE, file: 'figures.txt', check: exactly(LINE) },
  {
    app: 'pluma',
    main: / - Pluma$/,
    text: LINE,
    file: 'figures.txt',
    check: (b) => (b.toString('utf8').trimEnd() === LINE ? null : `holds ${JSON.stringify(b.toString('utf8'))}`),
  },
  {
    app: 'abiword',
    main: /^Untitled/,
    file: 'letter.abw',
    check: (b) => (/^<\?xml[^>]*>\s*<!DOCTYPE abiword/.test(b.toString('utf8')) ? null : 'is not an AbiWord document'),
  },
  // Gnumeric writes gzip-compressed XML.
  {
    app: 'gnumeric',
    main: / - Gnumeric$/,
    file: 'budget.gnumeric',
    check: (b) => (b[0] === 0x1f && b[1] === 0x8b ? null : 'is not a gzip-compressed workbook'),
  },
];

export interface ChooserFacts {
  /** What `choose` returned. */
  chosen: Record<string, unknown>;
  path: string;
}

/** How the app's dialog is opened: a menu path, or a window command (GTK 4's `win.open`). */
type Opener = { menu: string } | { command: string };

/** The file chooser a menu command opened: the window `menu` (or `command`) named, once it offers `choose`. */
async function openChooser(agent: ScriptedAgent, main: ProtocolWindow, opener: Opener | string): Promise<string> {
  const how = typeof opener === 'string' ? { menu: opener } : opener;
  const pressed = 'menu' in how ? await agent.must(`${main.id}__menu`, { path: how.menu }) : await agent.must(`${main.id}__command`, { command: how.command });
  const path = 'menu' in how ? how.menu : how.command;
  const [opened] = (pressed.openedWindowIds as string[] | undefined) ?? [];
  const until = Date.now() + 20_000;
  for (;;) {
    const snapshot = await agent.read();
    const chooser = snapshot.windows.find((w) => (opened ? w.id === opened : / file chooser /.test(w.summary ?? '')));
    if (chooser && snapshot.operableWindowIds.includes(chooser.id)) {
      expectTool(await agent.tools(), `${chooser.id}__choose`);
      return chooser.id;
    }
    if (Date.now() > until) fail(`${path} opened no file chooser (windows: ${snapshot.windows.map((w) => w.title).join(', ')})`);
    await agent.waitForUpdate();
  }
}

/** The app writes the file once the dialog closed: its bytes once they are right, or why not. */
async function fileOnDisk(path: string, check: (bytes: Buffer) => string | null): Promise<void> {
  const until = Date.now() + 15_000;
  let problem = 'does not exist';
  while (Date.now() < until) {
    problem = existsSync(path) ? (check(readFileSync(path)) ?? '') : 'does not exist';
    if (problem === '') return;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  fail(`${path} ${problem}`);
}

function chosen(result: Record<string, unknown>, path: string): void {
  const outcome = (result.result as { outcome?: string } | undefined)?.outcome;
  if (outcome !== 'chosen') fail(`choose ${path} did not close the dialog: ${JSON.stringify(result)}`);
}

export function saveAsScenario(spec: SaveAsApp, report: (facts: ChooserFacts) => void): TaskScenario {
  return {
    name: `${spec.app}: Save As through the file chooser`,
    apps: [spec.app],
    async run({ agent, desktop, scratch }) {
      let main = await agent.waitForWindow(spec.main);
      if (spec.text !== undefined) {
        await agent.must(`${main.id}__type_text`, { text: spec.text });
        main = await agent.waitForWindow(spec.main);
      }
      const chooser = await openChooser(agent, main, 'File > Save As…');
      const path = join(scratch, spec.file);
      const result = await agent.must(`${chooser}__choose`, { path });
      chosen(result, path);
      await fileOnDisk(path, spec.check);
      expectAppsQuiet(desktop);
      report({ chosen: result, path });
    },
  };
}

/**
 * AbiWord asks before it takes a name whose extension does not match the file type: `choose`
 * returns that question (its window), the agent answers "Yes", and the file is written.
 */
export function appQuestionScenario(report: (facts: ChooserFacts & { question: string; operable: string[] }) => void): TaskScenario {
  const spec = SAVE_AS_APPS.find((s) => s.app === 'abiword') as SaveAsApp;
  return {
    name: 'abiword: Save As a name the app questions',
    apps: ['abiword'],
    async run({ agent, desktop, scratch }) {
      const main = await agent.waitForWindow(spec.main);
      const chooser = await openChooser(agent, main, 'File > Save As…');
      const path = join(scratch, 'letter.txt');
      const result = await agent.must(`${chooser}__choose`, { path });
      const question = (result.result as { outcome?: string; question?: string } | undefined)?.question;
      if (!question) fail(`choose did not return the app's question: ${JSON.stringify(result)}`);
      const { operableWindowIds } = await agent.read();
      expectTool(await agent.tools(), `${question}__press`);
      await agent.must(`${question}__press`, { button: 'Yes' });
      await fileOnDisk(path, spec.check);
      expectAppsQuiet(desktop);
      report({ chosen: result, path, question, operable: operableWindowIds });
    },
  };
}

export const OPENED_TEXT = 'Minutes of the review, second draft';

export interface OpenApp {
  app: string;
  /** Its main window before the file opens. */
  main: RegExp;
  /** Its Open command: a menu path, or a window command. */
  opener: Opener;
  /** The file written, then opened. */
  file: string;
  /** Its window once the file is open: the app names the file in its title. */
  opened: RegExp;
  /** The opened file's text shows in the window's state (apps whose document text is read). */
  showsText: boolean;
}

/**
 * Open through the chooser of four GTK 3 apps and a GTK 4 one: none shows a location entry when
 * its Open dialog opens (choose shows it). AbiWord draws its page and Gnumeric its grid: their window's title is
 * what shows the opened file.
 */
export const OPEN_APPS: OpenApp[] = [
  { app: 'mousepad', main: / - Mousepad$/, opener: { menu: 'File > Open…' }, file: 'minutes.txt', opened: /minutes\.txt - Mousepad$/, showsText: true },
  { app: 'pluma', main: / - Pluma$/, opener: { menu: 'File > Open…' }, file: 'minutes.txt', opened: /^minutes\.txt .*- Pluma$/, showsText: true },
  { app: 'abiword', main: /^Untitled/, opener: { menu: 'File > Open' }, file: 'minutes.txt', opened: /^minutes\.txt/, showsText: false },
  { app: 'gnumeric', main: / - Gnumeric$/, opener: { menu: 'File > Open…' }, file: 'minutes.csv', opened: /^minutes\.csv - Gnumeric$/, showsText: false },
  // GTK 4's chooser, opened by the window's own action (GNOME Text Editor's Open is a popover of recent files).
  {
    app: 'gnome-text-editor',
    main: / - Text Editor$/,
    opener: { command: 'win.open' },
    file: 'minutes.txt',
    opened: /^minutes\.txt .*- Text Editor$/,
    showsText: true,
  },
];

/** Open: the file written, the app's Open dialog opened by its menu, the path chosen; the app shows the file. */
export function openScenario(spec: OpenApp, report: (facts: ChooserFacts & { shown: ProtocolWindow }) => void): TaskScenario {
  return {
    name: `${spec.app}: Open through the file chooser`,
    apps: [spec.app],
    async run({ agent, desktop, scratch }) {
      const path = join(scratch, spec.file);
      writeFileSync(path, OPENED_TEXT);
      const main = await agent.waitForWindow(spec.main);
      const chooser = await openChooser(agent, main, spec.opener);
      const result = await agent.must(`${chooser}__choose`, { path });
      chosen(result, path);
      const shown = await agent.waitForWindow(spec.opened, 30_000);
      expectAppsQuiet(desktop);
      report({ chosen: result, path, shown });
    },
  };
}
