/**
 * Agent task: write a message in Thunderbird (Gecko) and save it as a draft, through the tools a
 * client sees only. The agent runs File > New > Message in the 3-pane window (a submenu Gecko
 * builds only when it opens: `menu` opens File, then New, then runs Message), fills To and
 * Subject and the message body with set_field (each write read back), runs the compose window's
 * File > Save and closes the window with its close tool. The compose window is checked in a
 * pyatspi dump, the menus left closed; the truth is the profile on disk: Local Folders' Drafts
 * mbox holds one message with the recipient, the subject and the body's lines. Thunderbird
 * prints no GLib critical or warning meanwhile.
 */
import { existsSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { A11yNode } from '../../../src/platform/probe.js';
import { expectAppsQuiet } from '../helpers/appLogs.js';
import { pyatspiWindow } from '../helpers/coverage.js';
import { displayStack, waitFor } from '../helpers/desktop.js';
import { corpusApp, launchCorpusApp } from '../corpus/apps.js';
import { prepareDocuments } from '../corpus/documents.js';
import { runScenario } from './scenario.js';
import { expectTool, fail } from './scenarios/checks.js';
import { fieldsOf, windowShowing } from './qtTaskSteps.js';
import { IDENTITY, localFolder, withIdentity } from './scenarios/thunderbirdIdentity.js';

let profile = '';
const THUNDERBIRD = withIdentity(corpusApp('thunderbird'), (folder) => (profile = folder));
const stack = displayStack([THUNDERBIRD.command]);

const TO = 'grace@example.org';
const SUBJECT = 'Draft from the agent';
const BODY = ['Dear Grace,', 'the corpus folder is ready.'];
const COMPOSE = /^Write: .* - Thunderbird$/;

describe.skipIf(stack.skip)('agent task: write a message in a mail client and save it as a draft', () => {
  it('Thunderbird: File > New > Message, To, Subject and body by set_field, File > Save, the draft in the Drafts mbox', async () => {
    let draft = '';
    let created: { message?: unknown; opened?: unknown; composeId?: string; compose?: { role: string; name: string }; expandedMenus?: string[] } = {};
    const routes: Record<string, unknown> = {};
    let closed = false;
    let bodyShown = '';
    let recipientShown = false;
    await runScenario({
      name: 'thunderbird: save a draft',
      apps: [],
      async run({ agent, desktop, scratch }) {
        const running = await launchCorpusApp(desktop, THUNDERBIRD, prepareDocuments(scratch));
        try {
          const startMs = (THUNDERBIRD.startSeconds ?? 60) * 1000;
          const main = await windowShowing(
            agent,
            /^Inbox - Local Folders/,
            (w) => w.blocks.some((b) => b.type === 'list' && b.items.some((i) => String(i).includes('Quarterly report'))),
            'the Inbox listing its messages',
            startMs,
          );
          // File's items, and New's, exist only once they open: the path is checked by the server.
          const ran = await agent.must(expectTool(await agent.tools(), `${main.id}__menu`), { path: 'File > New > Message' });
          // On a loaded machine the compose window may show after the menu's own effect: the answer
          // then says the window changed, and the agent finds the new window by re-reading.
          const blank = await windowShowing(agent, COMPOSE, (w) => fieldsOf(w).some((f) => f.label === 'Message body'), 'its message body as a field', 30_000);
          // An independent reader sees the compose window, and no menu of the 3-pane window left open.
          const compose = await pyatspiWindow(desktop, THUNDERBIRD.atspiName, 'Write: ');
          const mainDump = await pyatspiWindow(desktop, THUNDERBIRD.atspiName, 'Inbox - Local Folders');
          created = {
            message: ran.message,
            opened: ran.openedWindowIds,
            composeId: blank.id,
            compose: { role: compose.role, name: compose.name },
            expandedMenus: menusOpen(mainDump),
          };
          const tools = await agent.tools();
          const setField = expectTool(tools, `${blank.id}__set_field`);
          const subjectLabel = fieldsOf(blank).find((f) => /^Subject/.test(f.label))?.label ?? fail(`no Subject field: ${JSON.stringify(fieldsOf(blank))}`);
          const write = async (field: string, value: string) => {
            const done = await agent.must(setField, { field, value });
            routes[field] = (done.result as { via?: string } | undefined)?.via;
          };
          await write('To', TO);
          await write(subjectLabel, SUBJECT);
          await write('Message body', BODY.join('\n'));
          const filled = await agent.waitForWindow(new RegExp(`^Write: ${SUBJECT} - Thunderbird$`));
          // A multi-line field with text is shown as a document block of its own (the field stays settable).
          const bodyBlock = filled.blocks.find((b) => b.id === 'document-message_body');
          bodyShown = bodyBlock?.type === 'text' ? bodyBlock.text : '';
          recipientShown = fieldsOf(filled).find((f) => f.label === 'To')?.value === '' && JSON.stringify(filled.blocks).includes(TO);

          await agent.must(expectTool(await agent.tools(), `${filled.id}__menu`), { path: 'File > Save' });
          const drafts = localFolder(profile, 'Drafts');
          draft = await waitFor(
            () => (existsSync(drafts) && readFileSync(drafts, 'utf8').includes(BODY[1] as string) ? readFileSync(drafts, 'utf8') : null),
            30_000,
          );

          const saved = await agent.waitForWindow(COMPOSE);
          await agent.must(expectTool(await agent.tools(), `${saved.id}__close`));
          closed = await waitFor(async () => ((await agent.read()).windows.some((w) => COMPOSE.test(w.title)) ? null : true), 20_000);
          expectAppsQuiet(desktop);
        } finally {
          await running.stop();
        }
      },
    });
    console.log(`[thunderbird draft] routes: ${JSON.stringify(routes)}, new message: ${JSON.stringify(created)}`);
    expect(created.message).toMatch(
      /^Ran "File > New > Message" \(opened File > New first\)\. (Opened window \S+ \(see openedWindowIds\)|The window changed: re-read app:\/\/windows)\.$/,
    );
    expect(created.opened).toEqual(String(created.message).includes('Opened window') ? [created.composeId] : []);
    expect(created.compose).toEqual({ role: 'frame', name: expect.stringMatching(COMPOSE) });
    expect(created.expandedMenus).toEqual([]);
    expect(Object.keys(routes)).toEqual(['To', expect.stringMatching(/^Subject/), 'Message body']);
    expect(Object.values(routes)).toEqual(Object.values(routes).map(() => expect.stringMatching(/^(editable_text|typing)$/)));
    // One message in Drafts, from the identity, to the recipient, with the subject and both lines.
    expect(draft.match(/^From /gm)).toHaveLength(1);
    expect(draft).toMatch(new RegExp(`^From: ${IDENTITY.name} <${IDENTITY.email}>$`, 'm'));
    expect(draft).toMatch(new RegExp(`^To: ${TO}$`, 'm'));
    expect(draft).toMatch(new RegExp(`^Subject: ${SUBJECT}$`, 'm'));
    expect(draft.replace(/\r\n/g, '\n')).toContain(`\n\n${BODY.join('\n')}`);
    expect(closed).toBe(true);
    expect(bodyShown).toBe(BODY.join('\n'));
    // Thunderbird turns a typed address into a pill once the focus leaves To: the entry empties.
    expect(recipientShown).toBe(true);
  }, 300_000);
});

/** The menus of a pyatspi dump that are open (expanded). */
function menusOpen(root: A11yNode): string[] {
  const open = root.role === 'menu' && root.states.includes('expanded') ? [root.name] : [];
  return [...open, ...root.children.flatMap(menusOpen)];
}
