/** Flags that shape the built-in demo app, shared by `serve` and `snapshot`. */
import type { DemoOptions } from '../platform/demo/model.js';
import { parseCount } from './usage.js';

export const DEMO_FLAGS = {
  demo: { type: 'boolean' },
  'demo-orders': { type: 'string' },
  'demo-reports': { type: 'string' },
  'demo-user-edits': { type: 'string' },
} as const;

export const DEMO_HELP = `  --demo                 serve the built-in Orders demo app (works on any machine)
  --demo-orders N        Order Editor windows at start (default 1)
  --demo-reports N       Report Details windows at start (default 1)
  --demo-user-edits MS   play a human user who edits an Amount every MS milliseconds`;

export interface DemoFlagValues {
  'demo-orders'?: string;
  'demo-reports'?: string;
  'demo-user-edits'?: string;
}

export function demoUserEdits(command: string, values: DemoFlagValues): number | undefined {
  const v = values['demo-user-edits'];
  return v === undefined ? undefined : parseCount(command, '--demo-user-edits', v, 50, 3_600_000);
}

export function demoOptions(command: string, values: DemoFlagValues): DemoOptions {
  return {
    orderEditors: values['demo-orders'] ? parseCount(command, '--demo-orders', values['demo-orders'], 0, 5000) : 1,
    reports: values['demo-reports'] ? parseCount(command, '--demo-reports', values['demo-reports'], 0, 5000) : 1,
  };
}
