/**
 * Acceptance: an app whose menu bar menus have no items until they open (Thunar builds them on
 * opening) still gets a `menu` tool: a menu's own path answers with its entries (and leaves the
 * menu closed), an entry's path opens the menu and runs it, a wrong one lists what is there. The
 * app prints no critical or warning meanwhile.
 */
import { describe, expect, it } from 'vitest';
import { expectAppsQuiet } from '../helpers/appLogs.js';
import { displayStack } from '../helpers/desktop.js';
import { runScenario } from './scenario.js';
import { expectTool } from './scenarios/checks.js';

// Off CI without the app or the display stack this skips; CI installs them and never skips.
const stack = displayStack(['thunar']);

describe.skipIf(stack.skip)('agent task: menus filled only when they open', () => {
  it('Thunar: File lists its entries, Help > About opens the About window, an unknown entry names the real ones', async () => {
    const seen: Record<string, unknown>[] = [];
    await runScenario({
      name: 'thunar: lazy menus',
      apps: ['thunar'],
      async run({ agent, desktop }) {
        const main = await agent.waitForWindow(/ - Thunar$/);
        const menu = expectTool(await agent.tools(), `${main.id}__menu`);
        const listed = await agent.must(menu, { path: 'File' });
        // The menu was closed again: the window is still the operable one, nothing else opened.
        const after = await agent.read();
        seen.push({ listed, operable: after.operableWindowIds, mainId: main.id });
        const unknown = await agent.call(menu, { path: 'View > No Such Entry' });
        seen.push({ unknown });
        const about = await agent.must(menu, { path: 'Help > About' });
        const windows = (await agent.read()).windows.map((w) => w.title);
        seen.push({ about, windows });
        expectAppsQuiet(desktop);
      },
    });
    const [first, second, third] = seen as [Record<string, unknown>, Record<string, unknown>, Record<string, unknown>];
    expect((first.listed as { message: string }).message).toMatch(/^The File menu holds \d+ entries: .*"File > New Window"/);
    expect(first.operable).toEqual([first.mainId]);
    expect(second.unknown).toMatchObject({ isError: true, structured: { code: 'validation_failed' } });
    expect(JSON.stringify(second.unknown)).toMatch(/View > /);
    expect((third.about as { message: string; openedWindowIds: string[] }).message).toMatch(/^Ran "Help > About" \(opened Help first\)\./);
    expect((third.about as { openedWindowIds: string[] }).openedWindowIds).toHaveLength(1);
    expect(third.windows).toContain('About thunar');
  }, 180_000);
});
