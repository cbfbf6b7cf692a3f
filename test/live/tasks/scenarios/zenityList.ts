/**
 * Task: pick row 7,345 of a 10,000-row `zenity --list`. The state shows only the first rows and
 * the `total` (P-BLK-7); zenity fills the list progressively, so the agent re-reads until the
 * total is complete, finds the row with the read-only load_rows, chooses it by its index with the
 * value it read as a guard, and zenity prints the row's first column on stdout.
 */
import type { Tool } from '@modelcontextprotocol/sdk/types.js';
import type { Block } from '../../../../src/protocol/schemas.js';
import type { ScriptedAgent } from '../agent.js';
import type { TaskScenario } from '../scenario.js';
import { callOnFreshVersion, expectTool, fail } from './checks.js';

type TableBlock = Extract<Block, { type: 'table' }>;

export const LIST_ROWS = 10_000;
/** "Row 7,345" counts from 1: index 7344, whose first cell reads "7345". */
export const PICKED_ROW = 7_345;
const TITLE = /^Big list$/;
const FILL_TIMEOUT_MS = 60_000;

function listArgs(): string[] {
  const cells = Array.from({ length: LIST_ROWS }, (_, i) => [String(i + 1), `Item ${i + 1}`]).flat();
  return ['--list', '--title=Big list', '--text=Pick one item', '--column=Number', '--column=Name', '--width=400', '--height=500', ...cells];
}

export interface ZenityListFacts {
  /** The table as the state showed it once complete. */
  table: TableBlock;
  loaded: Record<string, unknown>;
  chosen: Record<string, unknown>;
  stdout: string;
  exitCode: number | string | null;
}

/**
 * Re-reads until the list's total stops short of nothing (zenity adds rows in batches) and the
 * window has no warning: while zenity is busy its tree comes back incomplete, with a warn notice
 * saying so, and the bridge reads it again until it is whole — an agent waits for that too.
 */
async function completeTable(agent: ScriptedAgent): Promise<TableBlock> {
  const until = Date.now() + FILL_TIMEOUT_MS;
  for (;;) {
    const window = await agent.waitForWindow(TITLE);
    const table = window.blocks.find((b): b is TableBlock => b.type === 'table');
    const warning = window.blocks.find((b) => b.type === 'notice' && b.severity === 'warn');
    if (table?.total === LIST_ROWS && !warning) return table;
    if (Date.now() > until)
      fail(
        `the list showed ${table?.total ?? 'no'} rows after ${FILL_TIMEOUT_MS} ms${warning ? `, with the notice "${(warning as { text: string }).text}"` : ''}`,
      );
    await agent.waitForUpdate();
  }
}

/** The table's name as load_rows takes it, from the tool's own schema. */
function tableName(tools: Tool[], tool: string): string {
  const schema = tools.find((t) => t.name === tool)?.inputSchema as { properties?: { table?: { enum?: string[] } } } | undefined;
  const name = schema?.properties?.table?.enum?.[0];
  return name ?? fail(`${tool} names no table`);
}

export function zenityListScenario(report: (facts: ZenityListFacts) => void = () => undefined): TaskScenario {
  return {
    name: 'zenity: pick row 7,345 of 10,000',
    apps: [],
    async run({ desktop, agent }) {
      const zenity = await desktop.launch('zenity', listArgs(), { captureStdout: true });
      const table = await completeTable(agent);
      const window = await agent.waitForWindow(TITLE);
      const tools = await agent.tools();
      const loadRows = expectTool(tools, `${window.id}__load_rows`);
      expectTool(tools, `${window.id}__choose`);
      const loaded = await agent.must(loadRows, { table: tableName(tools, loadRows), offset: PICKED_ROW - 1, limit: 1 });
      const row = ((loaded.result as { rows?: unknown[][] } | undefined)?.rows ?? [])[0] ?? fail('load_rows returned no row');
      const chosen = await callOnFreshVersion(agent, TITLE, 'choose', { row: PICKED_ROW - 1, value: row[0] });
      if (chosen.isError) fail(`choose failed: ${JSON.stringify(chosen.structured)}`);
      const exitCode = await zenity.exited;
      report({ table, loaded, chosen: chosen.structured, stdout: zenity.stdout(), exitCode });
    },
  };
}
