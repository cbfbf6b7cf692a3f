/**
 * Agent task: save a draft with the compose window's Save button. Save is a split button (a
 * toolbar button of type "menu": its face saves, its drop-marker opens Save as File/Draft/
 * Template); Gecko exposes one push button whose only action opens the menu, so a press that
 * trusted the action saved nothing. `press` sees its menu open, closes it and presses the face as
 * a person does. The truth is the profile on disk: Local Folders' Drafts mbox holds the message;
 * a pyatspi dump of the compose window shows the Save menu closed. Thunderbird prints no GLib
 * critical or warning meanwhile.
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
import { dumpNodes } from './scenarios/a11yDump.js';
import { expectTool, fail } from './scenarios/checks.js';
import { fieldsOf, windowShowing } from './qtTaskSteps.js';
import { localFolder, withIdentity } from './scenarios/thunderbirdIdentity.js';

let profile = '';
const THUNDERBIRD = withIdentity(corpusApp('thunderbird'), (folder) => (profile = folder));
const stack = displayStack([THUNDERBIRD.command]);

const SUBJECT = 'Saved by the Save button';
const BODY = 'The toolbar button saved this draft.';
const COMPOSE = /^Write: .* - Thunderbird$/;

/** The Save button of a pyatspi dump and whether its menu shows. */
function saveButton(dump: A11yNode): { found: boolean; menuShown: boolean } {
  const button = dumpNodes(dump).find((n) => n.role === 'push_button' && n.name === 'Save');
  const menu = button?.children.find((c) => c.role === 'menu');
  return { found: !!button, menuShown: !!menu && menu.states.includes('visible') };
}

describe.skipIf(stack.skip)('agent task: a split button whose action only opens its menu', () => {
  it('Thunderbird compose: press "Save" saves the draft (its face, not its menu), the menu left closed', async () => {
    let draft = '';
    let pressed = '';
    let save = { found: false, menuShown: true };
    await runScenario({
      name: 'thunderbird: the Save split button',
      apps: [],
      async run({ agent, desktop, scratch }) {
        const running = await launchCorpusApp(desktop, THUNDERBIRD, prepareDocuments(scratch));
        try {
          const startMs = (THUNDERBIRD.startSeconds ?? 60) * 1000;
          const main = await windowShowing(agent, /^Inbox - Local Folders/, (w) => w.blocks.length > 0, 'the 3-pane window', startMs);
          await agent.must(expectTool(await agent.tools(), `${main.id}__menu`), { path: 'File > New > Message' });
          const blank = await windowShowing(agent, COMPOSE, (w) => fieldsOf(w).some((f) => f.label === 'Message body'), 'its message body as a field', 30_000);
          const setField = expectTool(await agent.tools(), `${blank.id}__set_field`);
          const subject = fieldsOf(blank).find((f) => /^Subject/.test(f.label))?.label ?? fail(`no Subject field: ${JSON.stringify(fieldsOf(blank))}`);
          await agent.must(setField, { field: subject, value: SUBJECT });
          await agent.must(setField, { field: 'Message body', value: BODY });
          const filled = await agent.waitForWindow(new RegExp(`^Write: ${SUBJECT} - Thunderbird$`));

          const result = await agent.must(expectTool(await agent.tools(), `${filled.id}__press`), { button: 'Save' });
          pressed = String(result.message);
          const drafts = localFolder(profile, 'Drafts');
          draft = await waitFor(() => (existsSync(drafts) && readFileSync(drafts, 'utf8').includes(BODY) ? readFileSync(drafts, 'utf8') : null), 30_000);
          save = saveButton(await pyatspiWindow(desktop, THUNDERBIRD.atspiName, 'Write: '));
          expectAppsQuiet(desktop);
        } finally {
          await running.stop();
        }
      },
    });
    console.log(`[thunderbird save button] ${pressed}`);
    expect(pressed).toMatch(/^Pressed "Save" on its face, by pointer \(its action only opens its menu\)\./);
    expect(draft).toMatch(new RegExp(`^Subject: ${SUBJECT}$`, 'm'));
    expect(draft).toContain(BODY);
    expect(save).toEqual({ found: true, menuShown: false });
  }, 300_000);
});
