/** Small checks scenarios share: a task fails with a message saying what the agent saw. */
import type { Tool } from '@modelcontextprotocol/sdk/types.js';
import type { ScriptedAgent, ToolOutcome } from '../agent.js';

export function fail(message: string): never {
  throw new Error(`task failed: ${message}`);
}

/** The tool's name, once tools/list shows it (P-TOOL-2: only what is callable now is listed). */
export function expectTool(tools: Tool[], name: string): string {
  if (!tools.some((t) => t.name === name)) fail(`tools/list has no ${name} (it has ${tools.map((t) => t.name).join(', ')})`);
  return name;
}

/**
 * Calls a write tool of the window titled `title` with the version just read (P-TOOL-12); when
 * the window changed in between (stale_state), re-reads and tries again, as an agent should.
 */
export async function callOnFreshVersion(agent: ScriptedAgent, title: RegExp, action: string, args: Record<string, unknown>): Promise<ToolOutcome> {
  for (let attempt = 1; ; attempt++) {
    const window = await agent.waitForWindow(title);
    const outcome = await agent.call(`${window.id}__${action}`, { ...args, expectedVersion: window.version });
    if (!outcome.isError || outcome.structured.code !== 'stale_state' || attempt >= 5) return outcome;
  }
}
