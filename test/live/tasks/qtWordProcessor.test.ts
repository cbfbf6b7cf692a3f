/**
 * Acceptance: writing in a Qt 6 word processor, through the tools a client sees only. FocusWriter
 * opens a plain text; the agent types a sentence into the document (type_text: the keys go where
 * its caret is), reads it back in the document's text, and saves with File > Save. The truth is
 * the file on disk: the original text with the sentence inserted, nothing else changed. Qt prints
 * no warning meanwhile.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { expectAppsQuiet } from '../helpers/appLogs.js';
import { displayStack, waitFor } from '../helpers/desktop.js';
import { launchQtApp } from './qtAppLaunch.js';
import { menuOffering, windowShowing } from './qtTaskSteps.js';
import { runScenario } from './scenario.js';
import { expectTool } from './scenarios/checks.js';

// Off CI without the app or the display stack this skips; CI installs them and never skips.
const stack = displayStack(['focuswriter']);

/** FocusWriter marks an unsaved document with a star after its name. */
const TITLE = /^notes\.txt\*? — FocusWriter$/;
const ORIGINAL = 'The corpus text has two lines.\nThe second line.\n';
const TYPED = 'Dear reader, ';

const documentText = (blocks: unknown[]) => JSON.stringify(blocks);

describe.skipIf(stack.skip)('agent task: write and save in a Qt word processor', () => {
  it('FocusWriter: type_text into the document, File > Save: the sentence on disk', async () => {
    let saved = '';
    let typedVia: unknown;
    await runScenario({
      name: 'focuswriter: type and save',
      apps: [],
      async run({ agent, desktop, scratch }) {
        const file = join(scratch, 'notes.txt');
        writeFileSync(file, ORIGINAL);
        await launchQtApp(desktop, scratch, 'focuswriter', [file]);
        const main = await windowShowing(agent, TITLE, (w) => documentText(w.blocks).includes('The second line.'), 'the document text');
        const typed = await agent.must(expectTool(await agent.tools(), `${main.id}__type_text`), { text: TYPED });
        typedVia = typed.result;
        // The document's text (read back through AT-SPI) holds the sentence before it is saved.
        const edited = await windowShowing(agent, TITLE, (w) => documentText(w.blocks).includes(TYPED.trim()), 'the typed sentence in its text');
        // File > Save is offered once the document has changes.
        await agent.must(await menuOffering(agent, edited.id, 'File > Save'), { path: 'File > Save' });
        await waitFor(() => readFileSync(file, 'utf8').includes(TYPED), 15_000);
        // The title loses its star once the file is written: the app agrees it is saved.
        await windowShowing(agent, /^notes\.txt — FocusWriter$/, () => true, 'the saved title');
        expectAppsQuiet(desktop);
        saved = readFileSync(file, 'utf8');
      },
    });
    expect(typedVia).toEqual({ via: 'keyboard' });
    // Typed where the caret was: removing the sentence gives the original text back.
    expect(saved).toContain(TYPED);
    expect(saved.replace(TYPED, '')).toBe(ORIGINAL);
  }, 180_000);
});
