/** Chooses the probe a command works on: the demo app now; real platforms plug in here. */
import { DemoProbe } from '../platform/demo/probe.js';
import type { Probe } from '../platform/probe.js';
import { demoOptions, demoUserEdits, type DemoFlagValues } from './demoOptions.js';
import { UsageError } from './usage.js';

export interface SourceFlagValues extends DemoFlagValues {
  demo?: boolean;
}

export interface OpenedSource {
  probe: Probe;
  /** Several applications in one server → per-app tool names (D-4). */
  multiApp: boolean;
  description: string;
}

export async function openSource(command: string, values: SourceFlagValues): Promise<OpenedSource> {
  if (values.demo) {
    const probe = new DemoProbe(demoOptions(command, values));
    const userEvery = demoUserEdits(command, values);
    if (userEvery) probe.app.simulateUser(userEvery);
    return { probe, multiApp: false, description: 'the built-in Orders demo app' };
  }
  throw new UsageError(command, 'choose what to serve: --demo (the built-in demo app)');
}
