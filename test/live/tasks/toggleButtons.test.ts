/**
 * Agent task: turn toggle buttons over, through `press` only, on apps of two toolkits, and read
 * their state back: AbiWord's Bold and Evince's side pane (GTK 3 `toggle_button`s, `checked` when
 * on) and GNOME Text Editor's search options (GTK 4.8: a `push_button` that is `pressed` when on
 * and says nothing when off; its search bar opened by Menu > Find/Replace…). The window lists
 * the buttons that are on; each press answers the state the button took. Truth: pyatspi reading
 * the same button's states after each press.
 */
import { describe, expect, it } from 'vitest';
import type { Desktop } from '../../../src/platform/linux/desktop/index.js';
import type { A11yNode } from '../../../src/platform/probe.js';
import type { ProtocolWindow } from '../../../src/protocol/schemas.js';
import { expectAppsQuiet } from '../helpers/appLogs.js';
import { pyatspiWindow } from '../helpers/coverage.js';
import { displayStack, waitFor } from '../helpers/desktop.js';
import { corpusApp, launchCorpusApp, type CorpusApp } from '../corpus/apps.js';
import { prepareDocuments } from '../corpus/documents.js';
import type { ScriptedAgent } from './agent.js';
import { runScenario } from './scenario.js';
import { dumpNodes } from './scenarios/a11yDump.js';
import { expectTool } from './scenarios/checks.js';

interface Case {
  app: CorpusApp;
  title: RegExp;
  button: string;
  /** The button's state when the app starts (after `prepare`). */
  startsOn: boolean;
  /** Buttons the window lists as on once prepared, before any press. */
  onAtStart?: string[];
  /** Brings the button on screen, through the tools. */
  prepare?: (agent: ScriptedAgent, windowId: string) => Promise<void>;
}

const CASES: Case[] = [
  // AbiWord marks its document changed when Bold is turned on: "*notes.txt".
  { app: corpusApp('abiword'), title: /^\*?notes\.txt/, button: 'Bold', startsOn: false, onAtStart: ['Left'] },
  { app: corpusApp('evince'), title: /^invoice\.pdf/, button: 'Side pane', startsOn: true },
  {
    app: corpusApp('gnome-text-editor'),
    title: /notes\.txt/,
    button: 'Toggle search options',
    startsOn: false,
    prepare: async (agent, windowId) => {
      await agent.must(expectTool(await agent.tools(), `${windowId}__menu`), { path: 'Menu > Find/Replace…' });
    },
  },
];
const stack = displayStack(CASES.map((c) => c.app.command));

interface Seen {
  /** The notice's list of buttons that are on, at start and after each press. */
  listed: boolean[];
  answers: string[];
  /** pyatspi: the button on, at start and after each press. */
  truth: Array<boolean | undefined>;
  onAtStart?: string[];
}

describe.skipIf(stack.skip)('agent task: toggle buttons read and pressed', () => {
  for (const c of CASES) {
    it(`${c.app.id} (${c.app.toolkit}): "${c.button}" pressed twice, its state read back each time`, async () => {
      const seen: Seen = { listed: [], answers: [], truth: [] };
      await runScenario({
        name: `toggle buttons: ${c.app.id}`,
        apps: [],
        async run({ agent, desktop, scratch }) {
          const running = await launchCorpusApp(desktop, c.app, prepareDocuments(scratch));
          try {
            const first = await agent.waitForWindow(c.title, (c.app.startSeconds ?? 45) * 1000);
            await c.prepare?.(agent, first.id);
            // The tool bar may come after the window's first content.
            let window = await waitFor(async () => {
              const now = await agent.operableWindow(c.title);
              const press = now && (await agent.tools()).find((t) => t.name === `${now.id}__press`);
              return press && JSON.stringify(press.inputSchema).includes(JSON.stringify(c.button)) ? now : null;
            }, 30_000);
            seen.listed.push(listsOn(window, c.button));
            seen.onAtStart = listedOn(window);
            seen.truth.push(await buttonOn(desktop, c, c.button));
            for (let round = 0; round < 2; round++) {
              const done = await agent.must(expectTool(await agent.tools(), `${window.id}__press`), { button: c.button });
              seen.answers.push(String(done.message));
              seen.truth.push(await buttonOn(desktop, c, c.button));
              window = (await agent.operableWindow(c.title)) ?? window;
              seen.listed.push(listsOn(window, c.button));
            }
            expectAppsQuiet(desktop);
          } finally {
            await running.stop();
          }
        },
      });
      console.log(`[toggle buttons] ${c.app.id}: ${JSON.stringify(seen)}`);
      const states = [c.startsOn, !c.startsOn, c.startsOn];
      expect(seen.truth).toEqual(states);
      expect(seen.listed).toEqual(states);
      expect(seen.onAtStart).toEqual([...(c.onAtStart ?? []), ...(c.startsOn ? [c.button] : [])].sort());
      expect(seen.answers).toEqual(
        states.slice(1).map((on) => `Pressed "${c.button}": it is ${on ? 'on' : 'off'} now. The window changed: re-read app://windows.`),
      );
    }, 180_000);
  }
});

/** Whether the window's notice lists the button among those that are on. */
function listsOn(window: ProtocolWindow, button: string): boolean {
  return listedOn(window).includes(button);
}

/** The buttons the window's notice lists as on, sorted. */
function listedOn(window: ProtocolWindow): string[] {
  const notice = window.blocks.find((b) => b.type === 'notice' && b.text.startsWith('Toggle buttons on: '));
  if (!notice || notice.type !== 'notice') return [];
  return notice.text
    .replace(/^Toggle buttons on: |\.$/g, '')
    .split(', ')
    .sort();
}

/** pyatspi: the button named (or described) so is checked or pressed; undefined when not found. */
async function buttonOn(desktop: Desktop, c: Case, button: string): Promise<boolean | undefined> {
  // Shown sizes only: asking every node's bounds makes GTK 3 realize cells it never showed (criticals).
  const dump = await pyatspiWindow(desktop, c.app.atspiName, c.app.titleText, 60_000, true);
  const node = dumpNodes(dump).find((n: A11yNode) => /button/.test(n.role) && (n.name === button || n.description === button));
  return node ? node.states.includes('checked') || node.states.includes('pressed') : undefined;
}
