/**
 * For each agent task on the live desktop, the number of tool calls, the
 * bytes (and estimated tokens) the agent read, and the wall time. Each task runs on a fresh
 * headless desktop, like in test/live/tasks/.
 */
import { SCENARIOS } from '../test/live/tasks/scenarios/index.js';
import { runScenario } from '../test/live/tasks/scenario.js';
import { table } from './stats.js';

/**
 * KB read per task before the lean tool lists (the issue's figures, measured
 * with this benchmark then); the goal is at most half. A task not listed shows no ratio.
 */
const ISSUE_15_KB: Record<string, number> = {
  'calculator: 12*7+5': 17.8,
  'gedit: two lines, Save As, replace': 43.2,
  'zenity: fill a form': 14.8,
  'zenity: pick row 7,345 of 10,000': 13.2,
  'gedit: edit while the user types': 26.2,
};

const rows: Array<Record<string, string | number>> = [];
for (const scenario of SCENARIOS) {
  const before = ISSUE_15_KB[scenario.name];
  try {
    const { metrics } = await runScenario(scenario);
    rows.push({
      task: scenario.name,
      'tool calls': metrics.toolCalls,
      reads: metrics.reads,
      'KB read': (metrics.bytes / 1024).toFixed(1),
      '× earlier figure': before ? (metrics.bytes / 1024 / before).toFixed(2) : '',
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
      '× earlier figure': '',
      'of it tools/list KB': '',
      '≈ tokens': '',
      'wall s': String(error).slice(0, 60),
    });
  }
}
console.log('Agent tasks on a live headless desktop (scripted agent, real apps)\n');
console.log(rows.length > 0 ? table(rows) : '(no scenarios)');
