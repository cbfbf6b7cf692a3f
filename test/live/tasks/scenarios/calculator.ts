/**
 * Task: compute 12*7+5 in GNOME Calculator and read 89 from the result. The agent finds the
 * calculator among the operable windows, looks its tools up, calls `calculate` with the version
 * it read (P-TOOL-12) and checks the structured result, then the state it re-reads.
 */
import type { TaskScenario } from '../scenario.js';
import { expectTool, fail } from './checks.js';

export interface CalculatorFacts {
  result: Record<string, unknown>;
  summary: string;
}

export function calculatorScenario(report: (facts: CalculatorFacts) => void = () => undefined): TaskScenario {
  return {
    name: 'calculator: 12*7+5',
    apps: ['gnome-calculator'],
    async run({ agent }) {
      const window = await agent.waitForWindow(/^Calculator$/);
      const calculate = expectTool(await agent.tools(), `${window.id}__calculate`);
      const outcome = await agent.must(calculate, { expression: '12*7+5', expectedVersion: window.version });
      const result = (outcome.result ?? {}) as Record<string, unknown>;
      if (result.result !== '89') fail(`calculate returned ${JSON.stringify(result)}, not 89`);
      const after = await agent.operableWindow(/^Calculator$/);
      report({ result, summary: after?.summary ?? '' });
    },
  };
}
