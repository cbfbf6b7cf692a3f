/**
 * Screenshots by reference over HTTP: a media block carries a URL on the server itself, served
 * behind the same token as /mcp, renewed with the window's content (the old URL is then gone), and
 * the read stays free of image bytes; the pixels come as MCP image content from `capture` only.
 */
import { get } from 'node:http';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { afterEach, beforeEach, expect, test } from 'vitest';
import type { Snapshot } from '../../src/protocol/schemas.js';
import { connectHttpClient } from '../helpers/httpClient.js';
import { startScreenshotServer, type ScreenshotServer } from '../helpers/screenshotServer.js';

const TOKEN = 'media-token-1';
let server: ScreenshotServer;
beforeEach(async () => {
  server = await startScreenshotServer({ token: TOKEN });
});
afterEach(async () => {
  await server.close();
});

const auth = { Authorization: `Bearer ${TOKEN}` };
const mediaUrl = (snapshot: Snapshot, winId: string) =>
  (snapshot.windows.find((w) => w.id === winId)?.blocks.find((b) => b.type === 'media') as { url: string } | undefined)?.url;

/** fetch never sends a Host of its own choosing; node:http does, as a DNS-rebinding page would. */
function statusWithHost(url: string, host: string): Promise<number> {
  return new Promise((resolve, reject) => {
    get(url, { headers: { ...auth, host }, agent: false }, (res) => {
      res.resume();
      resolve(res.statusCode ?? 0);
    }).on('error', reject);
  });
}

test('a read links each window picture on the server, behind the token, and holds no image bytes', async () => {
  const client = await connectHttpClient(server.http.url, auth);
  try {
    const text = ((await client.client.readResource({ uri: 'app://windows' })).contents[0] as { text: string }).text;
    expect(text).not.toContain('base64');
    const snapshot = JSON.parse(text) as Snapshot;
    const url = mediaUrl(snapshot, 'w1')!;
    expect(url).toMatch(new RegExp(`^http://127\\.0\\.0\\.1:${server.http.port}/media/w1-[0-9a-f]{12}\\.png$`));
    expect((await fetch(url)).status).toBe(401);
    expect(await statusWithHost(url, 'evil.example')).toBe(403);
    const answer = await fetch(url, { headers: auth });
    expect(answer.status).toBe(200);
    expect(answer.headers.get('content-type')).toBe('image/png');
    const png = Buffer.from(await answer.arrayBuffer());
    expect(png.subarray(1, 4).toString('ascii')).toBe('PNG');

    const capture = (await client.call('w1__capture')) as CallToolResult;
    expect(capture.content.map((c) => c.type)).toEqual(['text', 'image']);

    // The content changes: a new picture under a new URL; the old one is gone.
    const edited = await client.call('w1__edit_field', { field: 'recipient', value: 'Ada Lovelace' });
    expect(edited.isError).toBeFalsy();
    const renewed = mediaUrl(await client.snapshot(), 'w1')!;
    expect(renewed).not.toBe(url);
    expect((await fetch(url, { headers: auth })).status).toBe(404);
    expect((await fetch(renewed, { headers: auth })).status).toBe(200);
    expect((await fetch(`http://127.0.0.1:${server.http.port}/media/w1-nothing.png`, { headers: auth })).status).toBe(404);
  } finally {
    await client.close();
  }
});
