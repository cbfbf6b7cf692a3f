/**
 * Agent task: open a folder from a file manager's view, as a double-click does, through the tools
 * a client sees only (`open_row`), in three toolkits: Thunar (GTK 3: the cell's own "activate"
 * action), pcmanfm-qt (Qt 5: its items' only action selects them, so a pointer double-click on
 * the shown item) and Nautilus (GTK 4: no action at all); and a message in Thunderbird (Gecko),
 * which opens it in a tab of its own. The truth is X11's own window list (xprop): the window is
 * now titled after the subfolder, or the message. The app prints no critical or warning.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { expectAppsQuiet } from '../helpers/appLogs.js';
import { displayStack, waitFor } from '../helpers/desktop.js';
import { xpropRoot, xpropWindow } from '../helpers/xprop.js';
import type { DesktopHandle } from '../../../src/platform/linux/desktop/index.js';
import type { ScriptedAgent } from './agent.js';
import { corpusApp, launchCorpusApp } from '../corpus/apps.js';
import { prepareDocuments } from '../corpus/documents.js';
import { launchQtApp } from './qtAppLaunch.js';
import { windowShowing } from './qtTaskSteps.js';
import { runScenario } from './scenario.js';
import { expectTool, fail } from './scenarios/checks.js';

const THUNDERBIRD = corpusApp('thunderbird');
const stack = displayStack(['thunar', 'pcmanfm-qt', 'nautilus', THUNDERBIRD.command]);

interface FileManager {
  name: string;
  launch(desktop: DesktopHandle, scratch: string, folder: string): Promise<unknown>;
  /** The window's title in the folder, then in its subfolder. */
  title: (folder: string) => RegExp;
  list: string;
  via: 'action' | 'pointer';
  /** A view to switch to first, by the tools (Thunar opens its icon view, whose icons have no action). */
  prepare?: (agent: ScriptedAgent, winId: string) => Promise<unknown>;
}

const MANAGERS: FileManager[] = [
  {
    name: 'Thunar (GTK 3)',
    launch: (desktop, _scratch, folder) => desktop.launch('thunar', [folder]),
    title: (folder) => new RegExp(`^${folder} - Thunar$`),
    list: 'Table',
    via: 'action',
    prepare: async (agent, winId) => agent.must(expectTool(await agent.tools(), `${winId}__menu`), { path: 'View > List View' }),
  },
  {
    name: 'pcmanfm-qt (Qt 5)',
    launch: (desktop, scratch, folder) => launchQtApp(desktop, scratch, 'pcmanfm-qt', [folder]),
    title: (folder) => new RegExp(`^${folder}$`),
    list: 'List',
    via: 'pointer',
  },
  {
    name: 'Nautilus (GTK 4)',
    launch: (desktop, _scratch, folder) => desktop.launch('nautilus', ['--new-window', folder]),
    title: (folder) => new RegExp(`^${folder}$`),
    list: 'List',
    via: 'pointer',
  },
];

describe.skipIf(stack.skip)('agent task: open a folder in a file manager as a double-click does', () => {
  for (const manager of MANAGERS) {
    it(`${manager.name}: open_row on a subfolder, the window shows it (X11's title)`, async () => {
      let titles: string[] = [];
      let opened: Record<string, unknown> = {};
      await runScenario({
        name: `open_row: ${manager.name}`,
        apps: [],
        async run({ agent, desktop, scratch }) {
          const folder = join(scratch, 'reports');
          mkdirSync(join(folder, 'archive'), { recursive: true });
          writeFileSync(join(folder, 'draft.txt'), 'Quarterly draft\n');
          writeFileSync(join(folder, 'archive', 'old-plan.txt'), 'Old plan\n');
          await manager.launch(desktop, scratch, folder);
          const main = await agent.waitForWindow(manager.title('reports'), 60_000);
          await manager.prepare?.(agent, main.id);
          await waitFor(async () => {
            const now = await agent.operableWindow(manager.title('reports'));
            return now?.blocks.some((b) => (b.type === 'table' || b.type === 'list') && JSON.stringify(b).includes('"archive"')) ?? false;
          }, 20_000).catch(async () =>
            fail(`the view never listed "archive": ${JSON.stringify((await agent.operableWindow(manager.title('reports')))?.blocks)}`),
          );
          opened = await agent.must(expectTool(await agent.tools(), `${main.id}__open_row`), { list: manager.list, row: 'archive' });
          titles = await waitFor(() => {
            const now = xpropRoot(desktop).clients.map((id) => xpropWindow(desktop, id).netWmName ?? '');
            return now.some((t) => manager.title('archive').test(t)) ? now : null;
          }, 15_000);
          expectAppsQuiet(desktop);
        },
      });
      expect(opened).toMatchObject({ result: { via: manager.via } });
      expect(titles.some((t) => manager.title('archive').test(t))).toBe(true);
    }, 180_000);
  }

  it("Thunderbird (Gecko): open_row on a message opens it in its own tab (X11's title)", async () => {
    let titles: string[] = [];
    let opened: Record<string, unknown> = {};
    await runScenario({
      name: 'open_row: Thunderbird',
      apps: [],
      async run({ agent, desktop, scratch }) {
        const running = await launchCorpusApp(desktop, THUNDERBIRD, prepareDocuments(scratch));
        try {
          const listed = (label: string) => label.includes('Quarterly report');
          const answers: unknown[] = [];
          // An agent re-reads and tries again when the answer says the row is not shown any more:
          // the row's label carries the message's state ("Unread"), which Thunderbird may change
          // while it starts.
          let gone = true;
          for (let attempt = 0; attempt < 3 && gone; attempt += 1) {
            const main = await windowShowing(
              agent,
              /^Inbox - Local Folders/,
              (w) => w.blocks.some((b) => b.type === 'list' && b.items.some((i) => listed(String(i)))),
              'the Inbox listing its messages',
              (THUNDERBIRD.startSeconds ?? 60) * 1000,
            );
            const list = main.blocks.find((b) => b.type === 'list' && b.items.some((i) => listed(String(i))));
            if (!list || list.type !== 'list') fail('no message list');
            const tool = expectTool(await agent.tools(), `${main.id}__open_row`);
            const schema = (await agent.tools()).find((t) => t.name === tool)?.inputSchema as { properties?: { list?: { enum?: string[] } } } | undefined;
            // The lists are named as the tool's enum names them (a list block carries no name): an
            // agent tries the row in each; a list that does not hold it answers so and opens nothing.
            const row = list.items.map(String).find(listed) as string;
            gone = true;
            for (const name of schema?.properties?.list?.enum ?? []) {
              const outcome = await agent.call(tool, { list: name, row });
              answers.push({ list: name, row, answer: outcome.structured });
              gone &&= outcome.isError && /not shown any more/.test(String(outcome.structured.message));
              if (!outcome.isError) {
                opened = outcome.structured;
                break;
              }
            }
          }
          titles = await waitFor(() => {
            const now = xpropRoot(desktop).clients.map((id) => xpropWindow(desktop, id).netWmName ?? '');
            return now.some((t) => /^Quarterly report/.test(t)) ? now : null;
          }, 20_000).catch(() =>
            fail(
              `no window titled after the message; open_row answered ${JSON.stringify(answers)}, X11 lists ${JSON.stringify(
                xpropRoot(desktop).clients.map((id) => xpropWindow(desktop, id).netWmName ?? ''),
              )}`,
            ),
          );
          expectAppsQuiet(desktop);
        } finally {
          await running.stop();
        }
      },
    });
    expect(opened).toMatchObject({ result: { via: expect.stringMatching(/^(action|pointer)$/) } });
    expect(titles.some((t) => /^Quarterly report/.test(t))).toBe(true);
  }, 240_000);
});
