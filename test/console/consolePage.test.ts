/**
 * In a real headless browser (Debian's chromium via playwright-core): the
 * console page shows the demo windows; an agent's write through a real MCP client over HTTP
 * appears on the page within 1 s; Pause refuses an agent call with a structured error and Resume
 * lets calls through; a foreign Host is refused; a --confirm question is answered in the console.
 */
import { request as httpRequest } from 'node:http';
import { ElicitRequestSchema, type CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { connectHttpClient } from '../helpers/httpClient.js';
import type { TestClient } from '../helpers/demoServer.js';
import { launchBrowser, REBOUND_HOST, startConsoleServer, type ConsoleServer } from '../helpers/consoleServer.js';

/** The bound for a change to reach the page; a deadline for waiting, not a measurement. */
const PAGE_DEADLINE_MS = 1000;

let server: ConsoleServer;
let browser: Browser;
let page: Page;
let agent: TestClient;

beforeAll(async () => {
  server = await startConsoleServer({ confirm: 'destructive' });
  browser = await launchBrowser();
  page = await browser.newPage();
  await page.goto(`${server.origin}/console`);
  agent = await connectHttpClient(server.http.url);
});

afterAll(async () => {
  await agent?.close();
  await browser?.close();
  await server?.close();
});

const code = (result: CallToolResult) => (result.structuredContent as { code?: string } | undefined)?.code;

describe('the console page', () => {
  test('shows the demo windows, their content as a person reads it, the operable set and the tools', async () => {
    await page.locator('article.window[data-window-id="w1"]').waitFor();
    expect(await page.locator('article.window').evaluateAll((all) => all.map((a) => a.getAttribute('data-window-id')))).toEqual(['w1', 'w2']);
    const w1 = page.locator('article[data-window-id="w1"]');
    expect(await w1.locator('h3').textContent()).toBe('Order Editor — #12345');
    expect(await w1.locator('dl.fields dt').allTextContents()).toEqual(['Recipient', 'Amount', 'Payment password']);
    expect(await w1.locator('table.block th').allTextContents()).toEqual(['Product', 'Quantity']);
    expect(await w1.locator('.notice.error').textContent()).toBe('Recipient cannot be empty');
    expect(await w1.locator('.tools code').allTextContents()).toContain('w1__edit_field');
    expect(await page.locator('.win-node.operable').evaluateAll((all) => all.map((a) => a.getAttribute('data-graph-id')))).toEqual(['w1', 'w2']);
    expect(await page.locator('#status').textContent()).toContain('live');
  });

  test('an agent write appears on the page within 1 s, with its call in the feed and the password masked', async () => {
    const before = Number(await page.locator('article[data-window-id="w1"]').getAttribute('data-version'));
    const started = Date.now();
    const result = await agent.call('w1__edit_field', { field: 'recipient', value: 'Alice Example' });
    expect(result.isError).toBeFalsy();
    // The agent's answer comes after the state was applied and pushed (P-NOTE-1); the page must show it within the bound.
    await page.locator('article[data-window-id="w1"] dl.fields dd', { hasText: 'Alice Example' }).waitFor({ timeout: PAGE_DEADLINE_MS });
    const shownAfterMs = Date.now() - started;
    expect(Number(await page.locator('article[data-window-id="w1"]').getAttribute('data-version'))).toBe(before + 1);
    const row = page.locator('#feed tr.call[data-tool="w1__edit_field"]').first();
    await row.waitFor();
    expect(await row.getAttribute('data-result')).toBe('ok');
    expect(await row.locator('td').nth(1).textContent()).toBe('conformance-http');
    console.info(`agent write visible on the page ${shownAfterMs} ms after the call started`);

    await agent.call('w1__edit_field', { field: 'payment_password', value: 'hunter2-secret' });
    await page.locator('#feed tr.call[data-tool="w1__edit_field"]').nth(1).waitFor();
    const content = await page.content();
    expect(content).not.toContain('hunter2-secret');
    expect(content).not.toContain('Alice Example"'); // the feed shows free text as its length only
    expect(await page.locator('#feed tr.call').first().locator('td').nth(3).textContent()).toContain('(14 chars)');
  });

  test('Pause refuses agent actions with a structured error, reads still work, Resume lets calls through', async () => {
    await page.locator('#pause').click();
    await page.locator('body.paused').waitFor();
    const refused = await agent.call('w1__edit_field', { field: 'recipient', value: 'Bob' });
    expect(refused.isError).toBe(true);
    expect(code(refused)).toBe('action_not_available');
    expect((refused.structuredContent as { message: string }).message).toMatch(/desktop owner paused the agent/);
    expect((await agent.snapshot()).windows.map((w) => w.id)).toEqual(['w1', 'w2']); // reads work
    const readOnly = await agent.call('w2__load_rows', { offset: 0, limit: 5 });
    expect(readOnly.isError).toBeFalsy();
    await page.locator('#feed tr.call[data-result="paused"]').first().waitFor();

    await page.locator('#pause').click();
    await page.locator('body:not(.paused)').waitFor();
    const through = await agent.call('w1__edit_field', { field: 'recipient', value: 'Bob' });
    expect(through.isError).toBeFalsy();
    await page.locator('article[data-window-id="w1"] dl.fields dd', { hasText: 'Bob' }).waitFor();
  });

  test('a foreign Host is refused, for the page and for its API', async () => {
    for (const path of ['/console', '/console/app.js', '/console/api/state', '/console/api/events']) {
      expect(await rawStatus(server.http.port, path, { Host: 'evil.example:80' })).toBe(403);
    }
    expect(
      await rawStatus(
        server.http.port,
        '/console/api/pause',
        { Host: `127.0.0.1:${server.http.port}`, Origin: 'http://evil.example', 'Content-Type': 'application/json' },
        'POST',
        '{"paused":true}',
      ),
    ).toBe(403);
    expect(server.owner.pause.paused).toBe(false);
    // The browser itself: a name that resolves to this machine (DNS rebinding) is refused.
    const foreign = await browser.newPage();
    try {
      const response = await foreign.goto(`http://${REBOUND_HOST}:${server.http.port}/console`);
      expect(response?.status()).toBe(403);
    } finally {
      await foreign.close();
    }
  });

  test('the raw accessibility tree is shown beside the translation, and a fixture can be recorded', async () => {
    const w1 = page.locator('article[data-window-id="w1"]');
    await w1.locator('button[data-tree="w1"]').click();
    await w1.locator('pre.raw-tree').waitFor();
    expect(await w1.locator('pre.raw-tree').textContent()).toMatch(/frame "Order Editor/);
    expect(await w1.locator('pre.translation').textContent()).toContain('"order-fields"');
    const download = page.waitForEvent('download');
    await w1.locator('button[data-fixture="w1"]').click();
    const file = await download;
    expect(file.suggestedFilename()).toBe('w1.json');
    const path = await file.path();
    const fixture = JSON.parse(await (await import('node:fs/promises')).readFile(path, 'utf8')) as { format: string; windows: { title: string }[] };
    expect(fixture.format).toBe('gui-bridge-fixture');
    expect(fixture.windows.map((w) => w.title)).toEqual(['Order Editor — #12345']);
    expect(JSON.stringify(fixture)).not.toContain('hunter2-secret');
  });

  test("--confirm: the console answers first and the client's elicitation is withdrawn; decline, then approve", async () => {
    const asked: (string | number)[] = [];
    const withdrawn: (string | number)[] = [];
    const asking = new Client({ name: 'asking-agent', version: '1.0.0' }, { capabilities: { elicitation: {} } });
    // A client whose human never answers: only the console can decide.
    asking.setRequestHandler(ElicitRequestSchema, (_request, extra) => {
      asked.push(extra.requestId);
      return new Promise((_resolve, reject) => extra.signal.addEventListener('abort', () => reject(new Error('withdrawn'))));
    });
    const transport = new StreamableHTTPClientTransport(new URL(server.http.url));
    await asking.connect(transport);
    // The wire, not the client's handler: SDK 1.x clients ignore a cancellation of request id 0 (typescript-sdk #2283).
    const receive = transport.onmessage;
    transport.onmessage = (message) => {
      if ('method' in message && message.method === 'notifications/cancelled') withdrawn.push((message.params as { requestId: string | number }).requestId);
      receive?.(message);
    };
    try {
      const declined = asking.callTool({ name: 'w1__close', arguments: {} }) as Promise<CallToolResult>;
      const item = page.locator('#approvals li').first();
      await item.waitFor();
      expect(await item.textContent()).toContain('asking-agent');
      await item.locator('button[data-decline]').click();
      const no = await declined;
      expect(no.isError).toBe(true);
      expect(code(no)).toBe('action_not_available');
      expect((no.structuredContent as { message: string }).message).toMatch(/declined .* in the console/);
      expect(withdrawn).toEqual(asked); // cancelled before the call's answer, on the same stream
      await page.locator('#approvals li').waitFor({ state: 'detached' });

      const approved = asking.callTool({ name: 'w1__close', arguments: {} }) as Promise<CallToolResult>;
      await page.locator('#approvals li button[data-approve]').click();
      const yes = await approved;
      expect(yes.isError).toBeFalsy();
      expect(asked).toHaveLength(2);
      expect(withdrawn).toEqual(asked);
      await page.locator('article[data-window-id="w1"]').waitFor({ state: 'detached' });
      expect(await page.locator('#feed tr.owner').allTextContents()).toEqual(
        expect.arrayContaining([expect.stringContaining('approved w1__close'), expect.stringContaining('declined w1__close')]),
      );
    } finally {
      await asking.close();
    }
  });
});

function rawStatus(port: number, path: string, headers: Record<string, string>, method = 'GET', body?: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const req = httpRequest({ host: '127.0.0.1', port, path, method, headers, setHost: false }, (res) => {
      res.resume();
      resolve(res.statusCode ?? 0);
    });
    req.on('error', reject);
    req.end(body);
  });
}

describe('the console page with a token', () => {
  const TOKEN = 'console-test-token-7f3a';
  let guarded: ConsoleServer;
  beforeAll(async () => {
    guarded = await startConsoleServer({ http: { token: TOKEN } });
  });
  afterAll(async () => {
    await guarded?.close();
  });

  test('asks for the token once, keeps it for the tab in sessionStorage, never puts it in a URL', async () => {
    const tab = await browser.newPage();
    const urls: string[] = [];
    tab.on('request', (r) => urls.push(r.url()));
    try {
      await tab.goto(`${guarded.origin}/console`);
      await tab.locator('#token-form').waitFor();
      expect(await tab.locator('#main').isHidden()).toBe(true);
      await tab.locator('#token').fill('wrong-token');
      await tab.locator('#token-form button[type="submit"]').click();
      await tab.locator('#token-error', { hasText: 'refused' }).waitFor();
      await tab.locator('#token').fill(TOKEN);
      await tab.locator('#token-form button[type="submit"]').click();
      await tab.locator('article[data-window-id="w1"]').waitFor();
      expect(await tab.evaluate("sessionStorage.getItem('gui-bridge-console-token')")).toBe(TOKEN);
      expect(await tab.evaluate('localStorage.length')).toBe(0);
      await tab.reload();
      await tab.locator('article[data-window-id="w1"]').waitFor(); // not asked again in this tab
      expect(await tab.locator('#token-form').isHidden()).toBe(true);
      expect(urls.length).toBeGreaterThan(0);
      expect(urls.filter((u) => u.includes(TOKEN) || u.includes('token'))).toEqual([]);
    } finally {
      await tab.close();
    }
    // The API needs the token like /mcp; the page's own files do not (they carry no data).
    expect(await rawStatus(guarded.http.port, '/console/api/state', { Host: `127.0.0.1:${guarded.http.port}` })).toBe(401);
    expect(await rawStatus(guarded.http.port, '/console/api/events', { Host: `127.0.0.1:${guarded.http.port}` })).toBe(401);
    expect(await rawStatus(guarded.http.port, '/console/api/state', { Host: `127.0.0.1:${guarded.http.port}`, Authorization: `Bearer ${TOKEN}` })).toBe(200);
    expect(await rawStatus(guarded.http.port, '/console', { Host: `127.0.0.1:${guarded.http.port}` })).toBe(200);
    expect(await rawStatus(guarded.http.port, '/mcp', { Host: `127.0.0.1:${guarded.http.port}` })).toBe(401);
  });
});
