/**
 * Agent controls and the read tool, with real SDK clients: --read-only, --tools /
 * --exclude-tools, --confirm through MCP elicitation (accept, decline, no elicitation), and
 * app__read_windows returning exactly app://windows.
 */
import { Client as SdkClient, type Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { ElicitRequestSchema, ToolListChangedNotificationSchema, type CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { Ajv } from 'ajv';
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import { elicitationApprover, firstAnswer, type Approver } from '../../src/server/approval.js';
import { createToolFilter, matchesPattern } from '../../src/server/toolFilter.js';
import type { SessionOptions } from '../../src/server/sessionOptions.js';
import { startTappedHttp } from '../helpers/httpClient.js';
import { startDemoServer, type DemoServer } from '../helpers/demoServer.js';
import { hubWith, memoryClient } from '../helpers/sessionClient.js';

let server: DemoServer;
const clients: Client[] = [];
beforeEach(async () => {
  server = await startDemoServer();
});
afterEach(async () => {
  for (const c of clients.splice(0)) await c.close();
  await server.close();
});

async function agent(options: SessionOptions, answer?: 'accept' | 'decline' | 'cancel', seen: string[] = []): Promise<Client> {
  const client = await memoryClient(hubWith(server, options), answer ? { capabilities: { elicitation: {} } } : {});
  if (answer) {
    client.setRequestHandler(ElicitRequestSchema, async (request) => {
      seen.push(request.params.message);
      return { action: answer };
    });
  }
  clients.push(client);
  return client;
}

const names = async (client: Client) => (await client.listTools()).tools.map((t) => t.name).sort();
const call = async (client: Client, name: string, args: Record<string, unknown> = {}) => (await client.callTool({ name, arguments: args })) as CallToolResult;
const code = (result: CallToolResult) => (result.structuredContent as { code?: string }).code;

describe('tool patterns', () => {
  test.each([
    ['w1__close', 'close', true],
    ['app__close', 'close', true],
    ['w1__close_tab', 'close', false],
    ['app__new_report', 'app__*', true],
    ['w1__edit_field', 'app__*', false],
    ['w1__edit_field', 'w1__*', true],
    ['w2__load_rows', 'load_*', true],
    ['w1__edit_field', 'edit_fiel?', true],
    ['w1__edit_field', '.*', false],
  ])('%s against %s → %s', (tool, pattern, expected) => {
    expect(matchesPattern(tool, pattern)).toBe(expected);
  });
});

describe('--read-tool', () => {
  test('off by default', async () => {
    expect(await names(await agent({}))).not.toContain('app__read_windows');
  });

  test('app__read_windows is read-only and returns exactly the app://windows snapshot', async () => {
    const client = await agent({ readTool: true });
    const tool = (await client.listTools()).tools.find((t) => t.name === 'app__read_windows');
    expect(tool?.annotations?.readOnlyHint).toBe(true);
    const resource = (await client.readResource({ uri: 'app://windows' })).contents[0] as { text: string };
    const result = await call(client, 'app__read_windows');
    expect(result.content).toEqual([{ type: 'text', text: resource.text }]);
    expect(result.structuredContent).toEqual(JSON.parse(resource.text));
    const validate = new Ajv({ strict: false }).compile(tool?.outputSchema ?? {});
    expect(validate(result.structuredContent), JSON.stringify(validate.errors)).toBe(true);
  });
});

describe('--read-only, --tools, --exclude-tools', () => {
  test('read-only lists and allows only readOnly tools', async () => {
    const client = await agent({ readTool: true, filter: createToolFilter({ readOnly: true }) });
    expect(await names(client)).toEqual(['app__read_windows', 'w2__load_rows']);
    const refused = await call(client, 'w1__edit_field', { field: 'recipient', value: 'Mallory' });
    expect(refused.isError).toBe(true);
    expect(code(refused)).toBe('action_not_available');
    expect((refused.structuredContent as { message: string }).message).toMatch(/read-only/);
    expect(server.probe.app.windows.get('demo-1')?.content).not.toMatchObject({ recipient: 'Mallory' });
    expect((await call(client, 'w2__load_rows', { offset: 0, limit: 2 })).isError).toBeFalsy();
  });

  test('include and exclude patterns on action names', async () => {
    const client = await agent({ filter: createToolFilter({ include: ['edit_field', 'close', 'app__*'], exclude: ['app__preferences'] }) });
    expect(await names(client)).toEqual(['app__new_order', 'app__new_report', 'w1__close', 'w1__edit_field', 'w2__close']);
    const refused = await call(client, 'app__preferences');
    expect(code(refused)).toBe('action_not_available');
    expect((refused.structuredContent as { message: string }).message).toMatch(/--exclude-tools/);
    expect(code(await call(client, 'w2__load_rows', { offset: 0, limit: 1 }))).toBe('action_not_available');
  });
});

describe('tools/list_changed with a filter', () => {
  test('sent only when the filtered list a client gets changes (P-TOOL-3)', async () => {
    const counted = async (options: SessionOptions) => {
      const client = await agent(options);
      const seen = { lists: 0 };
      client.setNotificationHandler(ToolListChangedNotificationSchema, async () => void seen.lists++);
      return { client, seen };
    };
    const filtered = await counted({ filter: createToolFilter({ include: ['app__new_*'] }) });
    const whole = await counted({});
    expect(await names(filtered.client)).toEqual(['app__new_order', 'app__new_report']);
    // w2 closes: its tools leave the whole list, the filtered one stays as it was.
    expect((await call(whole.client, 'w2__close')).isError).toBeFalsy();
    await vi.waitFor(() => expect(whole.seen.lists).toBe(1));
    // Preferences, an application-level modal, hides the app's commands: both lists change.
    await server.probe.doAppAction('demo', 'preferences');
    await vi.waitFor(() => expect(whole.seen.lists).toBe(2));
    await vi.waitFor(() => expect(filtered.seen.lists).toBe(1));
    expect(await names(filtered.client)).toEqual([]);
  });
});

describe('--confirm through MCP elicitation', () => {
  test('accept: the human is asked with masked arguments, then the tool runs', async () => {
    const questions: string[] = [];
    const client = await agent({ confirm: { policy: 'writes', approver: elicitationApprover } }, 'accept', questions);
    const result = await call(client, 'w1__edit_field', { field: 'recipient', value: 'Bob Secret' });
    expect(result.isError).toBeFalsy();
    expect(questions).toHaveLength(1);
    expect(questions[0]).toMatch(/w1__edit_field/);
    expect(questions[0]).toContain('"field":"recipient"');
    expect(questions[0]).not.toContain('Bob Secret'); // free text is never shown (it may be a password)
    expect(server.probe.app.windows.get('demo-1')?.content).toMatchObject({ recipient: 'Bob Secret' });
  });

  test('decline: a structured error and the app is untouched', async () => {
    const client = await agent({ confirm: { policy: 'destructive', approver: elicitationApprover } }, 'decline');
    const before = server.bridge.windows().length;
    const result = await call(client, 'w1__close');
    expect(result.isError).toBe(true);
    expect(result.structuredContent).toMatchObject({ code: 'action_not_available', message: expect.stringMatching(/declined/) });
    expect(result._meta).toMatchObject({ 'gui-bridge/refused': 'declined' });
    expect(server.bridge.windows().length).toBe(before);
  });

  test('destructive policy asks only for destructive tools', async () => {
    const questions: string[] = [];
    const client = await agent({ confirm: { policy: 'destructive', approver: elicitationApprover } }, 'decline', questions);
    expect((await call(client, 'w1__edit_field', { field: 'recipient', value: 'Carol' })).isError).toBeFalsy();
    expect(questions).toEqual([]);
  });

  test('a client without elicitation is refused with a clear error', async () => {
    const client = await agent({ confirm: { policy: 'destructive', approver: elicitationApprover } });
    const result = await call(client, 'w1__close');
    expect(result.structuredContent).toMatchObject({ code: 'action_not_available', message: expect.stringMatching(/does not support MCP elicitation/) });
    expect(server.bridge.windows().map((w) => w.winId)).toContain('w1');
  });

  test('over Streamable HTTP the question reaches the client too', async () => {
    const hub = hubWith(server, { confirm: { policy: 'destructive', approver: elicitationApprover } });
    const tapped = await startTappedHttp(hub);
    try {
      const client = new SdkClient({ name: 'http-agent', version: '1' }, { capabilities: { elicitation: {} } });
      client.setRequestHandler(ElicitRequestSchema, async () => ({ action: 'decline' }));
      await client.connect(new StreamableHTTPClientTransport(new URL(tapped.http.url)));
      const result = (await client.callTool({ name: 'w1__close', arguments: {} })) as CallToolResult;
      expect(result.structuredContent).toMatchObject({ code: 'action_not_available', message: expect.stringMatching(/declined/) });
      await client.close();
    } finally {
      await tapped.http.close();
      hub.close();
    }
  });

  test('approvers compose: one that cannot ask passes to the next (a console, say)', async () => {
    const console: Approver = { name: 'console', approve: async () => ({ approved: true, by: 'console' }) };
    const client = await agent({ confirm: { policy: 'destructive', approver: firstAnswer([elicitationApprover, console]) } });
    const result = await call(client, 'w1__close');
    expect(result.isError).toBeFalsy();
  });
});
