/**
 * The bridge as an MCP server of the Computer, in process: a real SDK `Client` talks JSON-RPC to a
 * session of the same hub over the SDK's InMemoryTransport.
 *
 * Why in process rather than a child `gui-bridge serve` over stdio: one probe and one bridge state
 * serve both this Computer and any other MCP client of the hub (P-SESS-2/5), there is no second
 * process to start, supervise and stop, and reads stay sub-millisecond (bench/a2c-read.ts). The
 * Computer still speaks plain MCP to it, exactly as to any other hosted server, so a stdio or HTTP
 * server can be hosted beside it through `HostedServer.connect` with another transport.
 */
import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js';
import type { SessionHub } from '../../server/hub.js';
import { createSessionServer } from '../../server/session.js';
import type { Logger } from '../../util/logger.js';
import { HostedServer } from './hostedServer.js';
import type { ServerLaunch } from './serverConfig.js';

/** The name agents see for the bridge's MCP server (desktop grouping, `client:get_resources`). */
export const BRIDGE_SERVER_NAME = 'gui-bridge';

/**
 * What `client:get_config` reports for the in-process bridge: the equivalent standalone launch
 * (`gui-bridge serve --a2c` over stdio), since an in-process server has no config of its own.
 */
export const BRIDGE_LAUNCH: ServerLaunch = { type: 'stdio', command: 'gui-bridge', args: ['serve', '--a2c'] };

export async function hostBridge(hub: SessionHub, log: Logger, name: string = BRIDGE_SERVER_NAME): Promise<HostedServer> {
  const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
  await createSessionServer(hub, 'a2c').connect(serverSide);
  return HostedServer.connect(name, clientSide, BRIDGE_LAUNCH, log);
}
