/**
 * Live-test harness for the whole bridge: a private headless desktop, the Linux probe on it, the
 * bridge with the project's translators, and real SDK clients over InMemoryTransport. One per
 * test file (beforeAll/afterAll), like useDesktop.
 */
import { afterAll, beforeAll } from 'vitest';
import { Bridge, type BridgeOptions } from '../../../src/bridge/bridge.js';
import { openDesktop, type DesktopHandle, type DesktopOptions } from '../../../src/platform/linux/desktop/index.js';
import { LinuxProbe, type LinuxProbeOptions } from '../../../src/platform/linux/probe.js';
import { SessionHub } from '../../../src/server/hub.js';
import type { Snapshot } from '../../../src/protocol/schemas.js';
import { createLogger, type Logger } from '../../../src/util/logger.js';
import { registry } from '../../../translators/index.js';
import { connectMemoryClient, type TestClient } from '../../helpers/demoServer.js';
import { waitFor } from './desktop.js';

export interface LiveBridge {
  desktop: DesktopHandle;
  probe: LinuxProbe;
  bridge: Bridge;
  hub: SessionHub;
  /** A client subscribed to app://windows, recording notifications. */
  client: TestClient;
  /** Every log line the bridge wrote. */
  logs: string[];
  /** Connects one more client. */
  connect(): Promise<TestClient>;
  /** The window whose title matches, once it shows in the snapshot. */
  windowTitled(title: RegExp, timeoutMs?: number): Promise<Snapshot['windows'][number]>;
}

export interface LiveBridgeOptions {
  desktop?: DesktopOptions;
  probe?: Omit<LinuxProbeOptions, 'env'>;
  bridge?: Partial<BridgeOptions>;
}

export function useLiveBridge(options: LiveBridgeOptions = {}): LiveBridge {
  const live = {} as LiveBridge;
  const clients: TestClient[] = [];
  beforeAll(async () => {
    live.logs = [];
    const log: Logger = createLogger({ level: 'debug', write: (line) => live.logs.push(line) });
    live.desktop = await openDesktop(options.desktop ?? {});
    live.probe = await LinuxProbe.open({ ...options.probe, env: live.desktop.env });
    // Several applications in one server: per-app names for app-level tools (D-4).
    live.bridge = await Bridge.start({ probe: live.probe, registry, log, appToolNaming: 'per-app', ...options.bridge });
    live.hub = new SessionHub(live.bridge, log);
    live.connect = async () => {
      const client = await connectMemoryClient(live.hub);
      clients.push(client);
      return client;
    };
    live.client = await live.connect();
    await live.client.client.subscribeResource({ uri: 'app://windows' });
    live.windowTitled = (title, timeoutMs = 20_000) =>
      waitFor(async () => (await live.client.snapshot()).windows.find((w) => title.test(w.title)), timeoutMs);
  }, 120_000);
  afterAll(async () => {
    for (const client of clients) await client.close().catch(() => undefined);
    live.hub?.close();
    await live.bridge?.close().catch(() => undefined);
    await live.desktop?.stop();
  }, 60_000);
  return live;
}
