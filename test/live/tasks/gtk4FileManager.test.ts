/**
 * Acceptance: a rename in a GTK 4 file manager, through the tools a client sees only. Nautilus
 * shows the folder in its grid view (a GtkGridView: its items become selectable only once
 * selected, so the probe marks the view as one that selects its items); the agent selects the
 * file, runs the window's `view.rename` command (Nautilus opens its rename popover in the same
 * window), sets the new name and presses Rename. The truth is the disk: the file has
 * its new name, with its bytes, and the other file is untouched. The app prints no critical or
 * warning but those it prints on its own (test/live/helpers/appLogs.ts).
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { ProtocolWindow } from '../../../src/protocol/schemas.js';
import { expectAppsQuiet } from '../helpers/appLogs.js';
import { displayStack, waitFor } from '../helpers/desktop.js';
import type { ScriptedAgent } from './agent.js';
import { toolOffering } from './qtTaskSteps.js';
import { runScenario } from './scenario.js';
import { makeRenameFolder, renameOnDisk } from './scenarios/renameFolder.js';
import { expectTool, fail } from './scenarios/checks.js';

// Off CI without the app or the display stack this skips; CI installs them and never skips.
const stack = displayStack(['nautilus']);

const TITLE = /^reports$/;
const RENAME_FIELD = 'Rename File';

const fieldsOf = (window: ProtocolWindow) => window.blocks.flatMap((b) => (b.type === 'fields' ? b.items : []));

/** The window once its rename popover shows the field to type the new name into. */
async function renameField(agent: ScriptedAgent): Promise<ProtocolWindow> {
  const until = Date.now() + 20_000;
  for (;;) {
    const window = await agent.waitForWindow(TITLE);
    if (fieldsOf(window).some((f) => f.label === RENAME_FIELD)) return window;
    if (Date.now() > until) fail(`F2 opened no rename field: ${JSON.stringify(window.blocks)}`);
    await agent.waitForUpdate();
  }
}

describe.skipIf(stack.skip)('agent task: rename a file in a GTK 4 file manager', () => {
  it('Nautilus: select the file in the grid, its rename command, the new name on disk', async () => {
    let disk: Record<string, unknown> = {};
    const calls: Record<string, unknown>[] = [];
    await runScenario({
      name: 'nautilus: rename',
      apps: [],
      async run({ agent, desktop, scratch }) {
        const folder = makeRenameFolder(scratch);
        await desktop.launch('nautilus', ['--new-window', folder]);
        const main = await agent.waitForWindow(TITLE);
        // The grid view's list is named by its kind, as the select tool's enum says.
        calls.push(await agent.must(expectTool(await agent.tools(), `${main.id}__select`), { field: 'List', option: 'draft.txt' }));
        // Nautilus opens with the keyboard focus in its path bar, where F2 renames nothing, and GTK
        // 4 lets no AT move the focus; the window offers its view's commands by name instead, the
        // rename among them once a file is selected (what F2 and the context menu run).
        const command = await toolOffering(agent, `${main.id}__command`, 'view.rename');
        calls.push(await agent.must(command, { command: 'view.rename' }));
        await renameField(agent);
        await agent.must(expectTool(await agent.tools(), `${main.id}__set_field`), { field: RENAME_FIELD, value: 'final-report.txt' });
        // GTK 4 names the button "_Rename Rename" (its mnemonic label, then its text): the probe reads "Rename".
        await agent.must(expectTool(await agent.tools(), `${main.id}__press`), { button: 'Rename' });
        await waitFor(() => existsSync(join(folder, 'final-report.txt')), 10_000);
        expectAppsQuiet(desktop);
        disk = renameOnDisk(folder);
      },
    });
    // The selection went through the view's Selection interface (no pointer, no key).
    expect(calls[0]).toMatchObject({ result: { via: 'selection' } });
    expect(calls[1]).toMatchObject({ message: expect.stringMatching(/^Ran "view\.rename"\. The window changed/) });
    expect(disk).toEqual({ renamed: 'Quarterly draft\n', old: false, other: 'Leave me\n' });
  }, 180_000);
});
