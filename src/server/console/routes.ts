/**
 * The console's HTTP routes under /console. The page and its scripts carry no data
 * and need no token (a browser cannot add a header to a navigation); everything under
 * /console/api/ passes the same Host, Origin and token guard as /mcp. The page sends the token
 * as a header on fetch() — the event stream too (fetch streaming, not EventSource) — so it never
 * appears in a URL.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { ActivityEntry } from './activity.js';
import { consoleAsset } from './assets.js';
import type { ConsoleState, OwnerConsole } from './ownerConsole.js';
import { windowDetail, windowFixture } from './windowDetail.js';

export const CONSOLE_PATH = '/console';
const API = `${CONSOLE_PATH}/api/`;
const MAX_CONSOLE_BODY = 4096;
const KEEPALIVE_MS = 15_000;
const MAX_UNREAD_BYTES = 16 * 1024 * 1024;

/** Whether `path` is the console's, and whether it needs the token. */
export function consoleRoute(path: string): 'page' | 'api' | undefined {
  if (path.startsWith(API)) return 'api';
  if (path === CONSOLE_PATH || path === `${CONSOLE_PATH}/` || path.startsWith(`${CONSOLE_PATH}/`)) return 'page';
  return undefined;
}

export async function handleConsole(owner: OwnerConsole, req: IncomingMessage, res: ServerResponse, path: string): Promise<void> {
  if (consoleRoute(path) === 'page') return servePage(req, res, path);
  const rest = path.slice(API.length).split('/').map(decodeURIComponent);
  const [first, second, third] = rest;
  if (req.method === 'GET' && first === 'events' && rest.length === 1) return streamEvents(owner, req, res);
  if (req.method === 'GET' && first === 'state' && rest.length === 1) return sendJson(res, 200, owner.state());
  if (req.method === 'GET' && first === 'window' && second !== undefined && rest.length <= 3) {
    const bridge = owner.attachedBridge;
    if (!bridge) return sendJson(res, 503, { error: 'The bridge is not ready.' });
    if (third === undefined) {
      const detail = windowDetail(bridge, second);
      return detail ? sendJson(res, 200, detail) : sendJson(res, 404, { error: `No window "${second}".` });
    }
    if (third === 'fixture') {
      const fixture = windowFixture(bridge, second);
      if (!fixture) return sendJson(res, 404, { error: `No window "${second}".` });
      res.setHeader('Content-Disposition', `attachment; filename="${second}.json"`);
      return sendJson(res, 200, fixture);
    }
  }
  if (req.method === 'POST' && (first === 'pause' || first === 'approvals')) {
    const body = await readSmallJson(req);
    if (!body.ok) return sendJson(res, body.status, { error: body.message });
    if (first === 'pause' && rest.length === 1) {
      const paused = (body.value as { paused?: unknown }).paused;
      if (typeof paused !== 'boolean') return sendJson(res, 400, { error: 'Send {"paused": true|false}.' });
      owner.setPaused(paused);
      return sendJson(res, 200, { paused: owner.pause.paused });
    }
    const id = Number(second);
    const approved = (body.value as { approved?: unknown }).approved;
    if (rest.length !== 2 || !Number.isInteger(id) || typeof approved !== 'boolean') {
      return sendJson(res, 400, { error: 'Send POST /console/api/approvals/<id> with {"approved": true|false}.' });
    }
    if (!owner.answer(id, approved)) return sendJson(res, 409, { error: `Approval ${id} is no longer pending (answered elsewhere or withdrawn).` });
    return sendJson(res, 200, { id, approved });
  }
  return sendJson(res, 404, { error: `No console endpoint ${req.method ?? ''} ${path}.` });
}

async function servePage(req: IncomingMessage, res: ServerResponse, path: string): Promise<void> {
  if (req.method !== 'GET' && req.method !== 'HEAD') return sendJson(res, 405, { error: 'The console page is read with GET.' });
  const asset = await consoleAsset(path === `${CONSOLE_PATH}/` ? CONSOLE_PATH : path);
  if (!asset) return sendJson(res, 404, { error: `No console file ${path}.` });
  res.writeHead(200, {
    'Content-Type': asset.type,
    'Cache-Control': 'no-store',
    // Everything the page uses is served from here (works offline); no framing (clickjacking on Approve).
    'Content-Security-Policy': "default-src 'self'; img-src 'self' data:; object-src 'none'; base-uri 'none'; frame-ancestors 'none'; form-action 'none'",
    'X-Content-Type-Options': 'nosniff',
    'Referrer-Policy': 'no-referrer',
  });
  res.end(req.method === 'HEAD' ? undefined : asset.body);
}

/** Server-sent events: the whole state at once and on every change, then each new feed entry. */
function streamEvents(owner: OwnerConsole, req: IncomingMessage, res: ServerResponse): void {
  res.writeHead(200, { 'Content-Type': 'text/event-stream', 'Cache-Control': 'no-store', Connection: 'keep-alive', 'X-Accel-Buffering': 'no' });
  res.socket?.setNoDelay(true); // a change must reach the page now, not after Nagle's delay
  const send = (event: string, data: unknown) => {
    // A page that stopped reading (a frozen tab) must not make the server buffer every change:
    // drop it; on reconnect it gets the current state at once.
    if (res.writableLength > MAX_UNREAD_BYTES) return void res.destroy();
    res.write(`event: ${event}\ndata: ${JSON.stringify(data)}\n\n`);
  };
  send('feed', owner.feed.recent());
  const remove = owner.addViewer({
    state: (state: ConsoleState) => send('state', state),
    activity: (entry: ActivityEntry) => send('activity', entry),
  });
  send('state', owner.state());
  const keepalive = setInterval(() => res.write(': keep-alive\n\n'), KEEPALIVE_MS);
  keepalive.unref();
  res.once('close', () => {
    clearInterval(keepalive);
    remove();
  });
}

type SmallBody = { ok: true; value: object } | { ok: false; status: 400 | 413 | 415; message: string };

async function readSmallJson(req: IncomingMessage): Promise<SmallBody> {
  // A JSON content type cannot be sent cross-site without a CORS preflight, which is never granted.
  if (!/^application\/json\b/i.test(req.headers['content-type'] ?? '')) return { ok: false, status: 415, message: 'Send Content-Type: application/json.' };
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req) {
    size += (chunk as Buffer).length;
    if (size > MAX_CONSOLE_BODY) return { ok: false, status: 413, message: `Body too large: at most ${MAX_CONSOLE_BODY} bytes.` };
    chunks.push(chunk as Buffer);
  }
  try {
    const value: unknown = JSON.parse(Buffer.concat(chunks).toString('utf8'));
    if (value !== null && typeof value === 'object' && !Array.isArray(value)) return { ok: true, value };
  } catch {
    // answered below
  }
  return { ok: false, status: 400, message: 'The body must be a JSON object.' };
}

function sendJson(res: ServerResponse, status: number, value: unknown): void {
  res.writeHead(status, { 'Content-Type': 'application/json', 'Cache-Control': 'no-store', 'X-Content-Type-Options': 'nosniff' });
  res.end(JSON.stringify(value));
}
