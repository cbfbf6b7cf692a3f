/**
 * Acceptance: Save As in a GTK 4 text editor, through the tools a client sees only. GNOME Text
 * Editor opens a file; the agent replaces the document's text (set_field on the document), opens
 * Save As from the main menu button's popover (`menu` "Menu > Save As…": GTK 4 builds that
 * popover only when it opens; the dialog is in openedWindowIds), picks Line Ending "Windows
 * (CR+LF)" with `select` (a GtkDropDown: its options exist only once its popover opens; an option it
 * does not have answers validation_failed with those it has), and chooses an absolute path in GTK
 * 4's file chooser (`choose`: the path typed into Name, Save pressed). The truth is the disk: the
 * new file holds the text with CRLF line endings (the editor ends the last line), the opened file
 * is untouched. The app prints no critical or warning but those it prints on its own
 * (test/live/helpers/appLogs.ts).
 */
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { expectAppsQuiet } from '../helpers/appLogs.js';
import { displayStack, waitFor } from '../helpers/desktop.js';
import { runScenario } from './scenario.js';
import { expectTool, fail } from './scenarios/checks.js';

// Off CI without the app or the display stack this skips; CI installs them and never skips.
const stack = displayStack(['gnome-text-editor']);

const TEXT = 'Quarterly figures checked on 2 December\nSecond line';
/** What the disk holds once saved with Windows line endings (the editor ends the last line). */
const SAVED = `${TEXT}\n`.replace(/\n/g, '\r\n');

describe.skipIf(stack.skip)('agent task: Save As in a GTK 4 app', () => {
  it('GNOME Text Editor: the text set, Save As from its menu button, choose in the GTK 4 chooser, the new file on disk', async () => {
    let disk: Record<string, unknown> = {};
    const calls: Record<string, unknown>[] = [];
    const lineEnding: Record<string, unknown>[] = [];
    await runScenario({
      name: 'gnome-text-editor: Save As',
      apps: [],
      async run({ agent, desktop, scratch }) {
        const opened = join(scratch, 'notes.txt');
        const saved = join(scratch, 'figures.txt');
        writeFileSync(opened, 'Hello\n');
        await desktop.launch('gnome-text-editor', ['--standalone', opened]);
        const main = await agent.waitForWindow(/^notes\.txt .* - Text Editor$/);
        calls.push(await agent.must(expectTool(await agent.tools(), `${main.id}__set_field`), { field: 'Text', value: TEXT }));
        const menu = expectTool(await agent.tools(), `${main.id}__menu`);
        calls.push(await agent.must(menu, { path: 'Menu' }));
        const ran = await agent.must(menu, { path: 'Menu > Save As...' });
        const chooser = (ran.openedWindowIds as string[] | undefined)?.[0];
        if (!chooser) fail(`"Menu > Save As…" opened no window: ${JSON.stringify(ran)}`);
        const dialog = await agent.waitForWindow(/^Save As$/);
        if (dialog.id !== chooser) fail(`the window opened is ${chooser}, the Save As dialog ${dialog.id}`);
        if (!/ file chooser /.test(dialog.summary ?? '')) fail(`the Save As dialog is not read as a file chooser: ${dialog.summary}`);
        // Line Ending is a GtkDropDown: its options exist only once its popover opens.
        const select = expectTool(await agent.tools(), `${chooser}__select`);
        const wrong = await agent.call(select, { field: 'Line Ending', option: 'Amiga (LF+CR)' });
        lineEnding.push({ isError: wrong.isError, ...wrong.structured }, await agent.must(select, { field: 'Line Ending', option: 'windows (cr+lf)' }));
        calls.push(await agent.must(expectTool(await agent.tools(), `${chooser}__choose`), { path: saved }));
        // Waits for the text whatever its line endings, so that a failure shows what was saved.
        await waitFor(() => existsSync(saved) && readFileSync(saved, 'utf8').replace(/\r\n/g, '\n') === `${TEXT}\n`, 15_000);
        await agent.waitForWindow(/^figures\.txt .* - Text Editor$/);
        expectAppsQuiet(desktop);
        disk = { saved: readFileSync(saved, 'utf8'), opened: readFileSync(opened, 'utf8') };
      },
    });
    expect(calls[0]).toMatchObject({ result: { via: 'editable_text' } });
    expect(calls[1]).toMatchObject({ message: expect.stringContaining('"Menu > Save As…"') });
    expect(calls[2]).toMatchObject({ result: { outcome: 'chosen' }, openedWindowIds: [] });
    expect(lineEnding[0]).toMatchObject({ isError: true, code: 'validation_failed', fields: [{ field: 'option' }] });
    expect(JSON.stringify(lineEnding[0])).toContain('Windows (CR+LF)');
    expect(lineEnding[1]).toMatchObject({ message: 'Chose "Windows (CR+LF)" in Line Ending.', result: { via: 'keyboard' } });
    expect(disk).toEqual({ saved: SAVED, opened: 'Hello\n' });
  }, 180_000);
});
