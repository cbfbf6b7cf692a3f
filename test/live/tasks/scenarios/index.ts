/** Every agent task, in the order the README reports them. One line per scenario module. */
import type { TaskScenario } from '../scenario.js';

export const SCENARIOS: TaskScenario[] = [];
