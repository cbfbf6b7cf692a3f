/**
 * Agent task: a calculation in Qalculate! (GTK 3) through the tools a client sees only. The
 * agent sets the expression field (set_field), presses the keypad's "=" (press) and reads the
 * result from the window: Qalculate paints its result on a drawing area named "Calculation
 * result" and says the value only in that area's description (its tooltip), which the read shows
 * as a display field. Truths: the qalc CLI's answer to the same expression (and the value
 * JavaScript computes), and pyatspi reading the same description.
 */
import { execFileSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { findExecutable } from '../../../src/platform/linux/desktop/index.js';
import type { ProtocolWindow } from '../../../src/protocol/schemas.js';
import { expectAppsQuiet } from '../helpers/appLogs.js';
import { pyatspiWindow } from '../helpers/coverage.js';
import { displayStack, waitFor } from '../helpers/desktop.js';
import { corpusApp, launchCorpusApp } from '../corpus/apps.js';
import { prepareDocuments } from '../corpus/documents.js';
import { runScenario } from './scenario.js';
import { dumpNodes } from './scenarios/a11yDump.js';
import { expectTool } from './scenarios/checks.js';

const QALCULATE = corpusApp('qalculate-gtk');
const stack = displayStack([QALCULATE.command, 'qalc']);
const EXPRESSION = '(17 + 4) * 9 + sqrt(16)';
/** The same expression, computed here. */
const COMPUTED = (17 + 4) * 9 + Math.sqrt(16);

describe.skipIf(stack.skip)('agent task: a calculation in Qalculate!', () => {
  it('set_field, the keypad’s "=", the result read from the window, as qalc and pyatspi say', async () => {
    let shown = '';
    let via: unknown;
    let described: (string | undefined)[] = [];
    let qalc: string | null = null;
    await runScenario({
      name: 'qalculate: calculate',
      apps: [],
      async run({ agent, desktop, scratch }) {
        // The CLI gets a home of its own: it writes its settings there, never to the user's.
        const cli = findExecutable('qalc');
        if (cli) qalc = execFileSync(cli, ['-t', EXPRESSION], { encoding: 'utf8', env: { ...process.env, HOME: scratch, XDG_CONFIG_HOME: scratch } }).trim();
        const app = await launchCorpusApp(desktop, QALCULATE, prepareDocuments(scratch));
        try {
          const main = await agent.waitForWindow(/^Qalculate!$/, (QALCULATE.startSeconds ?? 45) * 1000);
          const tools = await agent.tools();
          const set = await agent.must(expectTool(tools, `${main.id}__set_field`), { field: 'Text', value: EXPRESSION });
          via = (set.result as { via?: string } | undefined)?.via;
          await agent.must(expectTool(tools, `${main.id}__press`), { button: '=' });
          shown = await waitFor(async () => resultOf(await agent.operableWindow(/^Qalculate!$/)), 15_000);
          // Shown sizes only: reading every node's bounds asks GTK for the cells of tree views never realized (criticals).
          const dump = await pyatspiWindow(desktop, QALCULATE.atspiName, QALCULATE.titleText, 60_000, true);
          described = dumpNodes(dump)
            .filter((node) => node.role === 'drawing_area' && node.name === 'Calculation result')
            .map((node) => node.description);
          expectAppsQuiet(desktop);
        } finally {
          await app.stop();
        }
      },
    });
    expect(via).toMatch(/^(editable_text|typing)$/);
    expect(shown).toBe(`= ${COMPUTED}`);
    expect(qalc).toBe(String(COMPUTED));
    expect(described).toEqual([shown]);
  }, 180_000);
});

/** The value of the window's "Calculation result" field once it shows one, or ''. */
function resultOf(window: ProtocolWindow | undefined): string {
  for (const block of window?.blocks ?? []) {
    if (block.type !== 'fields') continue;
    const result = block.items.find((item) => item.label === 'Calculation result');
    if (result && typeof result.value === 'string') return result.value;
  }
  return '';
}
