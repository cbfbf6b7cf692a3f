/**
 * The Computer against a real socket.io server that applies the official
 * A2C-SMCP 0.2.x validation (python-sdk server/namespace.py `_relay_client_call`, zod ports in
 * src/a2c/schemas) to every reply, and a real socket.io-client Agent.
 */
import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js';
import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import { ListToolsRequestSchema } from '@modelcontextprotocol/sdk/types.js';
import { afterAll, afterEach, beforeAll, describe, expect, test } from 'vitest';
import { HostedServer } from '../../src/a2c/computer/hostedServer.js';
import { silentLogger } from '../../src/util/logger.js';
import { GetComputerConfigRet } from '../../src/a2c/schemas/index.js';
import { eventually } from './helpers/a2cBridge.js';
import { connectAgent, type TestAgent } from './helpers/agent.js';
import { pictureBytes, startComputer, TOOLBOX_LAUNCH, type ComputerRig } from './helpers/computerRig.js';
import { startSmcpServer, type SmcpTestServer } from './helpers/smcpServer.js';

const OFFICE = 'office-w';
const PC = 'pc-w';
const HOST = 'window://org.guibridge.ordersdemo';

describe('replies as the official server sees them', () => {
  let server: SmcpTestServer;
  let agent: TestAgent;
  let rig: ComputerRig;

  beforeAll(async () => {
    server = await startSmcpServer();
    agent = await connectAgent(server.url, OFFICE);
    rig = await startComputer(PC, { serverUrl: server.url, office: OFFICE });
    await rig.connector.start();
  });
  afterAll(async () => {
    agent.close();
    await rig.close();
    await server.close();
  });
  afterEach(() => {
    // Nothing the Computer sent failed validation or was dropped on the way to the agent.
    expect(server.replies.filter((r) => r.error !== null || r.dropped.length > 0)).toEqual([]);
  });

  test('client:get_resources: every resource is an A2CResource (snake_case, no title), nothing dropped', async () => {
    const page = await agent.call<{ resources: Array<Record<string, unknown>>; req_id: string }>('client:get_resources', PC, {
      mcp_server: 'gui-bridge',
      req_id: 'res-1',
    });
    expect(page.req_id).toBe('res-1');
    const windows = page.resources.filter((r) => String(r.uri).startsWith('window://'));
    expect(windows.map((w) => w.uri)).toEqual([`${HOST}/w1`, `${HOST}/w2`]);
    for (const w of windows) {
      expect(Object.keys(w).sort()).toEqual(['_meta', 'annotations', 'description', 'mime_type', 'name', 'uri']);
      expect(w).toMatchObject({ mime_type: 'text/plain', _meta: { fullscreen: expect.any(Boolean) } });
      expect(Object.keys(w.annotations as object).sort()).toEqual(['audience', 'last_modified', 'priority']);
      const ann = w.annotations as { last_modified: string; priority: number; audience: string[] };
      expect(new Date(ann.last_modified).toISOString()).toBe(ann.last_modified);
      expect(ann.audience).toContain('assistant');
    }
    const index = page.resources.find((r) => r.uri === 'app://windows');
    expect(index).toMatchObject({ name: expect.any(String), mime_type: 'application/json' });
    expect(index).not.toHaveProperty('mimeType');
    expect(server.replies.at(-1)).toEqual({ event: 'client:get_resources', error: null, dropped: [] });
  });

  test('client:get_config: GetComputerConfigRet; its server names are the mcp_server values that work', async () => {
    const config = await agent.call('client:get_config', PC);
    expect(GetComputerConfigRet.parse(config)).toEqual(config);
    expect(config).toEqual({
      inputs: [],
      servers: {
        'gui-bridge': {
          name: 'gui-bridge',
          disabled: false,
          forbidden_tools: [],
          tool_meta: {},
          default_tool_meta: null,
          vrl: null,
          type: 'stdio',
          server_parameters: { command: 'gui-bridge', args: ['serve', '--a2c'], env: null, cwd: null, encoding: 'utf-8', encoding_error_handler: 'strict' },
        },
        toolbox: {
          name: 'toolbox',
          disabled: false,
          forbidden_tools: [],
          tool_meta: {},
          default_tool_meta: null,
          vrl: null,
          type: TOOLBOX_LAUNCH.type,
          server_parameters: { url: TOOLBOX_LAUNCH.url, headers: null, timeout: 5, sse_read_timeout: 300 },
        },
      },
    });
    // The agent flow of events.md: get_config, then get_resources per server name.
    const answers = await Promise.all(Object.keys(config.servers as object).map((name) => agent.call('client:get_resources', PC, { mcp_server: name })));
    expect(answers[0]).toHaveProperty('resources');
    expect(answers[1]).toMatchObject({ code: 4015, mcp_server_name: 'toolbox', capability: 'resources' });
  });

  test('client:tool_call cancelled by server:tool_call_cancel → isError + meta.a2c_cancelled; MCP cancel reaches the server', async () => {
    const call = agent.call('client:tool_call', PC, { tool_name: 'wait', params: {}, timeout: 60, req_id: 'slow-1' });
    agent.cancel('slow-1');
    expect(await call).toEqual({
      content: [{ type: 'text', text: 'Tool call cancelled' }],
      isError: true,
      meta: { a2c_cancelled: true, a2c_cancel_reason: 'agent_requested' },
    });
    // The hosted MCP server was told (MCP notifications/cancelled aborted its handler).
    await eventually(() => expect(rig.toolboxAborts.count).toBe(1));
    expect(rig.computer.toolHistory().at(-1)).toMatchObject({ tool: 'wait', req_id: 'slow-1', success: false });
  });

  test('a cancel for a finished or unknown call changes nothing', async () => {
    const done = await agent.call('client:tool_call', PC, { tool_name: 'echo', params: { text: 'first' }, timeout: 5, req_id: 'fast-1' });
    agent.cancel('fast-1');
    agent.cancel('nobody');
    expect(done).toMatchObject({ content: [{ type: 'text', text: 'first' }] });
    const next = await agent.call('client:tool_call', PC, { tool_name: 'echo', params: { text: 'second' }, timeout: 5 });
    expect(next).toMatchObject({ content: [{ type: 'text', text: 'second' }] });
    expect(next).not.toHaveProperty('isError', true);
  });

  test('a large image result travels by blob_handle: the agent drains client:get_blob and gets the same bytes', async () => {
    const size = 600 * 1024;
    const result = await agent.call<{ content: Array<{ type: string; data: string; mimeType: string; _meta: Record<string, unknown> }> }>(
      'client:tool_call',
      PC,
      { tool_name: 'picture', params: { bytes: size }, timeout: 10 },
    );
    const [item] = result.content;
    expect(item).toMatchObject({
      type: 'image',
      data: '',
      mimeType: 'image/png',
      _meta: { a2c_total_size: size, a2c_blob_handle: expect.any(String), a2c_sha256: expect.any(String) },
    });
    const handle = item?._meta.a2c_blob_handle as string;
    const parts: Buffer[] = [];
    for (let offset = 0; ;) {
      const chunk = await agent.call<{ blob: string; eof: boolean; chunk_offset: number; sha256: string; total_size: number }>('client:get_blob', PC, {
        blob_handle: handle,
        chunk_offset: offset,
      });
      expect(chunk).toMatchObject({ chunk_offset: offset, total_size: size, sha256: item?._meta.a2c_sha256 });
      const bytes = Buffer.from(chunk.blob, 'base64');
      parts.push(bytes);
      offset += bytes.length;
      if (chunk.eof) break;
    }
    expect(parts.length).toBeGreaterThan(1);
    expect(Buffer.concat(parts).equals(pictureBytes(size))).toBe(true);
    expect(await agent.call('client:get_blob', PC, { blob_handle: handle, chunk_offset: size + 1 })).toMatchObject({
      code: 4018,
      details: { reason: 'range' },
    });
    const small = await agent.call<{ content: Array<{ data: string }> }>('client:tool_call', PC, { tool_name: 'picture', params: { bytes: 100 }, timeout: 10 });
    expect(Buffer.from(small.content[0]?.data ?? '', 'base64').equals(pictureBytes(100))).toBe(true);
  });

  test('v0.2.1 SKILL and blob events: empty SKILL list, 4016 / 4014 / 4018 as flat ErrorPayloads', async () => {
    expect(await agent.call('client:get_skills', PC, { req_id: 'sk-1' })).toEqual({ skills: [], req_id: 'sk-1' });
    expect(await agent.call('client:get_skill', PC, { name: 'Not A Name!' })).toEqual({
      code: 4016,
      message: 'Invalid skill name',
      details: { name: 'Not A Name!' },
    });
    expect(await agent.call('client:get_skill', PC, { name: 'mcp:gui-bridge:read-window' })).toEqual({
      code: 4014,
      message: 'Skill not found',
      details: { name: 'mcp:gui-bridge:read-window' },
    });
    expect(await agent.call('client:get_blob', PC, { blob_handle: 'anything', chunk_offset: 0 })).toEqual({
      code: 4018,
      message: 'Blob not accessible',
      details: { reason: 'invalid_handle' },
    });
  });

  test('client:get_tools and client:get_desktop pass GetToolsRet / GetDeskTopRet whole', async () => {
    const tools = await agent.call<{ tools: Array<{ meta?: Record<string, unknown> }> }>('client:get_tools', PC);
    expect(tools.tools.length).toBeGreaterThan(3);
    const desktop = await agent.call<{ desktops: string[] }>('client:get_desktop', PC, { desktop_size: 1 });
    expect(desktop.desktops).toHaveLength(1);
    expect(server.replies.map((r) => r.event)).toEqual(expect.arrayContaining(['client:get_tools', 'client:get_desktop']));
  });

  test('a server added after joining: notify:update_config and notify:update_tool_list; get_config lists it', async () => {
    agent.notifications.length = 0;
    const server2 = new Server({ name: 'notes', version: '1.0.0' }, { capabilities: { tools: {} } });
    server2.setRequestHandler(ListToolsRequestSchema, async () => ({ tools: [{ name: 'note', inputSchema: { type: 'object' } }] }));
    const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
    await server2.connect(serverSide);
    await rig.computer.addServer(await HostedServer.connect('notes', clientSide, { type: 'streamable', url: 'http://127.0.0.1:7/mcp' }, silentLogger));
    await eventually(() => {
      expect(agent.notifications).toContainEqual({ event: 'notify:update_config', data: { computer: PC } });
      expect(agent.notifications).toContainEqual({ event: 'notify:update_tool_list', data: { computer: PC } });
    });
    const config = await agent.call<{ servers: Record<string, { type: string }> }>('client:get_config', PC);
    expect(config.servers.notes).toMatchObject({
      name: 'notes',
      type: 'streamable',
      server_parameters: { url: 'http://127.0.0.1:7/mcp', headers: null, timeout: 'PT30S' },
    });
    const tools = await agent.call<{ tools: Array<{ name: string }> }>('client:get_tools', PC);
    expect(tools.tools.map((t) => t.name)).toContain('note');
  });
});
