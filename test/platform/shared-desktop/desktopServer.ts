/** A desktop probe (with faked OS packages) behind a real bridge and a real MCP SDK client. */
import { Bridge } from '../../../src/bridge/bridge.js';
import type { Probe } from '../../../src/platform/probe.js';
import type { ProtocolWindow } from '../../../src/protocol/schemas.js';
import { SessionHub } from '../../../src/server/hub.js';
import { silentLogger } from '../../../src/util/logger.js';
import { registry } from '../../../translators/index.js';
import { connectMemoryClient, type TestClient } from '../../helpers/demoServer.js';

export interface DesktopServer {
  bridge: Bridge;
  client: TestClient;
  close(): Promise<void>;
}

export async function startDesktopServer(probe: Probe): Promise<DesktopServer> {
  const bridge = await Bridge.start({ probe, registry, log: silentLogger });
  const hub = new SessionHub(bridge, silentLogger);
  const client = await connectMemoryClient(hub);
  return {
    bridge,
    client,
    close: async () => {
      await client.close();
      hub.close();
      await bridge.close();
    },
  };
}

export function windowTitled(windows: ProtocolWindow[], title: string): ProtocolWindow {
  const found = windows.find((w) => w.title === title);
  if (!found) throw new Error(`no window "${title}" in ${windows.map((w) => w.title).join(', ')}`);
  return found;
}

/** Every string anywhere in a window's blocks, for assertions that do not depend on block layout. */
export function blockText(window: ProtocolWindow): string {
  return JSON.stringify(window.blocks);
}
