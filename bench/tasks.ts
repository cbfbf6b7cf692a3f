/**
 * Issue 5 benchmark: for each agent task on the live desktop, the number of tool calls, the
 * bytes (and estimated tokens) the agent read, and the wall time. Each task runs on a fresh
 * headless desktop, like in test/live/tasks/.
 */
import { SCENARIOS } from '../test/live/tasks/scenarios/index.js';
import { runScenario } from '../test/live/tasks/scenario.js';
import { table } from './stats.js';

const rows: Array<Record<string, string | number>> = [];
for (const scenario of SCENARIOS) {
  try {
    const { metrics } = await runScenario(scenario);
    rows.push({
      task: scenario.name,
      'tool calls': metrics.toolCalls,
      reads: metrics.reads,
      'KB read': (metrics.bytes / 1024).toFixed(1),
      'of it tools/list KB': (metrics.toolListBytes / 1024).toFixed(1),
      '≈ tokens': metrics.estimatedTokens,
      'wall s': (metrics.ms / 1000).toFixed(2),
    });
  } catch (error) {
    rows.push({
      task: scenario.name,
      'tool calls': 'failed',
      reads: '',
      'KB read': '',
      'of it tools/list KB': '',
      '≈ tokens': '',
      'wall s': String(error).slice(0, 60),
    });
  }
}
console.log('Agent tasks on a live headless desktop (scripted agent, real apps)\n');
console.log(rows.length > 0 ? table(rows) : '(no scenarios)');
