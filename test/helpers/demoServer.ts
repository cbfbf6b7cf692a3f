/** Test harness: the demo app behind a real bridge, and real SDK clients connected to it. */
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js';
import { ResourceUpdatedNotificationSchema, ToolListChangedNotificationSchema, type CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { Bridge, type BridgeOptions } from '../../src/bridge/bridge.js';
import type { DemoOptions } from '../../src/platform/demo/model.js';
import { openDemoProbe, type DemoProbe } from '../../src/platform/demo/probe.js';
import { SessionHub } from '../../src/server/hub.js';
import type { ResourceExtension } from '../../src/server/resources.js';
import { createSessionServer } from '../../src/server/session.js';
import type { Snapshot } from '../../src/protocol/schemas.js';
import { silentLogger } from '../../src/util/logger.js';
import { registry } from '../../translators/index.js';

export interface DemoServer {
  probe: DemoProbe;
  bridge: Bridge;
  hub: SessionHub;
  close(): Promise<void>;
}

export async function startDemoServer(
  options: DemoOptions = {},
  extension?: ResourceExtension,
  bridgeOptions: Partial<BridgeOptions> = {},
): Promise<DemoServer> {
  const probe = await openDemoProbe({ effectDelayMs: 5, ...options });
  const bridge = await Bridge.start({ probe, registry, log: silentLogger, ...bridgeOptions });
  const hub = new SessionHub(bridge, silentLogger, extension);
  return {
    probe,
    bridge,
    hub,
    close: async () => {
      hub.close();
      await bridge.close();
    },
  };
}

/** Everything a client received, in order, for assertions. */
export interface Recorder {
  events: string[];
  bytes: string[];
}

export interface TestClient {
  client: Client;
  recorder: Recorder;
  snapshot(): Promise<Snapshot>;
  call(name: string, args?: Record<string, unknown>): Promise<CallToolResult>;
  toolNames(): Promise<string[]>;
  close(): Promise<void>;
}

export async function wrapClient(client: Client, recorder: Recorder): Promise<TestClient> {
  client.setNotificationHandler(ToolListChangedNotificationSchema, async () => void recorder.events.push('tools/list_changed'));
  client.setNotificationHandler(ResourceUpdatedNotificationSchema, async (n) => void recorder.events.push(`resources/updated ${n.params.uri}`));
  return {
    client,
    recorder,
    snapshot: async () => {
      const result = await client.readResource({ uri: 'app://windows' });
      return JSON.parse((result.contents[0] as { text: string }).text) as Snapshot;
    },
    call: async (name, args = {}) => (await client.callTool({ name, arguments: args })) as CallToolResult,
    toolNames: async () => (await client.listTools()).tools.map((t) => t.name).sort(),
    close: () => client.close(),
  };
}

/** A real SDK client over InMemoryTransport, recording every byte the server sends it. */
export async function connectMemoryClient(hub: SessionHub): Promise<TestClient> {
  const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
  const recorder: Recorder = { events: [], bytes: [] };
  const originalSend = serverSide.send.bind(serverSide);
  serverSide.send = async (message, options) => {
    recorder.bytes.push(JSON.stringify(message));
    return originalSend(message, options);
  };
  await createSessionServer(hub, 'memory').connect(serverSide);
  const client = new Client({ name: 'conformance', version: '1.0.0' });
  await client.connect(clientSide);
  return wrapClient(client, recorder);
}

export function structured(result: CallToolResult): Record<string, unknown> {
  return (result.structuredContent ?? {}) as Record<string, unknown>;
}
