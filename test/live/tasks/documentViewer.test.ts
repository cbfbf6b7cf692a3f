/**
 * Agent task: read page 2 of a PDF in Evince (GTK 3) through the tools a client sees only. The
 * window opens on page 1; the agent sets the page number field and confirms it as Enter does
 * (set_field with submit: Evince goes to a page only when its entry is activated), then reads
 * page 2's text from the window. Truths: the PDF the test wrote (KNOWN.pdfPage2), and pyatspi
 * finding that text on the page Evince shows now, and not page 1's.
 */
import { describe, expect, it } from 'vitest';
import type { ProtocolWindow } from '../../../src/protocol/schemas.js';
import { expectAppsQuiet } from '../helpers/appLogs.js';
import { pyatspiWindow } from '../helpers/coverage.js';
import { displayStack, waitFor } from '../helpers/desktop.js';
import { corpusApp, launchCorpusApp } from '../corpus/apps.js';
import { KNOWN, prepareDocuments } from '../corpus/documents.js';
import type { ScriptedAgent } from './agent.js';
import { runScenario } from './scenario.js';
import { showingOfRole } from './scenarios/a11yDump.js';
import { expectTool } from './scenarios/checks.js';

const EVINCE = corpusApp('evince');
const stack = displayStack([EVINCE.command]);
const TITLE = /^invoice\.pdf$/;

describe.skipIf(stack.skip)('agent task: go to page 2 in a document viewer', () => {
  it('Evince: set_field "Select page" 2 with submit, page 2’s text read from the window, as pyatspi sees it', async () => {
    const seen: { before?: string; after?: string; page?: unknown; message?: unknown; showing?: (string | undefined)[] } = {};
    await runScenario({
      name: 'evince: page 2',
      apps: [],
      async run({ agent, desktop, scratch }) {
        const app = await launchCorpusApp(desktop, EVINCE, prepareDocuments(scratch));
        try {
          const startMs = (EVINCE.startSeconds ?? 45) * 1000;
          // The document loads after the window shows: wait until the first page's text is read.
          seen.before = await textShowing(agent, KNOWN.pdfPage1, startMs);
          const main = await agent.waitForWindow(TITLE);
          const set = await agent.must(expectTool(await agent.tools(), `${main.id}__set_field`), { field: 'Select page', value: '2', submit: true });
          seen.message = set.message;
          seen.after = await textShowing(agent, KNOWN.pdfPage2, 15_000);
          seen.page = fieldValue(await agent.waitForWindow(TITLE), 'Select page');
          const dump = await pyatspiWindow(desktop, EVINCE.atspiName, EVINCE.titleText, 60_000, true);
          seen.showing = showingOfRole(dump, 'page').map((page) => page.value);
          expectAppsQuiet(desktop);
        } finally {
          await app.stop();
        }
      },
    });
    expect(seen.before).toBe(KNOWN.pdfPage1);
    expect(seen.message).toMatch(/^Select page set; confirmed\. The window changed/);
    expect(seen.after).toBe(KNOWN.pdfPage2);
    // The page box shows the page and the count beside it, as Evince draws them.
    expect(seen.page).toBe('2 of 2');
    expect(seen.showing).toEqual([KNOWN.pdfPage2]);
  }, 180_000);
});

/**
 * The window's text once it holds `wanted` and no page is still "Loading…" (Evince shows that
 * label on a page it has not rendered yet, beside the pages it has), re-read as the window changes.
 */
function textShowing(agent: ScriptedAgent, wanted: string, timeoutMs: number): Promise<string> {
  return waitFor(async () => {
    const text = pageText(await agent.operableWindow(TITLE));
    return text.includes(wanted) && !text.includes('Loading…') ? text : null;
  }, timeoutMs);
}

/** The window's text blocks, joined: what an agent reads of the pages shown. */
function pageText(window: ProtocolWindow | undefined): string {
  return (window?.blocks ?? []).flatMap((block) => (block.type === 'text' ? [block.text] : [])).join('\n');
}

function fieldValue(window: ProtocolWindow, label: string): unknown {
  for (const block of window.blocks) if (block.type === 'fields') return block.items.find((item) => item.label === label)?.value;
  return undefined;
}
