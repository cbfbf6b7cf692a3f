/** Builds a bridge on an opened source with the project's translator registry. */
import { Bridge } from '../bridge/bridge.js';
import type { ScreenshotOptions } from '../bridge/screenshots.js';
import type { Logger } from '../util/logger.js';
import { registry } from '../../translators/index.js';
import type { OpenedSource } from './source.js';

export function startBridge(source: OpenedSource, log: Logger, screenshotOptions?: ScreenshotOptions): Promise<Bridge> {
  return Bridge.start({
    probe: source.probe,
    registry,
    log,
    appToolNaming: source.multiApp ? 'per-app' : 'single',
    ...(source.inScope ? { inScope: source.inScope } : {}),
    screenshots: source.screenshots === true,
    ...(screenshotOptions ? { screenshotOptions } : {}),
    ...(source.rescanMs ? { rescanMs: source.rescanMs } : {}),
  });
}
