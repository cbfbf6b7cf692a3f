/** One MCP connection: a low-level SDK `Server` with our own handlers on the shared bridge. */
import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import {
  CallToolRequestSchema,
  ErrorCode,
  ListResourcesRequestSchema,
  ListToolsRequestSchema,
  McpError,
  ReadResourceRequestSchema,
  SetLevelRequestSchema,
  SubscribeRequestSchema,
  UnsubscribeRequestSchema,
} from '@modelcontextprotocol/sdk/types.js';
import { SERVER_NAME, SERVER_VERSION } from '../version.js';
import type { SessionHub } from './hub.js';
import { readWindows, WINDOWS_RESOURCE, WINDOWS_URI } from './resources.js';
import { sharedSchemaValidator } from './schemaValidator.js';
import { STABLE_INSTRUCTIONS } from './stableTools.js';
import { handleToolCall } from './toolCall.js';
import { listedTools } from './toolList.js';

/** MCP's "resource not found" error code. */
const RESOURCE_NOT_FOUND = -32002;
/**
 * Subscriptions one session may hold. window:// URIs may name windows that do not exist (yet), so
 * without a cap one client could grow the server without bound (one per window is far below it).
 */
export const MAX_SUBSCRIPTIONS_PER_SESSION = 256;

export function createSessionServer(hub: SessionHub, transport: string): Server {
  const { bridge, extension } = hub;
  // P-INIT-2: declared before connect(); list_changed on resources only when an extension has a list.
  const server = new Server(
    { name: SERVER_NAME, version: SERVER_VERSION, title: 'GUI Bridge' },
    {
      capabilities: {
        resources: { subscribe: true, ...(extension?.listChanged ? { listChanged: true } : {}) },
        tools: { listChanged: true },
        logging: {}, // logging/setLevel + notifications/message
      },
      instructions: bridge.instructions() + (hub.options.stableTools ? STABLE_INSTRUCTIONS : ''), // P-INIT-3
      jsonSchemaValidator: sharedSchemaValidator,
    },
  );
  const connection = hub.add(server, transport);
  server.onclose = () => hub.remove(connection);

  const knows = (uri: string) => uri === WINDOWS_URI || (extension?.owns(uri) ?? false);

  server.setRequestHandler(ListResourcesRequestSchema, async (request) => {
    const cursor = request.params?.cursor;
    if (!extension) return { resources: [WINDOWS_RESOURCE] }; // P-RES-1: only app://windows
    const page = extension.list(cursor);
    const resources = cursor === undefined ? [WINDOWS_RESOURCE, ...page.resources] : page.resources;
    return page.nextCursor ? { resources, nextCursor: page.nextCursor } : { resources };
  });

  server.setRequestHandler(ReadResourceRequestSchema, async (request) => {
    const { uri } = request.params;
    if (uri === WINDOWS_URI) return readWindows(bridge);
    const result = extension?.read(uri);
    if (!result) throw new McpError(RESOURCE_NOT_FOUND, `Resource not found: ${uri}`, { uri });
    return result;
  });

  server.setRequestHandler(SubscribeRequestSchema, async (request) => {
    const { uri } = request.params;
    if (!knows(uri)) throw new McpError(RESOURCE_NOT_FOUND, `Resource not found: ${uri}`);
    if (!connection.subscriptions.has(uri) && connection.subscriptions.size >= MAX_SUBSCRIPTIONS_PER_SESSION) {
      throw new McpError(ErrorCode.InvalidRequest, `Too many subscriptions: at most ${MAX_SUBSCRIPTIONS_PER_SESSION} per session. Unsubscribe from one first.`);
    }
    connection.subscriptions.add(uri);
    return {};
  });

  server.setRequestHandler(UnsubscribeRequestSchema, async (request) => {
    connection.subscriptions.delete(request.params.uri);
    return {};
  });

  server.setRequestHandler(SetLevelRequestSchema, async (request) => {
    connection.logLevel = request.params.level;
    return {};
  });

  server.setRequestHandler(ListToolsRequestSchema, async () => ({ tools: listedTools(hub) }));

  server.setRequestHandler(CallToolRequestSchema, async (request, extra) => {
    if (typeof request.params.name !== 'string') throw new McpError(ErrorCode.InvalidParams, 'Tool name must be a string');
    return handleToolCall(hub, connection, request, extra);
  });

  return server;
}
