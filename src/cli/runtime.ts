/** Builds a bridge on a probe with the project's translator registry. */
import { Bridge } from '../bridge/bridge.js';
import type { Probe } from '../platform/probe.js';
import type { Logger } from '../util/logger.js';
import { registry } from '../../translators/index.js';

export function startBridge(probe: Probe, log: Logger, multiApp = false): Promise<Bridge> {
  return Bridge.start({ probe, registry, log, appToolNaming: multiApp ? 'per-app' : 'single' });
}
