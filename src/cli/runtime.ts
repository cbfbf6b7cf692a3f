/** Builds a bridge on an opened source with the project's translator registry. */
import { Bridge, type BridgeOptions } from '../bridge/bridge.js';
import type { Logger } from '../util/logger.js';
import { registry } from '../../translators/index.js';
import type { OpenedSource } from './source.js';

/** `extra`: what the command adds to the source's own settings (limits, screenshot options). */
export function startBridge(
  source: OpenedSource,
  log: Logger,
  extra: Pick<BridgeOptions, 'screenshotOptions' | 'maxWindowsPerApp' | 'ocrRegions'> = {},
): Promise<Bridge> {
  return Bridge.start({
    probe: source.probe,
    // External translators first: an author's translator wins over a built-in one for its windows.
    registry: { translators: [...source.translators, ...registry.translators], fallback: registry.fallback },
    log,
    appToolNaming: source.multiApp ? 'per-app' : 'single',
    ...(source.inScope ? { inScope: source.inScope } : {}),
    screenshots: source.screenshots === true,
    ...(extra.screenshotOptions ? { screenshotOptions: extra.screenshotOptions } : {}),
    ...(source.rescanMs ? { rescanMs: source.rescanMs } : {}),
    ...(extra.maxWindowsPerApp ? { maxWindowsPerApp: extra.maxWindowsPerApp } : {}),
    ...(extra.ocrRegions ? { ocrRegions: true } : {}),
  });
}
