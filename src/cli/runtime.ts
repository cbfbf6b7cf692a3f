/** Builds a bridge on an opened source with the project's translator registry. */
import { Bridge, type BridgeOptions } from '../bridge/bridge.js';
import type { Logger } from '../util/logger.js';
import { registry } from '../../translators/index.js';
import type { OpenedSource } from './source.js';

export function startBridge(source: OpenedSource, log: Logger, limits: Pick<BridgeOptions, 'maxWindowsPerApp'> = {}): Promise<Bridge> {
  return Bridge.start({
    probe: source.probe,
    registry,
    log,
    appToolNaming: source.multiApp ? 'per-app' : 'single',
    ...(source.inScope ? { inScope: source.inScope } : {}),
    screenshots: source.screenshots === true,
    ...(source.rescanMs ? { rescanMs: source.rescanMs } : {}),
    ...(limits.maxWindowsPerApp ? { maxWindowsPerApp: limits.maxWindowsPerApp } : {}),
  });
}
