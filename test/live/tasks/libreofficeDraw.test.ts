/**
 * Acceptance: LibreOffice Draw, through the tools a client sees only. A drawing prepared on disk
 * holds one rectangle labelled "Draft label"; the agent finds the rectangle's text among the
 * window's fields (a shape's paragraph is a text field of the shape, named after it), replaces it
 * with set_field (the paragraph's EditableText), reads the new text back from the window, and
 * saves with `menu` "File > Save". The truth is the disk: the .odg's content.xml holds the new
 * text and not the old one. LibreOffice prints no critical or warning meanwhile.
 */
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';
import { expectAppsQuiet } from '../helpers/appLogs.js';
import { displayStack, waitFor } from '../helpers/desktop.js';
import { runScenario } from './scenario.js';
import { expectTool, fail } from './scenarios/checks.js';
import { contentOf, writeDrawing } from './scenarios/odfPackage.js';
import { windowShowing } from './scenarios/windowFields.js';

// Off CI without LibreOffice or the display stack this skips; CI installs them and never skips.
const stack = displayStack(['soffice']);

const OLD_TEXT = 'Draft label';
const NEW_TEXT = 'Final label';
const TITLE = /^label\.odg - LibreOffice Draw$/;

/** content.xml once LibreOffice has written it with `text` (null meanwhile: the file is rewritten in place). */
function savedWith(file: string, text: string): string | null {
  try {
    const content = contentOf(file);
    return content.includes(`>${text}<`) ? content : null;
  } catch {
    return null;
  }
}

describe.skipIf(stack.skip)('agent task: a shape in LibreOffice Draw', () => {
  it("Draw: the rectangle's text replaced with set_field, read back, saved with File > Save", async () => {
    let content = '';
    await runScenario({
      name: 'libreoffice draw: shape text and save',
      apps: [],
      async run({ agent, desktop, scratch }) {
        const drawing = join(scratch, 'label.odg');
        writeDrawing(drawing, OLD_TEXT);
        const profile = pathToFileURL(join(scratch, 'profile')).href;
        await desktop.launch('soffice', [`-env:UserInstallation=${profile}`, '--norestore', '--nologo', '--draw', drawing]);
        // A first start with an empty profile takes 10–40 s, more on a loaded machine.
        const opened = await agent.waitForWindow(TITLE, 180_000);
        const draw = await windowShowing(agent, TITLE, 'Rectangle', OLD_TEXT, 60_000);
        if (!draw) fail(`the page shows no rectangle reading "${OLD_TEXT}": ${JSON.stringify((await agent.operableWindow(TITLE))?.blocks ?? opened.blocks)}`);
        const set = await agent.must(expectTool(await agent.tools(), `${draw.id}__set_field`), { field: 'Rectangle', value: NEW_TEXT });
        expect(set.result).toEqual({ via: 'editable_text' });
        // set_field answered once the window showed the text; a fresh read shows it too.
        if (!(await windowShowing(agent, TITLE, 'Rectangle', NEW_TEXT, 30_000))) fail(`the rectangle does not read "${NEW_TEXT}"`);
        await agent.must(expectTool(await agent.tools(), `${draw.id}__menu`), { path: 'File > Save' });
        content = await waitFor(() => savedWith(drawing, NEW_TEXT), 60_000, 250).catch(() => fail(`${drawing} was not saved with "${NEW_TEXT}"`));
        expectAppsQuiet(desktop);
      },
    });
    expect(content).toContain(`>${NEW_TEXT}<`);
    expect(content).not.toContain(OLD_TEXT);
  }, 400_000);
});
