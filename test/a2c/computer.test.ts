/**
 * The A2C-SMCP Computer against a real in-process socket.io server playing the A2C-SMCP Server and
 * a real socket.io-client playing the Agent.
 */
import { afterEach, beforeEach, describe, expect, test } from 'vitest';
import { VersionMismatchError } from '../../src/a2c/computer/connector.js';
import type { SmcpTool } from '../../src/a2c/protocol.js';
import { eventually, settle } from './helpers/a2cBridge.js';
import { connectAgent, type TestAgent } from './helpers/agent.js';
import { startComputer, type ComputerRig } from './helpers/computerRig.js';
import { startSmcpServer, type SmcpTestServer } from './helpers/smcpServer.js';

const OFFICE = 'office-1';
const PC = 'pc-1';
const HOST = 'window://org.guibridge.ordersdemo';

describe('Computer in an office', () => {
  let server: SmcpTestServer;
  let agent: TestAgent;
  let rig: ComputerRig;

  beforeEach(async () => {
    server = await startSmcpServer();
    agent = await connectAgent(server.url, OFFICE);
    rig = await startComputer(PC, { serverUrl: server.url, office: OFFICE }, { pageSize: 1 });
    await rig.connector.start();
  });
  afterEach(async () => {
    agent.close();
    await rig.close();
    await server.close();
    // Every reply passed the official validation whole (officialValidation.ts), bar the one
    // generic-400 case asserted below.
    const expected = expectedLosses;
    expectedLosses = [];
    expect(server.replies.filter((r) => r.error !== null || r.dropped.length > 0)).toEqual(expected);
  });
  let expectedLosses: SmcpTestServer['replies'] = [];

  test('joins as computer; every handshake carried a2c_version=0.2.0; the agent is told', async () => {
    expect(server.joins).toContainEqual({ role: 'computer', name: PC, office_id: OFFICE });
    expect(server.handshakes.length).toBeGreaterThan(0);
    expect(server.handshakes.every((h) => h.a2cVersion === '0.2.0' && h.status === 'accepted')).toBe(true);
    await eventually(() => expect(agent.notifications).toContainEqual({ event: 'notify:enter_office', data: { office_id: OFFICE, computer: PC } }));
  });

  test('client:get_tools: the tools of every hosted server as SMCPTool', async () => {
    const ret = await agent.call<{ tools: SmcpTool[]; req_id: string }>('client:get_tools', PC, { req_id: 'r-1' });
    expect(ret.req_id).toBe('r-1');
    const names = ret.tools.map((t) => t.name);
    expect(names).toEqual(expect.arrayContaining(['w1__edit_field', 'w1__submit', 'w2__load_rows', 'app__new_report', 'echo', 'wait']));
    const edit = ret.tools.find((t) => t.name === 'w1__edit_field') as SmcpTool;
    expect(edit.params_schema).toMatchObject({ type: 'object', properties: { field: expect.any(Object), value: expect.any(Object) } });
    expect(edit.return_schema).toMatchObject({ type: 'object' });
    expect(JSON.parse(edit.meta.MCP_TOOL_ANNOTATION as string)).toMatchObject({ destructiveHint: false, idempotentHint: true, openWorldHint: false });
  });

  test('client:tool_call runs a demo-app tool; client:get_desktop shows the effect, ordered and cut', async () => {
    const result = await agent.call('client:tool_call', PC, { tool_name: 'w1__edit_field', params: { field: 'recipient', value: 'Ada' }, timeout: 10 });
    expect(result.isError).not.toBe(true);
    expect(result.structuredContent).toMatchObject({ message: expect.any(String) });

    const all = await agent.call<{ desktops: string[]; req_id: string }>('client:get_desktop', PC, { req_id: 'd-1' });
    expect(all.req_id).toBe('d-1');
    const active = rig.a2c.bridge.windows().find((w) => w.facts.active)?.winId;
    const expectedOrder = active === 'w1' ? ['w1', 'w2'] : ['w2', 'w1'];
    expect(all.desktops.map((d) => d.split('\n')[0])).toEqual(expectedOrder.map((id) => `${HOST}/${id}`));
    const w1 = all.desktops.find((d) => d.startsWith(`${HOST}/w1\n\n`)) as string;
    expect(w1).toContain('Recipient: Ada');

    const cut = await agent.call<{ desktops: string[] }>('client:get_desktop', PC, { desktop_size: 1 });
    expect(cut.desktops).toHaveLength(1);
    const one = await agent.call<{ desktops: string[] }>('client:get_desktop', PC, { window: `${HOST}/w1` });
    expect(one.desktops).toEqual([w1]);
  });

  test('client:get_resources: one page of resources/list as A2CResource, with next_cursor; 4014 and 4015', async () => {
    const first = await agent.call<{ resources: Array<{ uri: string; annotations?: Record<string, unknown> }>; next_cursor?: string; req_id: string }>(
      'client:get_resources',
      PC,
      { mcp_server: 'gui-bridge', req_id: 'g-1' },
    );
    expect(first.req_id).toBe('g-1');
    expect(first.resources.map((r) => r.uri)).toEqual(['app://windows', `${HOST}/w1`]);
    expect(first.resources[1]?.annotations).toMatchObject({ audience: ['assistant'], last_modified: expect.any(String) });
    const second = await agent.call<{ resources: Array<{ uri: string }>; next_cursor?: string }>('client:get_resources', PC, {
      mcp_server: 'gui-bridge',
      cursor: first.next_cursor,
    });
    expect(second.resources.map((r) => r.uri)).toEqual([`${HOST}/w2`]);
    expect(second.next_cursor).toBeUndefined();

    expect(await agent.call('client:get_resources', PC, { mcp_server: 'nope' })).toEqual({
      code: 4014,
      message: 'MCP Server not registered',
      mcp_server_name: 'nope',
    });
    expect(await agent.call('client:get_resources', PC, { mcp_server: 'toolbox' })).toMatchObject({
      code: 4015,
      mcp_server_name: 'toolbox',
      capability: 'resources',
    });
    // A generic 400 is no ErrorCode of the 0.2.1 server: it validates it as GetResourcesRet
    // (total=False) and relays an empty object (docs/a2c.md "Known differences").
    expect(await agent.call('client:get_resources', PC, { mcp_server: 'gui-bridge', cursor: 'garbage' })).toEqual({});
    expectedLosses = [{ event: 'client:get_resources', error: null, dropped: ['code', 'message'] }];
  });

  test('tool-call failures: 4001 before the call, 4004 on timeout, 4003 on failure; bad payload → 400', async () => {
    const missing = await agent.call('client:tool_call', PC, { tool_name: 'w9__nothing', params: {}, timeout: 5 });
    expect(missing).toMatchObject({ isError: true, meta: { error_code: 4001 } });
    const slow = await agent.call('client:tool_call', PC, { tool_name: 'wait', params: {}, timeout: 1 });
    expect(slow).toMatchObject({ isError: true, meta: { error_code: 4004, a2c_timeout: true, mcp_server: 'toolbox' } });
    const broken = await agent.call('client:tool_call', PC, { tool_name: 'explode', params: {}, timeout: 5 });
    expect(broken).toMatchObject({ isError: true, meta: { error_code: 4003, mcp_server: 'toolbox' } });
    expect(await agent.call('client:tool_call', PC, { params: {} })).toMatchObject({ code: 400 });
    expect(rig.computer.toolHistory().map((r) => [r.server, r.tool, r.success])).toEqual([
      ['toolbox', 'wait', false],
      ['toolbox', 'explode', false],
    ]);
    const echo = await agent.call('client:tool_call', PC, { tool_name: 'echo', params: { text: 'still alive' }, timeout: 5 });
    expect(echo).toMatchObject({ content: [{ type: 'text', text: 'still alive' }] });
  });

  test('a window opening reaches the agent as notify:update_desktop and notify:update_tool_list', async () => {
    agent.notifications.length = 0;
    const opened = await agent.call('client:tool_call', PC, { tool_name: 'app__new_report', params: {}, timeout: 10 });
    expect(opened.structuredContent).toMatchObject({ openedWindowIds: ['w3'] });
    await eventually(() => {
      expect(agent.notifications).toContainEqual({ event: 'notify:update_desktop', data: { computer: PC } });
      expect(agent.notifications).toContainEqual({ event: 'notify:update_tool_list', data: { computer: PC } });
    });
    const desktop = await agent.call<{ desktops: string[] }>('client:get_desktop', PC);
    expect(desktop.desktops.some((d) => d.startsWith(`${HOST}/w3\n\n`))).toBe(true);
    const tools = await agent.call<{ tools: SmcpTool[] }>('client:get_tools', PC);
    expect(tools.tools.map((t) => t.name)).toContain('w3__load_rows');
  });

  test('network loss: reconnects with backoff, joins the office again and keeps answering', async () => {
    server.dropTransport(PC);
    await eventually(() => expect(server.joins.filter((j) => j.name === PC)).toHaveLength(2));
    await eventually(() => expect(rig.connector.isJoined).toBe(true));
    const tools = await agent.call<{ tools: SmcpTool[] }>('client:get_tools', PC);
    expect(tools.tools.length).toBeGreaterThan(0);
  });
});

describe('protocol version handshake', () => {
  let server: SmcpTestServer;
  afterEach(() => server.close());

  test('incompatible server → one attempt, 4008 with the supported range, disconnected, no retry', async () => {
    server = await startSmcpServer({ version: '0.3.0' });
    const rig = await startComputer(PC, { serverUrl: server.url, office: OFFICE });
    try {
      const error = await rig.connector.start().catch((e: unknown) => e);
      expect(error).toBeInstanceOf(VersionMismatchError);
      expect((error as VersionMismatchError).body).toEqual({
        code: 4008,
        message: 'Protocol version mismatch',
        server_version: '0.3.0',
        client_version: '0.2.0',
        min_supported: '0.3.0',
        max_supported: '0.3.999',
      });
      expect((error as Error).message).toMatch(/speaks 0\.2\.0, the server supports 0\.3\.0 to 0\.3\.999/);
      expect(await rig.connector.finished).toBe(error);
      // Reconnection delay is 20 ms in this rig: a retry would have happened many times over.
      await settle(400);
      expect(server.handshakes).toEqual([{ a2cVersion: '0.2.0', status: 'rejected' }]);
    } finally {
      await rig.close();
    }
  });

  test('the server middleware: missing → 400 + 4008; malformed → 400; incompatible → 400 + header + range', async () => {
    server = await startSmcpServer();
    const get = (query: string) => fetch(`${server.url}/socket.io/?EIO=4&transport=polling${query}`);
    const missing = await get('');
    expect(missing.status).toBe(400);
    expect(missing.headers.get('x-a2c-error-code')).toBe('4008');
    expect(await missing.json()).toEqual({ code: 4008, message: 'missing a2c_version' });
    const malformed = await get('&a2c_version=two');
    expect(malformed.status).toBe(400);
    expect(await malformed.json()).toMatchObject({ code: 400 });
    const old = await get('&a2c_version=0.1.5');
    expect(old.status).toBe(400);
    expect(old.headers.get('x-a2c-error-code')).toBe('4008');
    expect(await old.json()).toMatchObject({ code: 4008, client_version: '0.1.5', min_supported: '0.2.0', max_supported: '0.2.999' });
    const ok = await get('&a2c_version=0.2.7');
    expect(ok.status).toBe(200);
  });
});
