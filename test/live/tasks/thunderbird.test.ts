/**
 * Agent task: write a message in Thunderbird (Gecko) and save it as a draft, through the tools a
 * client sees only. The agent presses New Message in the 3-pane window, fills To and Subject and
 * the message body with set_field (each write read back), runs the compose window's File > Save
 * and closes the window with its close tool. The truth is the profile on disk: Local Folders'
 * Drafts mbox holds one message with the recipient, the subject and the body's lines.
 * Thunderbird prints no GLib critical or warning meanwhile.
 */
import { existsSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { expectAppsQuiet } from '../helpers/appLogs.js';
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
  it('Thunderbird: New Message, To, Subject and body by set_field, File > Save, the draft in the Drafts mbox', async () => {
    let draft = '';
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
          const pressed = await agent.must(expectTool(await agent.tools(), `${main.id}__press`), { button: 'New Message' });
          if (!Array.isArray(pressed.openedWindowIds) || pressed.openedWindowIds.length !== 1) fail(`New Message opened no window: ${JSON.stringify(pressed)}`);
          const blank = await windowShowing(agent, COMPOSE, (w) => fieldsOf(w).some((f) => f.label === 'Message body'), 'its message body as a field', 30_000);
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
    console.log(`[thunderbird draft] routes: ${JSON.stringify(routes)}`);
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
