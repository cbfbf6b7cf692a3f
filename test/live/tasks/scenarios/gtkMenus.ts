/**
 * Tasks: the `menu` tool on GTK 3 apps runs a command the way a person does, from the keyboard,
 * so the app prints nothing. "File > Save As…" (its accelerator, else its mnemonic path) opens the file chooser, which the
 * agent cancels; a Help menu's About entry (no accelerator: its mnemonic path) opens the About
 * dialog, which the agent closes. DoAction on an item of a closed GTK 3 menu makes the app print
 * Gdk-CRITICAL and Gtk-CRITICAL (docs/toolkits.md): `expectAppsQuiet` fails then.
 */
import type { ProtocolWindow } from '../../../../src/protocol/schemas.js';
import { expectAppsQuiet } from '../../helpers/appLogs.js';
import type { ScriptedAgent } from '../agent.js';
import type { TaskScenario } from '../scenario.js';
import { expectTool, fail } from './checks.js';

export interface GtkMenuApp {
  /** The app as `desktop up --apps` starts it. */
  app: string;
  /** Its main window's title. */
  main: RegExp;
  /** The About entry's path and the About dialog's title. */
  about: { path: string; title: RegExp };
}

export const GTK_MENU_APPS: GtkMenuApp[] = [
  { app: 'mousepad', main: / - Mousepad$/, about: { path: 'Help > About', title: /^About/ } },
  { app: 'pluma', main: / - Pluma$/, about: { path: 'Help > About', title: /^About/ } },
  // AbiWord (whose Save As runs by its mnemonic path) is not here while it prints GTK and ATK
  // criticals when served on a loaded machine, a harm not isolated yet (docs/toolkits.md).
];

/** What one command did: the tool's message and the window it opened. */
export interface MenuRun {
  message: string;
  opened: string;
}

export interface GtkMenuFacts {
  saveAs: MenuRun;
  about: MenuRun;
}

/** Runs a menu command that opens a window; returns its message and that window once it is operable. */
async function runOpening(agent: ScriptedAgent, main: ProtocolWindow, path: string): Promise<MenuRun> {
  const result = await agent.must(`${main.id}__menu`, { path });
  const [opened] = (result.openedWindowIds as string[] | undefined) ?? [];
  if (!opened) fail(`menu ${path} opened no window: ${JSON.stringify(result)}`);
  const until = Date.now() + 20_000;
  while (!(await agent.read()).operableWindowIds.includes(opened)) {
    if (Date.now() > until) fail(`the window ${path} opened never became operable`);
    await agent.waitForUpdate();
  }
  return { message: String(result.message), opened };
}

/** Waits until the window is gone from the snapshot. */
async function closed(agent: ScriptedAgent, winId: string, what: string): Promise<void> {
  const until = Date.now() + 15_000;
  while ((await agent.read()).windows.some((w) => w.id === winId)) {
    if (Date.now() > until) fail(`${what} did not close`);
    await agent.waitForUpdate();
  }
}

export function gtkMenuScenario(spec: GtkMenuApp, report: (facts: GtkMenuFacts) => void): TaskScenario {
  return {
    name: `${spec.app}: menu commands from the keyboard`,
    apps: [spec.app],
    async run({ agent, desktop }) {
      let main = await agent.waitForWindow(spec.main);
      const saveAs = await runOpening(agent, main, 'File > Save As…');
      expectTool(await agent.tools(), `${saveAs.opened}__press`);
      await agent.must(`${saveAs.opened}__press`, { button: 'Cancel' });
      await closed(agent, saveAs.opened, 'the file chooser');
      main = await agent.waitForWindow(spec.main);
      const about = await runOpening(agent, main, spec.about.path);
      const dialog = (await agent.read()).windows.find((w) => w.id === about.opened);
      if (!dialog || !spec.about.title.test(dialog.title)) fail(`${spec.about.path} opened "${dialog?.title}", not the About dialog`);
      await agent.must(`${about.opened}__close`, {});
      await closed(agent, about.opened, 'the About dialog');
      expectAppsQuiet(desktop);
      report({ saveAs, about });
    },
  };
}
