/**
 * Acceptance: submenus an app builds only when they open, below the menu bar, in two more
 * toolkits than Thunderbird's (thunderbird.test.ts). Mousepad (GTK 3) fills File › New From
 * Template from the templates folder each time it opens: its path answers with the template,
 * opened by its mnemonic keys and closed again, and the template's item, which has no key of its
 * own, runs once its menus are open (DoAction on a closed GTK 3 item prints criticals). Firefox
 * ESR (Gecko) builds View › Toolbars › Bookmarks Toolbar three menus deep, and Tools › Browser
 * Tools › Task Manager runs from a fresh menu bar. Neither app prints a critical or warning.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { A11yNode } from '../../../src/platform/probe.js';
import { expectAppsQuiet } from '../helpers/appLogs.js';
import { pyatspiWindow } from '../helpers/coverage.js';
import { displayStack } from '../helpers/desktop.js';
import { launchFirefox } from '../helpers/firefoxApp.js';
import { runScenario } from './scenario.js';
import { dumpNodes } from './scenarios/a11yDump.js';
import { expectTool } from './scenarios/checks.js';
import { windowShowing } from './qtTaskSteps.js';

const mousepad = displayStack(['mousepad']);
const firefox = displayStack(['firefox-esr']);

const TEMPLATE = 'Dear reader, this came from a template.';

/** Menus of a pyatspi dump that are open: expanded, or showing items. */
function openMenus(root: A11yNode): string[] {
  return dumpNodes(root)
    .filter((n) => n.role === 'menu' && (n.states.includes('expanded') || n.children.some((c) => c.states.includes('showing') && c.states.includes('visible'))))
    .map((n) => n.name.trim());
}

describe.skipIf(mousepad.skip)('agent task: a GTK 3 submenu filled when it opens', () => {
  it('Mousepad: File > New From Template lists the template and closes again, its entry opens it in a new document', async () => {
    const seen: Record<string, unknown> = {};
    await runScenario({
      name: 'mousepad: templates submenu',
      apps: [],
      async run({ agent, desktop, scratch }) {
        const home = join(scratch, 'home');
        mkdirSync(join(home, 'Templates'), { recursive: true });
        writeFileSync(join(home, 'Templates', 'Letter.txt'), `${TEMPLATE}\n`);
        await desktop.launch('env', [`HOME=${home}`, 'mousepad']);
        const main = await agent.waitForWindow(/^Untitled 1 - Mousepad$/, 30_000);
        const menu = expectTool(await agent.tools(), `${main.id}__menu`);
        seen.listed = (await agent.must(menu, { path: 'File > New From Template' })).message;
        seen.openAfterListing = openMenus(await pyatspiWindow(desktop, 'mousepad', 'Mousepad'));
        seen.ran = (await agent.must(menu, { path: 'File > New From Template > Letter' })).message;
        const letter = await agent.waitForWindow(/^Untitled 2 - Mousepad$/, 20_000);
        seen.text = JSON.stringify(letter.blocks).includes(TEMPLATE);
        seen.openAfterRun = openMenus(await pyatspiWindow(desktop, 'mousepad', 'Mousepad'));
        expectAppsQuiet(desktop);
      },
    });
    expect(seen.listed).toMatch(/^The File > New From Template menu holds 1 entries: "File > New From Template > Letter"\./);
    expect(seen.openAfterListing).toEqual([]);
    expect(seen.ran).toMatch(/^Ran "File > New From Template > Letter" \(opened File > New From Template first\)\./);
    expect(seen.text).toBe(true);
    expect(seen.openAfterRun).toEqual([]);
  }, 180_000);
});

describe.skipIf(firefox.skip)('agent task: Gecko submenus filled when they open, three deep', () => {
  it('Firefox ESR: View > Toolbars > Bookmarks Toolbar lists its entries, Tools > Browser Tools > Task Manager opens the task manager', async () => {
    const seen: Record<string, unknown> = {};
    await runScenario({
      name: 'firefox: nested menus',
      apps: [],
      async run({ agent, desktop }) {
        const browser = await launchFirefox(desktop, 'about:blank');
        try {
          // The first window shows before its accessible does (window-only, no menu tool yet).
          const hasMenu = async (w: { id: string }) => (await agent.tools()).some((t) => t.name === `${w.id}__menu`);
          const main = await windowShowing(agent, /Mozilla Firefox$/, hasMenu, 'its menu bar', 90_000);
          const menu = expectTool(await agent.tools(), `${main.id}__menu`);
          seen.listed = (await agent.must(menu, { path: 'View > Toolbars > Bookmarks Toolbar' })).message;
          seen.openAfterListing = openMenus(await pyatspiWindow(desktop, 'Firefox', 'Mozilla Firefox'));
          seen.ran = (await agent.must(menu, { path: 'Tools > Browser Tools > Task Manager' })).message;
          seen.title = (await agent.waitForWindow(/^Process Manager/, 20_000)).title;
          expectAppsQuiet(desktop);
        } finally {
          await browser.app.kill();
          browser.cleanUp();
        }
      },
    });
    expect(seen.listed).toMatch(/^The View > Toolbars > Bookmarks Toolbar menu holds 3 entries: "View > Toolbars > Bookmarks Toolbar > Always Show", /);
    expect(seen.openAfterListing).toEqual([]);
    expect(seen.ran).toMatch(/^Ran "Tools > Browser Tools > Task Manager" \(opened Tools > Browser Tools first\)\./);
    expect(seen.title).toMatch(/^Process Manager/);
  }, 240_000);
});
