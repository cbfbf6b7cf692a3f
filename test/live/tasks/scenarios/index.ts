/** Every agent task, in the order the README reports them. One line per scenario module. */
import type { TaskScenario } from '../scenario.js';
import { calculatorScenario } from './calculator.js';
import { geditConcurrentEditScenario } from './geditConcurrentEdit.js';
import { geditSaveAsScenario } from './geditSaveAs.js';
import { zenityFormScenario } from './zenityForm.js';
import { zenityListScenario } from './zenityList.js';

export const SCENARIOS: TaskScenario[] = [
  calculatorScenario(),
  geditSaveAsScenario(),
  zenityFormScenario(),
  zenityListScenario(),
  geditConcurrentEditScenario(),
];
