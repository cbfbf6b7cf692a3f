/**
 * The whole bridge on a private headless desktop: desktop → Linux probe → bridge (project
 * translators, per-app tool names as for several apps, D-4) → session hub. Shared by the live
 * harness (useLiveBridge) and the agent task runner (runScenario).
 */
import { Bridge, type BridgeOptions } from '../../../src/bridge/bridge.js';
import { openDesktop, type DesktopHandle, type DesktopOptions } from '../../../src/platform/linux/desktop/index.js';
import { openLinuxProbe, type LinuxProbe, type LinuxProbeOptions } from '../../../src/platform/linux/probe.js';
import { SessionHub } from '../../../src/server/hub.js';
import type { Logger } from '../../../src/util/logger.js';
import { registry } from '../../../translators/index.js';

export interface LiveStackOptions {
  desktop?: DesktopOptions;
  probe?: Omit<LinuxProbeOptions, 'env'>;
  bridge?: Partial<BridgeOptions>;
}

export interface LiveStack {
  desktop: DesktopHandle;
  probe: LinuxProbe;
  bridge: Bridge;
  hub: SessionHub;
  /** Stops everything it started, the desktop last. */
  close(): Promise<void>;
}

export async function openLiveStack(options: LiveStackOptions, log: Logger): Promise<LiveStack> {
  const desktop = await openDesktop(options.desktop ?? {});
  try {
    const probe = await openLinuxProbe({ ...options.probe, env: desktop.env });
    const bridge = await Bridge.start({ probe, registry, log, appToolNaming: 'per-app', ...options.bridge });
    const hub = new SessionHub(bridge, log);
    const close = async () => {
      hub.close();
      await bridge.close().catch(() => undefined);
      await desktop.stop();
    };
    return { desktop, probe, bridge, hub, close };
  } catch (error) {
    await desktop.stop();
    throw error;
  }
}
