/**
 * Acceptance: the agent edits gedit's text while a simulated user types into the same
 * window (XTEST). Its write based on an old version is refused with stale_state (P-CONC-2); it
 * re-reads, writes again, and the user's typing is kept.
 */
import { describe, expect, it } from 'vitest';
import { displayStack } from '../helpers/desktop.js';
import { runScenario } from './scenario.js';
import { AGENT_FIRST, AGENT_LINE, USER_LINE, geditConcurrentEditScenario, type ConcurrentFacts } from './scenarios/geditConcurrentEdit.js';

const stack = displayStack(['gedit']);

describe.skipIf(stack.skip)('agent task: gedit edit while the user types', () => {
  it('gets stale_state for an old version, re-reads, retries and keeps the user’s line', async () => {
    const seen: ConcurrentFacts[] = [];
    const run = await runScenario(geditConcurrentEditScenario((facts) => seen.push(facts)));
    expect(seen).toHaveLength(1);
    const facts = seen[0] as ConcurrentFacts;
    expect(facts.stale).toMatchObject({ code: 'stale_state', currentVersion: expect.any(Number) });
    expect(facts.stale.currentVersion as number).toBeGreaterThan(facts.versionRead);
    expect(facts.reread).toBe(`${AGENT_FIRST}\n${USER_LINE}`);
    expect(facts.final).toBe(`${AGENT_FIRST}\n${USER_LINE}\n${AGENT_LINE}`);
    // set_text, the refused set_text, set_text.
    expect(run.metrics.toolCalls).toBe(3);
  }, 180_000);
});
