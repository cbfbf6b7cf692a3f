/**
 * Acceptance: a rename in a Qt 5 file manager, through the tools a client sees only. pcmanfm-qt
 * shows the folder; the agent selects the file in the view, runs Edit > Rename (pcmanfm-qt opens
 * its editor over the item, inside the view: an editor Qt's view accessible does not list among
 * its children, read through its focus event: src/platform/linux/atspi/focusedEditors.ts) and
 * sets the new name: set_field confirms an item's editor as a person does, and answers once the
 * editor has closed. The truth is the disk: the file has its new name with
 * its bytes, the old name is gone, the other file is untouched. Qt prints no warning meanwhile.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { ProtocolWindow } from '../../../src/protocol/schemas.js';
import { expectAppsQuiet } from '../helpers/appLogs.js';
import { displayStack, waitFor } from '../helpers/desktop.js';
import { launchQtApp } from './qtAppLaunch.js';
import { fieldsOf, menuOffering, windowShowing } from './qtTaskSteps.js';
import { runScenario } from './scenario.js';
import { makeRenameFolder } from './scenarios/renameFolder.js';
import { expectTool } from './scenarios/checks.js';

// Off CI without the app or the display stack this skips; CI installs them and never skips.
const stack = displayStack(['pcmanfm-qt']);

const TITLE = /^reports$/;

const listed = (w: ProtocolWindow) => w.blocks.some((b) => b.type === 'list' && b.items.includes('draft.txt'));
const fieldValue = (w: ProtocolWindow, label: string) => fieldsOf(w).find((f) => f.label === label)?.value;

describe.skipIf(stack.skip)('agent task: rename a file in a Qt file manager', () => {
  it('pcmanfm-qt: select the file, Edit > Rename, set_field in its editor: the new name on disk', async () => {
    let disk: Record<string, unknown> = {};
    await runScenario({
      name: 'pcmanfm-qt: rename',
      apps: [],
      async run({ agent, desktop, scratch }) {
        const folder = makeRenameFolder(scratch);
        await launchQtApp(desktop, scratch, 'pcmanfm-qt', [folder]);
        const main = await windowShowing(agent, TITLE, listed, 'draft.txt in its view');
        // The view has no caption: select names it by its kind, as its tool's enum says.
        await agent.must(expectTool(await agent.tools(), `${main.id}__select`), { field: 'List', option: 'draft.txt' });
        // Edit > Rename is offered only while a file is selected.
        await agent.must(await menuOffering(agent, main.id, 'Edit > Rename'), { path: 'Edit > Rename' });
        // The editor opens over the item with its current name, and is the window's text field.
        await windowShowing(agent, TITLE, (w) => fieldValue(w, 'Text') === 'draft.txt', 'the rename editor (Text "draft.txt")');
        const set = await agent.must(expectTool(await agent.tools(), `${main.id}__set_field`), { field: 'Text', value: 'final-report.txt' });
        expect(set.result).toEqual({ via: expect.stringMatching(/^(editable_text|typing)$/) });
        expect(set.message).toMatch(/confirmed: its editor closed/);
        await waitFor(() => existsSync(join(folder, 'final-report.txt')), 15_000);
        // The view shows the new name too: what the agent reads agrees with the disk.
        await windowShowing(
          agent,
          TITLE,
          (w) => w.blocks.some((b) => b.type === 'list' && b.items.includes('final-report.txt')),
          'final-report.txt in its view',
        );
        expectAppsQuiet(desktop);
        disk = {
          files: readdirSync(folder).sort(),
          renamed: readFileSync(join(folder, 'final-report.txt'), 'utf8'),
          other: readFileSync(join(folder, 'other.txt'), 'utf8'),
        };
      },
    });
    expect(disk).toEqual({ files: ['final-report.txt', 'other.txt'], renamed: 'Quarterly draft\n', other: 'Leave me\n' });
  }, 180_000);
});
