/**
 * Agent task: star one message in Thunderbird's message list, through the tools a client sees.
 * Each row of the list holds its own star and menu buttons: press_in_row names the list, the row
 * and the button. The truth is an independent reader: in a pyatspi dump of the window the chosen
 * message's row says "Starred" and its button "Message starred", and the other rows are unstarred.
 * Thunderbird prints no GLib critical or warning meanwhile.
 */
import { describe, expect, it } from 'vitest';
import type { A11yNode } from '../../../src/platform/probe.js';
import { expectAppsQuiet } from '../helpers/appLogs.js';
import { pyatspiWindow } from '../helpers/coverage.js';
import { displayStack, waitFor } from '../helpers/desktop.js';
import { corpusApp, launchCorpusApp } from '../corpus/apps.js';
import { prepareDocuments } from '../corpus/documents.js';
import { windowShowing } from './qtTaskSteps.js';
import { runScenario } from './scenario.js';
import { dumpNodes } from './scenarios/a11yDump.js';
import { expectTool, fail } from './scenarios/checks.js';

const THUNDERBIRD = corpusApp('thunderbird');
const stack = displayStack([THUNDERBIRD.command]);
const TITLE = /^Inbox - Local Folders/;

/** Each message row of the dump: its label and the names of the buttons inside it. */
function rowsOf(dump: A11yNode): Array<{ row: string; buttons: string[] }> {
  return dumpNodes(dump)
    .filter((n) => n.role === 'list_item' && /<.+@example\.org>/.test(n.name))
    .map((row) => ({
      row: row.name,
      buttons: dumpNodes(row)
        .filter((n) => n.role === 'push_button')
        .map((n) => n.name),
    }));
}

describe.skipIf(stack.skip)('agent task: press a button inside one row of a list', () => {
  it('Thunderbird: the star of one message, pressed by list, row and button', async () => {
    let rows: Array<{ row: string; buttons: string[] }> = [];
    let message = '';
    await runScenario({
      name: 'thunderbird: star a message',
      apps: [],
      async run({ agent, desktop, scratch }) {
        const running = await launchCorpusApp(desktop, THUNDERBIRD, prepareDocuments(scratch));
        try {
          const startMs = (THUNDERBIRD.startSeconds ?? 60) * 1000;
          const listed = (label: string | undefined) => label !== undefined && label.includes('Quarterly report');
          const main = await windowShowing(
            agent,
            TITLE,
            (w) => w.blocks.some((b) => b.type === 'list' && b.items.some((i) => listed(String(i)))),
            'the Inbox listing its messages',
            startMs,
          );
          const list = main.blocks.find((b) => b.type === 'list' && b.items.some((i) => listed(String(i))));
          if (!list || list.type !== 'list') fail('no message list');
          const row = list.items.map(String).find(listed) as string;
          // The list is named as the tool's enum names it (a list block carries no name).
          const tool = (await agent.tools()).find((t) => t.name === `${main.id}__press_in_row`);
          const lists = (tool?.inputSchema as { properties?: { list?: { enum?: string[] } } } | undefined)?.properties?.list?.enum ?? [];
          if (lists.length !== 1) fail(`press_in_row names no single list: ${JSON.stringify(tool?.inputSchema)}`);
          const pressed = await agent.must(expectTool(await agent.tools(), `${main.id}__press_in_row`), { list: lists[0], row, button: 'Message not starred' });
          message = String(pressed.message);
          rows = await waitFor(async () => {
            const dump = rowsOf(await pyatspiWindow(desktop, THUNDERBIRD.atspiName, THUNDERBIRD.titleText));
            return dump.some((r) => r.buttons.includes('Message starred')) ? dump : null;
          }, 20_000);
          expectAppsQuiet(desktop);
        } finally {
          await running.stop();
        }
      },
    });
    expect(message).toMatch(/^Pressed "Message not starred" in "Ada Lovelace <ada@example\.org>, .*Quarterly report/);
    const starred = rows.filter((r) => r.buttons.includes('Message starred'));
    expect(starred.map((r) => r.row)).toEqual([expect.stringMatching(/Quarterly report, Starred/)]);
    expect(rows.filter((r) => r.buttons.includes('Message not starred'))).toHaveLength(2);
  }, 240_000);
});
