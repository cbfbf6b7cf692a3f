/**
 * Bounded HTTP memory and quiet aborts : a session cap that evicts the
 * least recently active idle session or answers 503, idle expiry, body limits, trimmed initialize.
 */
import { request } from 'node:http';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import { startHttpServer } from '../../src/server/http.js';
import { MAX_BODY_BYTES } from '../../src/server/httpBody.js';
import { HttpSessions } from '../../src/server/httpSessions.js';
import { SessionHub } from '../../src/server/hub.js';
import { createLogger, silentLogger } from '../../src/util/logger.js';
import { startDemoServer, type DemoServer } from '../helpers/demoServer.js';
import { INITIALIZE, rawPost, rawSession } from '../helpers/rawHttp.js';

const sessionHeaders = (id: string) => ({ 'mcp-session-id': id, 'mcp-protocol-version': '2025-06-18' });
const ping = (id: number) => JSON.stringify({ jsonrpc: '2.0', id, method: 'ping' });

/** An open GET event stream: the session is busy while it lasts. */
function openStream(port: number, session: string): Promise<() => void> {
  return new Promise((resolve, reject) => {
    const req = request(
      { host: '127.0.0.1', port, path: '/mcp', method: 'GET', headers: { host: `127.0.0.1:${port}`, accept: 'text/event-stream', ...sessionHeaders(session) } },
      (res) => {
        expect(res.statusCode).toBe(200);
        resolve(() => req.destroy());
      },
    );
    req.on('error', () => undefined);
    req.on('error', reject);
    req.end();
  });
}

describe('HTTP session limits', () => {
  let demo: DemoServer;
  beforeAll(async () => {
    demo = await startDemoServer();
  });
  afterAll(async () => {
    await demo.close();
  });

  test('at the cap, a new session closes the least recently active idle one', async () => {
    const http = await startHttpServer(demo.hub, { port: 0, maxSessions: 2 });
    const first = await rawSession(http.port);
    const second = await rawSession(http.port);
    expect((await rawPost(http.port, ping(5), sessionHeaders(first))).status).toBe(200); // first is now the most recent
    const third = await rawSession(http.port);
    expect(http.sessions()).toBe(2);
    expect((await rawPost(http.port, ping(6), sessionHeaders(second))).status).toBe(404);
    expect((await rawPost(http.port, ping(7), sessionHeaders(first))).status).toBe(200);
    expect((await rawPost(http.port, ping(8), sessionHeaders(third))).status).toBe(200);
    await http.close();
  });

  test('when every session is busy, a new one gets 503 with Retry-After', async () => {
    const http = await startHttpServer(demo.hub, { port: 0, maxSessions: 2 });
    const streams = [await openStream(http.port, await rawSession(http.port)), await openStream(http.port, await rawSession(http.port))];
    const refused = await rawPost(http.port, JSON.stringify(INITIALIZE));
    expect(refused.status).toBe(503);
    expect(refused.headers['retry-after']).toBeDefined();
    for (const stop of streams) stop();
    await http.close();
  });

  test('bodies: small limit for non-tool requests, larger for tools/call', async () => {
    const http = await startHttpServer(demo.hub, { port: 0 });
    const big = JSON.stringify({ ...INITIALIZE, params: { ...INITIALIZE.params, capabilities: { experimental: { blob: 'x'.repeat(MAX_BODY_BYTES) } } } });
    const refused = await rawPost(http.port, big);
    expect(refused.status).toBe(413);
    expect(JSON.parse(refused.body).error.code).toBe(-32600);
    const session = await rawSession(http.port);
    const call = {
      jsonrpc: '2.0',
      id: 3,
      method: 'tools/call',
      params: { name: 'w1__edit_field', arguments: { field: 'recipient', value: 'y'.repeat(1_000_000) } },
    };
    const accepted = await rawPost(http.port, JSON.stringify(call), sessionHeaders(session));
    expect(accepted.status).toBe(200);
    expect(accepted.body).toContain('"id":3');
    const huge = await rawPost(
      http.port,
      JSON.stringify({ ...call, params: { ...call.params, arguments: { value: 'z'.repeat(5_000_000) } } }),
      sessionHeaders(session),
    );
    expect(huge.status).toBe(413);
    await http.close();
  });

  test('an aborted request is logged at debug level, not as an error', async () => {
    const lines: string[] = [];
    const hub = new SessionHub(demo.bridge, createLogger({ level: 'debug', write: (line) => lines.push(line) }));
    const http = await startHttpServer(hub, { port: 0 });
    for (let i = 0; i < 5; i++) {
      await new Promise<void>((resolve) => {
        const req = request({
          host: '127.0.0.1',
          port: http.port,
          path: '/mcp',
          method: 'POST',
          headers: { host: `127.0.0.1:${http.port}`, 'content-type': 'application/json', 'content-length': '1000' },
        });
        req.on('error', () => resolve());
        req.write('{"jsonrpc":"2.0",', () => setImmediate(() => req.destroy()));
      });
    }
    while (lines.filter((l) => l.includes('aborted')).length < 5) await new Promise((r) => setTimeout(r, 20));
    expect(lines.filter((l) => l.includes(' error: '))).toEqual([]);
    expect(lines.filter((l) => l.includes('debug: HTTP request aborted'))).toHaveLength(5);
    await http.close();
    hub.close();
  });

  test("each request with an id gets a debug line with its method and the server's own time; notifications do not", async () => {
    const lines: string[] = [];
    const hub = new SessionHub(demo.bridge, createLogger({ level: 'debug', write: (line) => lines.push(line) }));
    const http = await startHttpServer(hub, { port: 0 });
    const session = await rawSession(http.port);
    const read = await rawPost(
      http.port,
      JSON.stringify({ jsonrpc: '2.0', id: 9, method: 'resources/read', params: { uri: 'app://windows' } }),
      sessionHeaders(session),
    );
    expect(read.status).toBe(200);
    const served = () => lines.filter((l) => l.includes('HTTP request served')).map((l) => JSON.parse(l.slice(l.indexOf('{'))) as { rpc: string; ms: number });
    while (!served().some((s) => s.rpc === 'resources/read')) await new Promise((r) => setTimeout(r, 20));
    expect(served().map((s) => s.rpc)).toEqual(['initialize', 'resources/read']);
    expect(served().every((s) => typeof s.ms === 'number' && s.ms >= 0)).toBe(true);
    await http.close();
    hub.close();
  });
});

describe('HttpSessions (pure bookkeeping, injected clock)', () => {
  function fakeTransport(closed: string[], id: string): StreamableHTTPServerTransport {
    return { close: async () => void closed.push(id) } as unknown as StreamableHTTPServerTransport;
  }

  test('idle expiry closes only sessions idle longer than the timeout, never a busy one', async () => {
    let now = 0;
    const closed: string[] = [];
    const sessions = new HttpSessions({ maxSessions: 10, idleTimeoutMs: 1000 }, silentLogger, () => now);
    for (const id of ['a', 'b', 'c']) sessions.add(id, fakeTransport(closed, id));
    let finishB: () => void = () => undefined;
    sessions.track('b', (done) => (finishB = done));
    now = 500;
    sessions.track('c', (done) => done());
    now = 1200;
    sessions.expireIdle();
    expect(closed).toEqual(['a']); // b is busy, c was active at 500
    finishB();
    now = 2600;
    sessions.expireIdle();
    expect(closed.sort()).toEqual(['a', 'b', 'c']);
    expect(sessions.size).toBe(0);
    await sessions.closeAll();
  });

  test('makeRoom evicts the least recently active idle session; false when all are busy', async () => {
    let now = 0;
    const closed: string[] = [];
    const sessions = new HttpSessions({ maxSessions: 2, idleTimeoutMs: 60_000 }, silentLogger, () => now);
    sessions.add('old', fakeTransport(closed, 'old'));
    now = 1;
    sessions.add('new', fakeTransport(closed, 'new'));
    expect(sessions.makeRoom()).toBe(true);
    expect(closed).toEqual(['old']);
    sessions.add('third', fakeTransport(closed, 'third'));
    sessions.track('new', () => undefined);
    sessions.track('third', () => undefined);
    expect(sessions.makeRoom()).toBe(false);
    await sessions.closeAll();
  });
});
