/**
 * Streamable HTTP transport: many clients at once, one SDK transport + `Server` per MCP session,
 * all on the one shared bridge (P-SESS-5). Binds to 127.0.0.1 unless told otherwise.
 */
import { randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage, type Server as HttpServer, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import { isInitializeRequest } from '@modelcontextprotocol/sdk/types.js';
import type { SessionHub } from './hub.js';
import { createGuard, type GuardOptions } from './httpGuard.js';
import { createSessionServer } from './session.js';

export const MCP_PATH = '/mcp';
const MAX_BODY_BYTES = 4 * 1024 * 1024;

export interface HttpOptions extends Omit<GuardOptions, 'bindHost'> {
  port: number;
  host?: string;
}

export interface RunningHttpServer {
  url: string;
  port: number;
  /** The Node server, for embedding and for tests that tap the wire. */
  httpServer: HttpServer;
  sessions(): number;
  close(): Promise<void>;
}

export async function startHttpServer(hub: SessionHub, options: HttpOptions): Promise<RunningHttpServer> {
  const host = options.host ?? '127.0.0.1';
  const guard = createGuard({ ...options, bindHost: host });
  const transports = new Map<string, StreamableHTTPServerTransport>();

  const handle = async (req: IncomingMessage, res: ServerResponse) => {
    const verdict = guard(req);
    if (!verdict.ok) {
      if (verdict.status === 401) res.setHeader('WWW-Authenticate', 'Bearer');
      return sendJsonRpcError(res, verdict.status, verdict.message);
    }
    const path = new URL(req.url ?? '/', 'http://localhost').pathname;
    if (path !== MCP_PATH) return sendJsonRpcError(res, 404, `Not found: the MCP endpoint is ${MCP_PATH}`);

    const sessionId = header(req, 'mcp-session-id');
    const existing = sessionId ? transports.get(sessionId) : undefined;
    if (req.method !== 'POST') {
      if (!existing) return sendJsonRpcError(res, sessionId ? 404 : 400, 'Unknown or missing Mcp-Session-Id.');
      return existing.handleRequest(req, res);
    }
    const body = await readJson(req);
    if (!body.ok) return sendJsonRpcError(res, body.status, body.message, -32700);
    if (existing) return existing.handleRequest(req, res, body.value);
    if (sessionId) return sendJsonRpcError(res, 404, 'Session not found: initialize a new one.');
    if (!isInitializeRequest(body.value)) return sendJsonRpcError(res, 400, 'The first request of a session must be initialize.');

    const transport = new StreamableHTTPServerTransport({
      sessionIdGenerator: () => randomUUID(),
      onsessioninitialized: (id) => void transports.set(id, transport),
    });
    const server = createSessionServer(hub, 'http');
    transport.onclose = () => {
      if (transport.sessionId) transports.delete(transport.sessionId);
      void server.close().catch(() => undefined);
    };
    await server.connect(transport);
    await transport.handleRequest(req, res, body.value);
  };

  const http: HttpServer = createServer((req, res) => {
    handle(req, res).catch((error: unknown) => {
      hub.log.error('HTTP request failed', { error: error instanceof Error ? error.message : String(error) });
      if (!res.headersSent) sendJsonRpcError(res, 500, 'Internal server error');
      else res.end();
    });
  });
  await new Promise<void>((resolve, reject) => {
    http.once('error', reject);
    http.listen(options.port, host, () => resolve());
  });
  const port = (http.address() as AddressInfo).port;
  const shownHost = host.includes(':') ? `[${host}]` : host;
  return {
    url: `http://${shownHost}:${port}${MCP_PATH}`,
    port,
    httpServer: http,
    sessions: () => transports.size,
    close: async () => {
      for (const t of transports.values()) await t.close().catch(() => undefined);
      transports.clear();
      http.closeAllConnections();
      await new Promise<void>((resolve) => http.close(() => resolve()));
    },
  };
}

function header(req: IncomingMessage, name: string): string | undefined {
  const value = req.headers[name];
  return Array.isArray(value) ? value[0] : value;
}

type BodyResult = { ok: true; value: unknown } | { ok: false; status: 400 | 413; message: string };

async function readJson(req: IncomingMessage): Promise<BodyResult> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req) {
    size += (chunk as Buffer).length;
    if (size > MAX_BODY_BYTES) return { ok: false, status: 413, message: 'Request body too large.' };
    chunks.push(chunk as Buffer);
  }
  try {
    return { ok: true, value: JSON.parse(Buffer.concat(chunks).toString('utf8')) };
  } catch {
    return { ok: false, status: 400, message: 'Parse error: the body is not JSON.' };
  }
}

function sendJsonRpcError(res: ServerResponse, status: number, message: string, code = -32000): void {
  res.writeHead(status, { 'Content-Type': 'application/json' });
  res.end(JSON.stringify({ jsonrpc: '2.0', error: { code, message }, id: null }));
}
