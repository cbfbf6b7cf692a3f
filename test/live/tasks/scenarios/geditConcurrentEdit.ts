/**
 * Task: edit gedit's text while a simulated user types into the same window (XTEST). The agent
 * writes, a person adds a line, and the agent's next write — decided on the version it read
 * before — is refused with stale_state (P-CONC-2: the user has priority, P-CONC-3). The agent
 * re-reads, writes again on top of what it now sees, and the user's line is kept.
 */
import type { ProtocolWindow } from '../../../../src/protocol/schemas.js';
import { waitFor } from '../../helpers/desktop.js';
import type { ScriptedAgent } from '../agent.js';
import type { TaskScenario } from '../scenario.js';
import { expectTool, fail } from './checks.js';
import { SimulatedUser } from './geditUser.js';

export const AGENT_FIRST = 'Agenda\n1. Budget';
export const USER_LINE = '2. Hiring (added by hand)';
export const AGENT_LINE = '3. Any other business';

export interface ConcurrentFacts {
  /** The refused write: its structured error. */
  stale: Record<string, unknown>;
  versionRead: number;
  /** The text the agent saw when it re-read. */
  reread: string;
  /** What gedit shows at the end, read by pyatspi. */
  final: string;
}

const GEDIT = / - gedit$/;

function documentText(window: ProtocolWindow): string {
  const block = window.blocks.find((b) => b.type === 'text' && b.id === 'document-text') as { text?: string } | undefined;
  return block?.text ?? '';
}

async function read(agent: ScriptedAgent): Promise<ProtocolWindow> {
  return agent.waitForWindow(GEDIT);
}

export function geditConcurrentEditScenario(report: (facts: ConcurrentFacts) => void = () => undefined): TaskScenario {
  return {
    name: 'gedit: edit while the user types',
    apps: ['gedit'],
    async run({ agent, desktop }) {
      const user = await SimulatedUser.at(desktop);
      try {
        let gedit = await read(agent);
        const setText = expectTool(await agent.tools(), `${gedit.id}__set_text`);
        await agent.must(setText, { text: AGENT_FIRST, expectedVersion: gedit.version });
        gedit = await read(agent);
        // The person adds a line at the end, then looks at the screen until it is there.
        const pid = await user.type(GEDIT, ['ctrl+End', 'Return'], USER_LINE);
        await waitFor(async () => (await user.textOf(pid)).endsWith(USER_LINE), 15_000);
        const stale = await agent.call(setText, { text: `${AGENT_FIRST}\n${AGENT_LINE}`, expectedVersion: gedit.version });
        if (!stale.isError || stale.structured.code !== 'stale_state') fail(`a write on version ${gedit.version} was not refused: ${JSON.stringify(stale)}`);
        // Re-read, decide again on what is there now, and write with the new version.
        const fresh = await read(agent);
        const reread = documentText(fresh);
        await agent.must(setText, { text: `${reread}\n${AGENT_LINE}`, expectedVersion: fresh.version });
        const final = await waitFor(async () => {
          const text = await user.textOf(pid);
          return text.endsWith(AGENT_LINE) ? text : null;
        }, 15_000);
        report({ stale: stale.structured, versionRead: gedit.version, reread, final });
      } finally {
        await user.close();
      }
    },
  };
}
