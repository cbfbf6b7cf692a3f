/**
 * Acceptance: LibreOffice Impress, through the tools a client sees only. A new presentation
 * starts with the template chooser, closed by its Close button; the first slide's title
 * placeholder is a text field of the slide (a shape's paragraph, named after the shape), which the
 * agent sets with set_field (the paragraph's EditableText), reads back from the slide, and saves
 * through `menu` "File > Save As..." and `choose` in the save dialog. The truth is the disk: the
 * .odp's content.xml holds the title. LibreOffice prints no critical or warning meanwhile (its
 * ATK wrapper warns about every action description a client asks for: action names are asked one
 * by one, as libatspi does; about every text range past a text's end: its status bar fields
 * change as the dialogs close, so a text is asked whole; and its GTK 3 menu bar prints criticals
 * when a closed menu's item is run with DoAction: the menu tool presses the item's keys).
 */
import { existsSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';
import { expectAppsQuiet } from '../helpers/appLogs.js';
import { displayStack, waitFor } from '../helpers/desktop.js';
import type { ScriptedAgent } from './agent.js';
import { runScenario } from './scenario.js';
import { expectTool, fail } from './scenarios/checks.js';
import { contentOf } from './scenarios/odfPackage.js';
import { windowShowing } from './scenarios/windowFields.js';

// Off CI without LibreOffice or the display stack this skips; CI installs them and never skips.
const stack = displayStack(['soffice']);

const TITLE = 'Quarterly review';
const IMPRESS = /LibreOffice Impress$/;

/** The slide's title placeholder: a text field of the slide, named after its shape. */
const TITLE_FIELD = 'PresentationTitle';

/** Save As from the menu, then the path chosen in the save dialog; resolves once the file is on disk. */
async function saveAs(agent: ScriptedAgent, winId: string, target: string): Promise<void> {
  const opened = await agent.must(expectTool(await agent.tools(), `${winId}__menu`), { path: 'File > Save As...' });
  const dialogId = await waitFor(async () => {
    const ids = (opened.openedWindowIds as string[] | undefined) ?? [];
    const snapshot = await agent.read();
    return snapshot.windows.find((w) => ids.includes(w.id) || /^Save( As)?$/.test(w.title))?.id ?? null;
  }, 60_000);
  // The dialog's tools are listed once it has been read (a file chooser's first read takes a while).
  const choose = await waitFor(async () => (await agent.tools()).find((t) => t.name === `${dialogId}__choose`)?.name ?? null, 60_000);
  await agent.must(choose, { path: target });
  await waitFor(() => (existsSync(target) && statSync(target).size > 0 ? true : null), 60_000);
}

describe.skipIf(stack.skip)('agent task: a presentation in LibreOffice Impress', () => {
  it('Impress: the title set on the first slide, read back, saved through Save As', async () => {
    let content = '';
    await runScenario({
      name: 'libreoffice impress: title and save as',
      apps: [],
      async run({ agent, desktop, scratch }) {
        const profile = pathToFileURL(join(scratch, 'profile')).href;
        await desktop.launch('soffice', [`-env:UserInstallation=${profile}`, '--norestore', '--nologo', '--impress']);
        // A first start with an empty profile takes 10–40 s, more on a loaded machine.
        const chooser = await agent.waitForWindow(/^Select a Template$/, 180_000);
        await agent.must(expectTool(await agent.tools(), `${chooser.id}__press`), { button: 'Close' });
        const opened = await agent.waitForWindow(IMPRESS, 60_000);
        const impress = await windowShowing(agent, IMPRESS, TITLE_FIELD, 'Click to add Title', 30_000);
        if (!impress) fail(`the slide shows no title placeholder: ${JSON.stringify((await agent.operableWindow(IMPRESS))?.blocks ?? opened.blocks)}`);
        const set = await agent.must(expectTool(await agent.tools(), `${impress.id}__set_field`), { field: TITLE_FIELD, value: TITLE });
        expect(set.result).toEqual({ via: 'editable_text' });
        // The placeholder's paragraph now holds the title: the slide is read through its shapes.
        if (!(await windowShowing(agent, IMPRESS, TITLE_FIELD, TITLE, 30_000))) fail(`the slide does not show "${TITLE}"`);
        const odp = join(scratch, 'review.odp');
        await saveAs(agent, impress.id, odp);
        await agent.waitForWindow(/^review\.odp - LibreOffice Impress$/, 60_000);
        content = contentOf(odp);
        expectAppsQuiet(desktop);
      },
    });
    expect(content).toContain(`>${TITLE}<`);
  }, 400_000);
});
