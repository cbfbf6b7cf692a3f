/**
 * --stable-tools with real SDK clients on the demo app: tools/list is read_windows and act and never
 * changes (no tools/list_changed either), while every protocol rule still holds behind act:
 * operable windows only, modal chains, expectedVersion, the tool filter, and errors that list what
 * is valid now.
 */
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { ResourceUpdatedNotificationSchema, ToolListChangedNotificationSchema, type CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { Ajv } from 'ajv';
import { afterEach, beforeEach, describe, expect, test } from 'vitest';
import type { SessionOptions } from '../../src/server/sessionOptions.js';
import { createToolFilter } from '../../src/server/toolFilter.js';
import { startDemoServer, type DemoServer } from '../helpers/demoServer.js';
import { hubWith, memoryClient } from '../helpers/sessionClient.js';

interface ListedAction {
  name: string;
  inputSchema: { properties?: Record<string, unknown> };
}
interface StableWindow {
  id: string;
  title: string;
  version: number;
  modal: boolean;
  blocks: { type: string; items?: { label: string; value: unknown }[] }[];
  actions: ListedAction[];
}
interface StableSnapshot {
  operableWindowIds: string[];
  windows: StableWindow[];
  appActions: ListedAction[];
}

let server: DemoServer;
const clients: Client[] = [];
const events: string[] = [];
beforeEach(async () => {
  server = await startDemoServer();
  events.length = 0;
});
afterEach(async () => {
  for (const c of clients.splice(0)) await c.close();
  await server.close();
});

async function agent(options: SessionOptions = {}): Promise<Client> {
  const client = await memoryClient(hubWith(server, { stableTools: true, ...options }));
  client.setNotificationHandler(ToolListChangedNotificationSchema, async () => void events.push('tools/list_changed'));
  client.setNotificationHandler(ResourceUpdatedNotificationSchema, async (n) => void events.push(`resources/updated ${n.params.uri}`));
  clients.push(client);
  return client;
}

const call = async (client: Client, name: string, args: Record<string, unknown> = {}) => (await client.callTool({ name, arguments: args })) as CallToolResult;
const read = async (client: Client) => (await call(client, 'read_windows')).structuredContent as unknown as StableSnapshot;
const act = (client: Client, window: string, action: string, args?: unknown) =>
  call(client, 'act', { window, action, ...(args === undefined ? {} : { arguments: typeof args === 'string' ? args : JSON.stringify(args) }) });
const structured = (result: CallToolResult) => result.structuredContent as Record<string, unknown> & { code?: string; openedWindowIds?: string[] };

async function newOrder(client: Client): Promise<string> {
  const opened = await act(client, 'app', 'new_order');
  expect(opened.isError, JSON.stringify(opened.structuredContent)).toBeFalsy();
  const [id] = structured(opened).openedWindowIds!;
  return id!;
}

describe('--stable-tools', () => {
  test('tools/list is read_windows and act, byte-identical after windows open and close, with no list_changed', async () => {
    const client = await agent();
    await client.subscribeResource({ uri: 'app://windows' });
    const before = JSON.stringify(await client.listTools());
    expect((await client.listTools()).tools.map((t) => t.name)).toEqual(['read_windows', 'act']);
    const order = await newOrder(client);
    expect(structured(await act(client, order, 'close')).code).toBeUndefined();
    expect(JSON.stringify(await client.listTools())).toBe(before);
    expect(events).toContain('resources/updated app://windows');
    expect(events).not.toContain('tools/list_changed');
  });

  test("read_windows is the snapshot with each window's actions and the app's, valid against its outputSchema", async () => {
    const client = await agent();
    const snapshot = await read(client);
    const resource = JSON.parse(((await client.readResource({ uri: 'app://windows' })).contents[0] as { text: string }).text) as StableSnapshot;
    expect(snapshot.operableWindowIds).toEqual(resource.operableWindowIds);
    expect(snapshot.windows.map(({ actions: _a, ...w }) => w)).toEqual(resource.windows);
    const protocolNames = (await memoryClient(hubWith(server, {})).then((c) => (clients.push(c), c.listTools()))).tools.map((t) => t.name).sort();
    const stableNames = [...snapshot.windows.flatMap((w) => w.actions.map((a) => `${w.id}__${a.name}`)), ...snapshot.appActions.map((a) => `app__${a.name}`)];
    expect(stableNames.sort()).toEqual(protocolNames);
    const tool = (await client.listTools()).tools.find((t) => t.name === 'read_windows');
    const validate = new Ajv({ strict: false }).compile(tool!.outputSchema!);
    expect(validate(snapshot), JSON.stringify(validate.errors)).toBe(true);
  });

  test('act opens a window mid-run and operates it, arguments as JSON text or as an object', async () => {
    const client = await agent();
    const order = await newOrder(client);
    const win = (await read(client)).windows.find((w) => w.id === order)!;
    expect(win.actions.map((a) => a.name)).toContain('edit_field');
    expect((await act(client, order, 'edit_field', { field: 'recipient', value: 'Ada Lovelace' })).isError).toBeFalsy();
    expect((await call(client, 'act', { window: order, action: 'edit_field', arguments: { field: 'amount', value: 12.5 } })).isError).toBeFalsy();
    const items = (await read(client)).windows.find((w) => w.id === order)!.blocks.find((b) => b.type === 'fields')!.items!;
    expect(items.find((i) => i.label === 'Recipient')?.value).toBe('Ada Lovelace');
    expect(items.find((i) => i.label === 'Amount')?.value).toBe('12.5');
  });

  test('a wrong window, action or argument is a structured error listing what is valid now', async () => {
    const client = await agent();
    const order = await newOrder(client);
    const noWindow = structured(await act(client, 'w999', 'close'));
    expect(noWindow.code).toBe('window_not_found');
    expect((noWindow.validNow as { actions: Record<string, string[]> }).actions[order]).toContain('edit_field');
    const noAction = structured(await act(client, order, 'fly'));
    expect(noAction.code).toBe('action_not_available');
    expect((noAction.validNow as { actions: Record<string, string[]> }).actions.app).toContain('new_order');
    const badArg = structured(await act(client, order, 'edit_field', { field: 'recipient', value: 'x', colour: 'red' }));
    expect(badArg.code).toBe('validation_failed');
    expect(badArg.fields).toEqual([{ field: 'colour', error: 'unknown parameter' }]);
    expect(badArg.validNow).toEqual({ parameters: ['field', 'value', 'expectedVersion'] });
    const notJson = structured(await act(client, order, 'edit_field', '{field:'));
    expect(notJson).toMatchObject({ code: 'validation_failed', fields: [{ field: 'arguments', error: expect.any(String) }] });
    const missing = structured(await call(client, 'act', { action: 'close' }));
    expect(missing).toMatchObject({ code: 'validation_failed', fields: [{ field: 'window', error: 'required' }] });
    const protocolName = structured(await call(client, `${order}__close`));
    expect(protocolName.code).toBe('action_not_available');
    expect(protocolName.message).toMatch(/read_windows and act/);
  });

  test('modal chains and expectedVersion hold behind act', async () => {
    const client = await agent();
    const order = await newOrder(client);
    await act(client, order, 'edit_field', { field: 'recipient', value: 'Ada Lovelace' });
    await act(client, order, 'edit_field', { field: 'payment_password', value: 'secret-1' });
    const version = (await read(client)).windows.find((w) => w.id === order)!.version;
    const submitted = await act(client, order, 'submit', { expectedVersion: version });
    expect(submitted.isError, JSON.stringify(submitted.structuredContent)).toBeFalsy();
    const [dialog] = structured(submitted).openedWindowIds!;
    const snapshot = await read(client);
    expect(snapshot.operableWindowIds).toContain(dialog);
    expect(snapshot.operableWindowIds).not.toContain(order);
    expect(snapshot.windows.find((w) => w.id === order)!.actions).toEqual([]);
    expect(structured(await act(client, order, 'submit')).code).toBe('blocked_by_modal');
    expect(structured(await act(client, dialog!, 'cancel', { expectedVersion: 1_000_000 })).code).toBe('stale_state');
    expect((await act(client, dialog!, 'cancel')).isError).toBeFalsy();
  });

  test('the tool filter holds behind act and in read_windows', async () => {
    const client = await agent({ filter: createToolFilter({ readOnly: true }) });
    const snapshot = await read(client);
    expect(snapshot.appActions.map((a) => a.name)).not.toContain('new_order');
    const refused = await act(client, 'app', 'new_order');
    expect(refused._meta?.['gui-bridge/refused']).toBe('denied');
    expect((await client.listTools()).tools.map((t) => t.name)).toEqual(['read_windows', 'act']);
  });
});
