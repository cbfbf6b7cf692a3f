/**
 * Acceptance: paging in a Qt 5 document viewer, through the tools a client sees only. qpdfview
 * opens a two-page PDF; the agent presses Next page and reads the page number field. The truth is
 * pyatspi's dump of the same window: its page number field says "2 / 2" too. qpdfview paints its
 * pages on a graphics view and exposes no page text (pyatspi finds none either), so the page's
 * text is checked as an agreement: the read holds KNOWN.pdfPage2 exactly when pyatspi does.
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { A11yNode } from '../../../src/platform/probe.js';
import { KNOWN, twoPagePdf } from '../corpus/documents.js';
import { expectAppsQuiet } from '../helpers/appLogs.js';
import { pyatspiWindow } from '../helpers/coverage.js';
import { displayStack } from '../helpers/desktop.js';
import { launchQtApp } from './qtAppLaunch.js';
import { fieldsOf, windowShowing } from './qtTaskSteps.js';
import { runScenario } from './scenario.js';
import { expectTool } from './scenarios/checks.js';

// Off CI without the app or the display stack this skips; CI installs them and never skips.
const stack = displayStack(['qpdfview']);

const TITLE = /^invoice - qpdfview$/;
/** qpdfview's page number box sits in its tool bar titled "&Edit" (Qt's mnemonic marker dropped), and takes that name. */
const PAGE_FIELD = 'Edit';

/** Every text of a pyatspi node tree: names and values. */
function textsOf(node: A11yNode): string[] {
  return [node.name, node.value ?? '', ...node.children.flatMap(textsOf)].filter((t) => t !== '');
}

describe.skipIf(stack.skip)('agent task: go to a page in a Qt document viewer', () => {
  it('qpdfview: Next page, the page number field says 2 / 2, as pyatspi reads it', async () => {
    let result: Record<string, unknown> = {};
    await runScenario({
      name: 'qpdfview: next page',
      apps: [],
      async run({ agent, desktop, scratch }) {
        const pdf = join(scratch, 'invoice.pdf');
        writeFileSync(pdf, twoPagePdf([KNOWN.pdfPage1, KNOWN.pdfPage2]));
        await launchQtApp(desktop, scratch, 'qpdfview', ['--unique', pdf]);
        const pageIs = (value: string) => (w: Parameters<typeof fieldsOf>[0]) => fieldsOf(w).some((f) => f.label === PAGE_FIELD && f.value === value);
        const first = await windowShowing(agent, TITLE, pageIs('1 / 2'), 'page 1 of 2');
        await agent.must(expectTool(await agent.tools(), `${first.id}__press`), { button: 'Next page' });
        const second = await windowShowing(agent, TITLE, pageIs('2 / 2'), 'page 2 of 2');
        const dump = textsOf(await pyatspiWindow(desktop, 'qpdfview', 'invoice'));
        expectAppsQuiet(desktop);
        const read = JSON.stringify(second.blocks);
        result = {
          pyatspiPage: dump.includes('2 / 2'),
          pageTextAgrees: read.includes(KNOWN.pdfPage2) === dump.some((t) => t.includes(KNOWN.pdfPage2)),
        };
      },
    });
    expect(result).toEqual({ pyatspiPage: true, pageTextAgrees: true });
  }, 180_000);
});
