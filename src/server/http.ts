/**
 * Streamable HTTP transport: many clients at once, one SDK transport + `Server` per MCP session,
 * all on the one shared bridge (P-SESS-5). Binds to 127.0.0.1 unless told otherwise; any other
 * address needs a token (exposure.ts). Sessions are bounded (httpSessions.ts), bodies too
 * (httpBody.ts), and every malformed message is answered (jsonRpcCheck.ts).
 */
import { randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage, type Server as HttpServer, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import { ErrorCode, isInitializeRequest } from '@modelcontextprotocol/sdk/types.js';
import { MEDIA_PATH } from '../util/mediaPath.js';
import type { SessionHub } from './hub.js';
import { assertExposureAllowed } from '../util/exposure.js';
import type { OwnerConsole } from './console/ownerConsole.js';
import { CONSOLE_PATH, consoleRoute, handleConsole } from './console/routes.js';
import { readBody } from './httpBody.js';
import { createGuard, type GuardOptions } from './httpGuard.js';
import { HttpSessions, type SessionLimits } from './httpSessions.js';
import { checkIncoming, type RpcErrorMessage } from './jsonRpcCheck.js';
import { createSessionServer } from './session.js';
import { trimInitialize } from './trimInitialize.js';

export const MCP_PATH = '/mcp';

export interface HttpOptions extends Omit<GuardOptions, 'bindHost' | 'port'>, SessionLimits {
  port: number;
  host?: string;
  /** The owner's console at /console, attached to the hub's bridge. */
  console?: OwnerConsole;
}

export interface RunningHttpServer {
  url: string;
  /** The owner's console page, when it is on. */
  consoleUrl?: string;
  port: number;
  /** The Node server, for embedding and for tests that tap the wire. */
  httpServer: HttpServer;
  sessions(): number;
  close(): Promise<void>;
}

export async function startHttpServer(hub: SessionHub, options: HttpOptions): Promise<RunningHttpServer> {
  const host = options.host ?? '127.0.0.1';
  assertExposureAllowed(host, options.token);
  const sessions = new HttpSessions(options, hub.log);
  let guard: ReturnType<typeof createGuard> = () => ({ ok: false, status: 403, message: 'Forbidden: not ready.' });

  const ownerConsole = options.console;
  ownerConsole?.attach(hub.bridge);
  const handle = async (req: IncomingMessage, res: ServerResponse) => {
    const arrived = performance.now();
    const path = new URL(req.url ?? '/', 'http://localhost').pathname;
    const consolePart = ownerConsole ? consoleRoute(path) : undefined;
    const verdict = guard(req, consolePart !== 'page');
    if (!verdict.ok) {
      if (verdict.status === 401) res.setHeader('WWW-Authenticate', 'Bearer');
      return sendJsonRpcError(res, verdict.status, verdict.message);
    }
    if (ownerConsole && consolePart) return handleConsole(ownerConsole, req, res, path);
    if (path.startsWith(`${MEDIA_PATH}/`)) return sendMedia(hub, req, res, path.slice(MEDIA_PATH.length + 1));
    if (path !== MCP_PATH) return sendJsonRpcError(res, 404, `Not found: the MCP endpoint is ${MCP_PATH}`);

    const sessionId = header(req, 'mcp-session-id');
    const existing = sessionId ? sessions.get(sessionId) : undefined;
    if (existing && sessionId) sessions.track(sessionId, (done) => res.once('close', done));
    if (req.method !== 'POST') {
      if (!existing) return sendJsonRpcError(res, sessionId ? 404 : 400, 'Unknown or missing Mcp-Session-Id.');
      return existing.handleRequest(req, res);
    }
    const body = await readBody(req);
    if (!body.ok) return sendJsonRpcError(res, body.status, body.message, body.code);
    const checked = checkIncoming(body.value);
    if (!checked.ok) return sendErrors(res, checked.errors);
    const messages = checked.messages.map(trimInitialize);
    const parsed = checked.batch ? messages : messages[0];
    logServed(hub, res, parsed, arrived);
    if (existing) return existing.handleRequest(req, res, parsed);
    if (sessionId) return sendJsonRpcError(res, 404, 'Session not found: initialize a new one.');
    if (!isInitializeRequest(parsed)) return sendJsonRpcError(res, 400, 'The first request of a session must be initialize.', -32600);
    if (!sessions.makeRoom()) {
      res.setHeader('Retry-After', '5');
      return sendJsonRpcError(res, 503, 'Too many sessions, all busy: try again later.');
    }

    const transport: StreamableHTTPServerTransport = new StreamableHTTPServerTransport({
      sessionIdGenerator: () => randomUUID(),
      onsessioninitialized: (id: string): void => sessions.add(id, transport),
    });
    const server = createSessionServer(hub, 'http');
    transport.onclose = () => {
      if (transport.sessionId) sessions.remove(transport.sessionId);
      void server.close().catch(() => undefined);
    };
    await server.connect(transport);
    await transport.handleRequest(req, res, parsed);
  };

  const http: HttpServer = createServer((req, res) => {
    handle(req, res).catch((error: unknown) => {
      const message = error instanceof Error ? error.message : String(error);
      // A client that hangs up mid-request is routine, not a server fault.
      if (wasAborted(req, error)) hub.log.debug('HTTP request aborted by the client', { error: message });
      else hub.log.error('HTTP request failed', { error: message });
      if (!res.headersSent && !res.destroyed) sendJsonRpcError(res, 500, 'Internal server error');
      else res.end();
    });
  });
  await new Promise<void>((resolve, reject) => {
    http.once('error', reject);
    http.listen(options.port, host, () => resolve());
  });
  const port = (http.address() as AddressInfo).port;
  guard = createGuard({ ...options, bindHost: host, port });
  const shownHost = host.includes(':') ? `[${host}]` : host;
  return {
    url: `http://${shownHost}:${port}${MCP_PATH}`,
    ...(ownerConsole ? { consoleUrl: `http://${shownHost}:${port}${CONSOLE_PATH}` } : {}),
    port,
    httpServer: http,
    sessions: () => sessions.size,
    close: async () => {
      ownerConsole?.close();
      await sessions.closeAll();
      http.closeAllConnections();
      await new Promise<void>((resolve) => http.close(() => resolve()));
    },
  };
}

/**
 * The server's own time for one request, arrival → response sent (debug level): what a client
 * measures also holds its library, HTTP and scheduling (bench/startup.ts reads this line).
 */
function logServed(hub: SessionHub, res: ServerResponse, parsed: unknown, arrived: number): void {
  const rpc = (parsed as { method?: unknown } | undefined)?.method;
  if (typeof rpc !== 'string' || !('id' in (parsed as object))) return;
  res.once('finish', () => hub.log.debug('HTTP request served', { rpc, ms: Number((performance.now() - arrived).toFixed(2)) }));
}

function header(req: IncomingMessage, name: string): string | undefined {
  const value = req.headers[name];
  return Array.isArray(value) ? value[0] : value;
}

function wasAborted(req: IncomingMessage, error: unknown): boolean {
  const code = (error as NodeJS.ErrnoException | undefined)?.code;
  return req.destroyed || code === 'ECONNRESET' || code === 'ERR_STREAM_PREMATURE_CLOSE' || (error instanceof Error && error.message === 'aborted');
}

/**
 * A request whose envelope is valid but whose params are not is answered like any failed request
 * (200 + the JSON-RPC error, which SDK clients match to their call); anything the transport
 * cannot accept is a 400 (Streamable HTTP: "MUST return an HTTP error status code").
 */
function sendErrors(res: ServerResponse, errors: RpcErrorMessage[]): void {
  const answerable = errors.every((e) => e.id !== null && e.error.code === ErrorCode.InvalidParams);
  res.writeHead(answerable ? 200 : 400, { 'Content-Type': 'application/json' });
  res.end(JSON.stringify(errors.length === 1 ? errors[0] : errors));
}

function sendJsonRpcError(res: ServerResponse, status: number, message: string, code = -32000): void {
  res.writeHead(status, { 'Content-Type': 'application/json' });
  res.end(JSON.stringify({ jsonrpc: '2.0', error: { code, message }, id: null }));
}

/** A current screenshot (media blocks link here over HTTP); an old or unknown name is 404. */
function sendMedia(hub: SessionHub, req: IncomingMessage, res: ServerResponse, name: string): void {
  if (req.method !== 'GET' && req.method !== 'HEAD') return sendJsonRpcError(res, 405, 'Method not allowed: screenshots are read with GET.');
  const png = hub.bridge.media(name);
  if (!png) return sendJsonRpcError(res, 404, 'Not found: this screenshot was replaced or its window closed. Read the window again for its current one.');
  res.writeHead(200, { 'Content-Type': 'image/png', 'Content-Length': png.length, 'Cache-Control': 'private, max-age=3600' });
  res.end(req.method === 'HEAD' ? undefined : png);
}
