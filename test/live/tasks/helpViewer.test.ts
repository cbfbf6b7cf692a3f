/**
 * Agent task: read a help page in Yelp and follow a link, through the tools a client sees only.
 * Yelp (GTK 3) shows its pages in WebKitGTK, whose web process serves its own accessibility tree
 * under an AtkSocket of Yelp's window: the socket lists no children (GetChildren) although it
 * counts one, and the socket, the embedded root and the web view's scroll pane say neither
 * `visible` nor `showing`. Truth: pyatspi's dump of the same window (it crosses the socket as
 * libatspi does; Yelp names its frame nothing, so its one window is taken): the page's headings are the window's text, its links are `press` entries, and
 * after the press the new page's heading is read.
 */
import { describe, expect, it } from 'vitest';
import type { A11yNode } from '../../../src/platform/probe.js';
import type { ProtocolWindow } from '../../../src/protocol/schemas.js';
import { expectAppsQuiet } from '../helpers/appLogs.js';
import { pyatspiWindow } from '../helpers/coverage.js';
import { displayStack, waitFor } from '../helpers/desktop.js';
import type { ScriptedAgent } from './agent.js';
import { runScenario } from './scenario.js';
import { dumpNodes } from './scenarios/a11yDump.js';
import { expectTool } from './scenarios/checks.js';

const stack = displayStack(['yelp']);
const HELP = /^Help$/;

interface Page {
  headings: string[];
  links: string[];
}

describe.skipIf(stack.skip)('agent task: a help page in a WebKitGTK view', () => {
  it('Yelp: the index page read as pyatspi reads it, a link pressed, the linked page read', async () => {
    const seen: { index?: Page; indexText?: string; pressable?: string[]; pressed?: string; answer?: string; next?: Page; nextText?: string } = {};
    await runScenario({
      name: 'yelp: follow a help link',
      apps: ['yelp'],
      async run({ agent, desktop }) {
        const index = await waitFor(async () => {
          const window = await agent.operableWindow(HELP);
          return window && textOf(window).includes('All Help Documents') ? window : null;
        }, 60_000);
        seen.index = pageOf(await pyatspiWindow(desktop, 'yelp', '', 60_000, true));
        seen.indexText = textOf((await agent.operableWindow(HELP)) ?? index);
        seen.pressable = await pressEntries(agent, index.id);
        seen.pressed = seen.index.links.find((link) => /Calculator Help|Text Editor|gedit|Zenity/.test(link)) ?? seen.index.links[0];
        const done = await agent.must(expectTool(await agent.tools(), `${index.id}__press`), { button: seen.pressed });
        seen.answer = String(done.message);
        const previous = seen.index.headings[0];
        const next = await waitFor(async () => {
          const window = await agent.operableWindow(HELP);
          return window && !textOf(window).startsWith(previous ?? '\u0000') ? window : null;
        }, 30_000);
        seen.next = pageOf(await pyatspiWindow(desktop, 'yelp', '', 60_000, true));
        seen.nextText = textOf((await agent.operableWindow(HELP)) ?? next);
        expectAppsQuiet(desktop);
      },
    });
    console.log(`[help viewer] ${JSON.stringify(seen)}`);
    expect(seen.index?.headings).toContain('All Help Documents');
    expect(seen.index?.links.length).toBeGreaterThan(0);
    for (const heading of seen.index?.headings ?? []) expect(seen.indexText).toContain(heading);
    expect(seen.pressable).toEqual(expect.arrayContaining(seen.index?.links ?? []));
    expect(seen.answer).toBe(`Pressed "${seen.pressed}". The window changed: re-read app://windows.`);
    expect(seen.next?.headings.length).toBeGreaterThan(0);
    expect(seen.next?.headings).not.toContain('All Help Documents');
    for (const heading of seen.next?.headings ?? []) expect(seen.nextText).toContain(heading);
  }, 240_000);
});

function textOf(window: ProtocolWindow): string {
  return window.blocks.flatMap((b) => (b.type === 'text' ? [b.text] : [])).join('\n');
}

/** The `press` tool's entries for the window. */
async function pressEntries(agent: ScriptedAgent, windowId: string): Promise<string[]> {
  const press = (await agent.tools()).find((t) => t.name === `${windowId}__press`);
  const schema = press?.inputSchema as { properties?: { button?: { enum?: string[] } } } | undefined;
  return schema?.properties?.button?.enum ?? [];
}

/** pyatspi: the shown headings and links of the web document in the window. */
function pageOf(window: A11yNode): Page {
  const document = dumpNodes(window).find((n) => n.role === 'document_web');
  const shown = document ? dumpNodes(document).filter((n) => n.states.includes('showing') && n.name.trim() !== '') : [];
  return {
    headings: shown.filter((n) => n.role === 'heading').map((n) => n.name.trim()),
    links: shown.filter((n) => n.role === 'link').map((n) => n.name.trim()),
  };
}
