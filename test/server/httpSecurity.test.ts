/** HTTP security: loopback by default, Host and Origin checks (403), bearer token (401). */
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { startHttpServer, type RunningHttpServer } from '../../src/server/http.js';
import { startDemoServer, type DemoServer } from '../helpers/demoServer.js';
import { connectHttpClient } from '../helpers/httpClient.js';
import { INITIALIZE, rawPost } from '../helpers/rawHttp.js';

const post = (port: number, headers: Record<string, string>, body = JSON.stringify(INITIALIZE)) => rawPost(port, body, headers);

describe('HTTP security', () => {
  let demo: DemoServer;
  let open: RunningHttpServer;
  let locked: RunningHttpServer;
  const TOKEN = 'test-token-123';
  beforeAll(async () => {
    demo = await startDemoServer();
    open = await startHttpServer(demo.hub, { port: 0 });
    locked = await startHttpServer(demo.hub, { port: 0, token: TOKEN });
  });
  afterAll(async () => {
    await open.close();
    await locked.close();
    await demo.close();
  });

  test('binds to 127.0.0.1 by default', () => {
    expect(open.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/mcp$/);
    expect(open.httpServer.address()).toMatchObject({ address: '127.0.0.1' });
  });

  test('a loopback Host is served', async () => {
    const res = await post(open.port, { host: `localhost:${open.port}` });
    expect(res.status).toBe(200);
  });

  test('a foreign Host → 403 (DNS rebinding)', async () => {
    const res = await post(open.port, { host: `evil.example:${open.port}` });
    expect(res.status).toBe(403);
    expect(JSON.parse(res.body).error.message).toMatch(/Host/);
  });

  test('a cross-site Origin → 403; a same-site Origin is served', async () => {
    expect((await post(open.port, { host: `127.0.0.1:${open.port}`, origin: 'https://evil.example' })).status).toBe(403);
    expect((await post(open.port, { host: `127.0.0.1:${open.port}`, origin: 'null' })).status).toBe(403);
    expect((await post(open.port, { host: `127.0.0.1:${open.port}`, origin: `http://localhost:${open.port}` })).status).toBe(200);
  });

  test('Origin: only the exact origins of the served URL, nothing looser', async () => {
    const host = { host: `127.0.0.1:${open.port}` };
    const status = async (origin: string) => (await post(open.port, { ...host, origin })).status;
    for (const same of [`http://127.0.0.1:${open.port}`, `http://localhost:${open.port}`, `http://[::1]:${open.port}`])
      expect([same, await status(same)]).toEqual([same, 200]);
    for (const loose of [
      'http://localhost:1',
      'http://localhost',
      `https://localhost:${open.port}`,
      `http://user:pw@localhost:${open.port}`,
      `http://localhost:${open.port}/path`,
      `http://localhost:${open.port}?q`,
      `http://evil.localhost:${open.port}`,
      `ws://localhost:${open.port}`,
    ]) {
      expect([loose, await status(loose)]).toEqual([loose, 403]);
    }
  });

  test('--allowed-origin adds exactly that origin', async () => {
    const extra = await startHttpServer(demo.hub, { port: 0, allowedOrigins: ['https://app.example'] });
    const host = { host: `127.0.0.1:${extra.port}` };
    expect((await post(extra.port, { ...host, origin: 'https://app.example' })).status).toBe(200);
    expect((await post(extra.port, { ...host, origin: 'https://app.example:444' })).status).toBe(403);
    expect((await post(extra.port, { ...host, origin: 'http://app.example' })).status).toBe(403);
    await extra.close();
  });

  test('a network-reachable address needs a token; an empty token is an error', async () => {
    await expect(startHttpServer(demo.hub, { port: 0, host: '0.0.0.0' })).rejects.toThrow(/reachable from the network: set a token with --token/);
    await expect(startHttpServer(demo.hub, { port: 0, host: '::' })).rejects.toThrow(/--token/);
    await expect(startHttpServer(demo.hub, { port: 0, token: '' })).rejects.toThrow(/empty/);
    await expect(startHttpServer(demo.hub, { port: 0, host: '127.0.0.1', token: '  ' })).rejects.toThrow(/empty/);
  });

  test('--token: missing or wrong token → 401; the right one is served', async () => {
    const host = `127.0.0.1:${locked.port}`;
    const missing = await post(locked.port, { host });
    expect(missing.status).toBe(401);
    expect((await post(locked.port, { host, authorization: 'Bearer nope' })).status).toBe(401);
    expect((await post(locked.port, { host, authorization: `Bearer ${TOKEN}` })).status).toBe(200);
    const client = await connectHttpClient(locked.url, { Authorization: `Bearer ${TOKEN}` });
    expect((await client.snapshot()).windows.length).toBe(2);
    await client.close();
  });

  test('bad requests get JSON-RPC errors and the server keeps serving', async () => {
    const host = `127.0.0.1:${open.port}`;
    expect((await post(open.port, { host }, '{not json')).status).toBe(400);
    const notInit = JSON.stringify({ jsonrpc: '2.0', id: 2, method: 'tools/list' });
    const refused = await post(open.port, { host }, notInit);
    expect(refused.status).toBe(400);
    expect(JSON.parse(refused.body).error.code).toBe(-32600);
    expect((await post(open.port, { host, 'mcp-session-id': 'no-such-session' }, notInit)).status).toBe(404);
    expect((await post(open.port, { host })).status).toBe(200);
  });
});
