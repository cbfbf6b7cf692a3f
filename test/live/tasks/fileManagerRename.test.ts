/**
 * Acceptance: a rename in a file manager, through the tools a client sees only. Thunar shows the
 * folder, the agent switches it to its list view (menu: the View menu is filled only when it
 * opens), selects the file in the list, runs Edit > Rename… (Thunar's own rename dialog opens),
 * types the new name and presses Rename. The truth is the disk: the file has its new name, with
 * its bytes, and the other file is untouched. The app prints no critical or warning meanwhile.
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { expectAppsQuiet } from '../helpers/appLogs.js';
import { displayStack, waitFor } from '../helpers/desktop.js';
import { runScenario } from './scenario.js';
import { makeRenameFolder, renameOnDisk } from './scenarios/renameFolder.js';
import { expectTool, fail } from './scenarios/checks.js';

// Off CI without the app or the display stack this skips; CI installs them and never skips.
const stack = displayStack(['thunar']);

describe.skipIf(stack.skip)('agent task: rename a file in a file manager', () => {
  it('Thunar: list view, select the file, Edit > Rename…, the new name on disk', async () => {
    let disk: Record<string, unknown> = {};
    await runScenario({
      name: 'thunar: rename',
      apps: [],
      async run({ agent, desktop, scratch }) {
        const folder = makeRenameFolder(scratch);
        await desktop.launch('thunar', [folder]);
        const main = await agent.waitForWindow(/^reports - Thunar$/);
        const menu = expectTool(await agent.tools(), `${main.id}__menu`);
        await agent.must(menu, { path: 'View > List View' });
        const select = expectTool(await agent.tools(), `${main.id}__select`);
        const listed = await agent.waitForWindow(/^reports - Thunar$/);
        const table = listed.blocks.find((b) => b.type === 'table' && b.columns.includes('Name'));
        if (!table || table.type !== 'table') fail(`the list view shows no file table: ${JSON.stringify(listed.blocks)}`);
        // The list has no caption: select names it by its kind, as its tool's enum says.
        await agent.must(select, { field: 'Table', option: 'draft.txt' });
        const opened = await agent.must(menu, { path: 'Edit > Rename...' });
        const dialog = (opened.openedWindowIds as string[] | undefined)?.[0];
        if (!dialog) fail(`Edit > Rename… opened no window: ${JSON.stringify(opened)}`);
        await agent.must(expectTool(await agent.tools(), `${dialog}__set_field`), { field: 'Enter the new name', value: 'final-report.txt' });
        await agent.must(expectTool(await agent.tools(), `${dialog}__press`), { button: 'Rename' });
        await waitFor(() => existsSync(join(folder, 'final-report.txt')), 10_000);
        expectAppsQuiet(desktop);
        disk = renameOnDisk(folder);
      },
    });
    expect(disk).toEqual({ renamed: 'Quarterly draft\n', old: false, other: 'Leave me\n' });
  }, 180_000);
});
