/**
 * The Computer as `gui-bridge a2c connect` builds it, in process: the demo bridge (window resources
 * on) hosted as "gui-bridge", plus a small tools-only MCP server "toolbox" (no resources capability:
 * 4015; a tool that never ends: 4004; a tool that throws a protocol error: 4003).
 */
import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js';
import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import { CallToolRequestSchema, ErrorCode, ListToolsRequestSchema, McpError } from '@modelcontextprotocol/sdk/types.js';
import { hostBridge } from '../../../src/a2c/computer/bridgeServer.js';
import { Computer } from '../../../src/a2c/computer/computer.js';
import { ComputerConnector, type ConnectorOptions } from '../../../src/a2c/computer/connector.js';
import { HostedServer } from '../../../src/a2c/computer/hostedServer.js';
import type { WindowResourceOptions } from '../../../src/a2c/windowResources.js';
import { silentLogger } from '../../../src/util/logger.js';
import { startA2cBridge, type A2cBridge } from './a2cBridge.js';

export interface ComputerRig {
  a2c: A2cBridge;
  computer: Computer;
  connector: ComputerConnector;
  /** Calls of the toolbox's `wait` tool that were aborted by MCP `notifications/cancelled`. */
  toolboxAborts: { count: number };
  close(): Promise<void>;
}

export async function startComputer(name: string, connector: Omit<ConnectorOptions, 'log'>, resources: WindowResourceOptions = {}): Promise<ComputerRig> {
  const a2c = await startA2cBridge({ resources });
  const computer = new Computer(name, silentLogger);
  await computer.addServer(await hostBridge(a2c.hub, silentLogger));
  const toolboxAborts = { count: 0 };
  await computer.addServer(await hostToolbox(toolboxAborts));
  const link = new ComputerConnector(computer, { reconnectionDelayMs: 20, reconnectionDelayMaxMs: 100, ...connector, log: silentLogger });
  return {
    a2c,
    computer,
    connector: link,
    toolboxAborts,
    close: async () => {
      await link.stop();
      await computer.close();
      await a2c.close();
    },
  };
}

/** The deterministic bytes of the toolbox's `picture` tool. */
export function pictureBytes(size: number): Buffer {
  return Buffer.from(Array.from({ length: size }, (_, i) => (i * 31 + 7) % 251));
}

/** Reported by `client:get_config` for the toolbox (a stand-in launch: it runs in process). */
export const TOOLBOX_LAUNCH = { type: 'sse', url: 'http://127.0.0.1:9/sse' } as const;

async function hostToolbox(aborts: { count: number }): Promise<HostedServer> {
  const server = new Server({ name: 'toolbox', version: '1.0.0' }, { capabilities: { tools: {} } });
  server.setRequestHandler(ListToolsRequestSchema, async () => ({
    tools: [
      { name: 'echo', description: 'Returns its text.', inputSchema: { type: 'object', properties: { text: { type: 'string' } } } },
      { name: 'wait', description: 'Never finishes on its own.', inputSchema: { type: 'object' } },
      { name: 'explode', description: 'Fails with a protocol error.', inputSchema: { type: 'object' } },
      { name: 'picture', description: 'An image of `bytes` bytes.', inputSchema: { type: 'object', properties: { bytes: { type: 'number' } } } },
    ],
  }));
  server.setRequestHandler(CallToolRequestSchema, async (request, extra) => {
    const { name, arguments: args } = request.params;
    if (name === 'echo') return { content: [{ type: 'text', text: String(args?.text ?? '') }] };
    if (name === 'picture') return { content: [{ type: 'image', data: pictureBytes(Number(args?.bytes)).toString('base64'), mimeType: 'image/png' }] };
    if (name === 'wait') {
      // The cancellation may be handled before this handler runs: then the signal is already aborted.
      if (!extra.signal.aborted) await new Promise<void>((resolve) => extra.signal.addEventListener('abort', () => resolve()));
      aborts.count++;
      return { content: [{ type: 'text', text: 'aborted' }] };
    }
    throw new McpError(ErrorCode.InternalError, 'boom');
  });
  const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
  await server.connect(serverSide);
  return HostedServer.connect('toolbox', clientSide, TOOLBOX_LAUNCH, silentLogger);
}
