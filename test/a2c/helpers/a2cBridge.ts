/** A demo-app bridge served with the `--a2c` window resources, and helpers to wait on async effects. */
import { Bridge } from '../../../src/bridge/bridge.js';
import { createWindowResources, type WindowResourceOptions, type WindowResources } from '../../../src/a2c/windowResources.js';
import type { DemoOptions } from '../../../src/platform/demo/model.js';
import { openDemoProbe, type DemoProbe } from '../../../src/platform/demo/probe.js';
import { SessionHub } from '../../../src/server/hub.js';
import { silentLogger } from '../../../src/util/logger.js';
import { registry } from '../../../translators/index.js';

export interface A2cBridge {
  probe: DemoProbe;
  bridge: Bridge;
  resources: WindowResources;
  hub: SessionHub;
  close(): Promise<void>;
}

export async function startA2cBridge(options: { demo?: DemoOptions; resources?: WindowResourceOptions; probe?: DemoProbe } = {}): Promise<A2cBridge> {
  const probe = options.probe ?? (await openDemoProbe({ effectDelayMs: 5, ...options.demo }));
  const bridge = await Bridge.start({ probe, registry, log: silentLogger });
  const resources = createWindowResources(bridge, options.resources);
  const hub = new SessionHub(bridge, silentLogger, resources);
  return {
    probe,
    bridge,
    resources,
    hub,
    close: async () => {
      hub.close();
      await bridge.close();
    },
  };
}

/** Retries `check` until it stops throwing (async effects: notifications, socket events). */
export async function eventually<T>(check: () => T | Promise<T>, timeoutMs = 5000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    try {
      return await check();
    } catch (error) {
      if (Date.now() > deadline) throw error;
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
  }
}

/** Lets pending timers, I/O and notifications run (used to show that something did NOT happen). */
export function settle(ms = 100): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}
