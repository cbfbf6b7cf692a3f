/**
 * The console's own logic with real SDK clients on the demo bridge (no browser): the activity
 * feed (every call with masked arguments, every notification), Pause, the console approvals and
 * their race with elicitation, the window graph, and the window detail / fixture (scrubbed).
 */
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { ElicitRequestSchema, type CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { afterEach, beforeEach, describe, expect, test } from 'vitest';
import { parseServeArgs } from '../../src/cli/serveOptions.js';
import { FixtureSchema } from '../../src/platform/fixture/format.js';
import { SENSITIVE_MASK } from '../../src/platform/probe.js';
import { elicitationApprover, raceApprovers, type ApprovalDecision, type ApprovalRequest, type Approver } from '../../src/server/approval.js';
import { ActivityFeed, type ActivityEntry } from '../../src/server/console/activity.js';
import { OwnerConsole } from '../../src/server/console/ownerConsole.js';
import { buildView } from '../../src/server/console/view.js';
import { windowDetail, windowFixture } from '../../src/server/console/windowDetail.js';
import type { SessionOptions } from '../../src/server/sessionOptions.js';
import { startDemoServer, type DemoServer } from '../helpers/demoServer.js';
import { hubWith, memoryClient } from '../helpers/sessionClient.js';

let server: DemoServer;
let owner: OwnerConsole;
const clients: Client[] = [];
beforeEach(async () => {
  server = await startDemoServer();
  owner = new OwnerConsole();
  owner.attach(server.bridge);
});
afterEach(async () => {
  for (const c of clients.splice(0)) await c.close();
  owner.close();
  await server.close();
});

async function agent(options: SessionOptions = {}, name = 'agent'): Promise<Client> {
  const client = await memoryClient(hubWith(server, owner.sessionOptions(options)), {}, name);
  clients.push(client);
  return client;
}
const call = async (client: Client, name: string, args: Record<string, unknown> = {}) => (await client.callTool({ name, arguments: args })) as CallToolResult;
const structured = (result: CallToolResult) => result.structuredContent as { code?: string; message?: string };
const calls = () => owner.feed.recent().filter((e): e is Extract<ActivityEntry, { kind: 'call' }> => e.kind === 'call');

describe('activity feed', () => {
  test('keeps the newest entries in order, numbered, and tells listeners', () => {
    const feed = new ActivityFeed(3);
    const seen: number[] = [];
    feed.listen((e) => seen.push(e.seq));
    for (let i = 0; i < 5; i++) feed.owner(`step ${i}`);
    expect(feed.recent().map((e) => (e.kind === 'owner' ? e.text : ''))).toEqual(['step 2', 'step 3', 'step 4']);
    expect(seen).toEqual([1, 2, 3, 4, 5]);
  });

  test('every tool call with client, masked arguments, result code and duration; a typed secret never appears', async () => {
    const client = await agent({}, 'feed-agent');
    await call(client, 'w1__edit_field', { field: 'payment_password', value: 'hunter2-secret' });
    await call(client, 'w1__edit_field', { field: 'nope', value: 1 });
    await call(client, 'w9__close');
    expect(calls().map((c) => [c.client, c.tool, c.result])).toEqual([
      ['feed-agent', 'w1__edit_field', 'ok'],
      ['feed-agent', 'w1__edit_field', 'validation_failed'],
      ['feed-agent', 'w9__close', 'window_not_found'],
    ]);
    expect(calls()[0]?.arguments).toEqual({ field: 'payment_password', value: '•••••• (14 chars)' });
    expect(calls().every((c) => typeof c.durationMs === 'number' && c.durationMs >= 0)).toBe(true);
    expect(JSON.stringify(owner.feed.recent())).not.toContain('hunter2');
    expect(JSON.stringify(owner.state())).not.toContain('hunter2');
    expect(JSON.stringify(owner.state())).toContain(SENSITIVE_MASK);
  });

  test('every notification sent, to whom', async () => {
    const client = await agent({}, 'subscriber');
    await client.subscribeResource({ uri: 'app://windows' });
    await fillOrder(client);
    await call(client, 'w1__submit'); // opens a modal: the tool list changes too
    const sent = owner.feed.recent().filter((e) => e.kind === 'notification');
    expect(sent).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ method: 'notifications/resources/updated', uri: 'app://windows', client: 'subscriber' }),
        expect.objectContaining({ method: 'notifications/tools/list_changed', client: 'subscriber' }),
      ]),
    );
  });
});

describe('Pause', () => {
  test('refuses actions with action_not_available saying the owner paused the agent; reads and read-only tools work', async () => {
    const client = await agent({ readTool: true });
    owner.setPaused(true);
    for (const [name, args] of [
      ['w1__edit_field', { field: 'recipient', value: 'x' }],
      ['app__new_order', {}],
      ['w9__unknown', {}],
    ] as const) {
      const result = await call(client, name, args);
      expect(result.isError).toBe(true);
      expect(structured(result).code).toBe('action_not_available');
      expect(structured(result).message).toMatch(/desktop owner paused the agent/);
    }
    expect((await call(client, 'w2__load_rows', { offset: 0, limit: 2 })).isError).toBeFalsy();
    expect((await call(client, 'app__read_windows')).isError).toBeFalsy();
    expect((await client.readResource({ uri: 'app://windows' })).contents).toHaveLength(1);
    expect(server.bridge.snapshot().windows[0]?.version).toBe(1); // nothing ran
    owner.setPaused(false);
    expect((await call(client, 'w1__edit_field', { field: 'recipient', value: 'x' })).isError).toBeFalsy();
    expect(calls().map((c) => c.result)).toEqual(['paused', 'paused', 'paused', 'ok', 'ok', 'ok']);
    expect(
      owner.feed
        .recent()
        .filter((e) => e.kind === 'owner')
        .map((e) => (e.kind === 'owner' ? e.text : '')),
    ).toEqual(['paused the agent', 'resumed the agent']);
  });

  test('a call approved while the owner paused is refused, not run', async () => {
    const viewer = owner.addViewer({ state: () => undefined, activity: () => undefined });
    const client = await agent({ confirm: { policy: 'writes', approver: elicitationApprover } });
    const pending = call(client, 'w1__edit_field', { field: 'recipient', value: 'x' });
    await waitFor(() => owner.approvals.pending().length === 1);
    owner.setPaused(true);
    owner.answer(owner.approvals.pending()[0]?.id as number, true);
    expect(structured(await pending).message).toMatch(/paused/);
    expect(server.bridge.snapshot().windows[0]?.version).toBe(1);
    viewer();
  });
});

describe('approvals', () => {
  const request = (signal?: AbortSignal): ApprovalRequest => ({
    toolName: 'w1__close',
    title: 'Close',
    arguments: {},
    kind: 'destructive',
    session: { id: 1, transport: 'memory' },
    ...(signal ? { signal } : {}),
  });
  const answering = (name: string, decision: Partial<ApprovalDecision> | 'never', aborted: string[] = []): Approver => ({
    name,
    approve: (r) =>
      new Promise((resolve) => {
        let answered = false;
        r.signal?.addEventListener('abort', () => {
          if (answered) return;
          aborted.push(name);
          resolve({ approved: false, by: name, reason: 'withdrawn' });
        });
        if (decision === 'never') return;
        queueMicrotask(() => {
          answered = true;
          resolve({ by: name, reason: '', ...decision } as ApprovalDecision);
        });
      }),
  });

  test('race: the first real answer wins and the other question is withdrawn', async () => {
    const aborted: string[] = [];
    const decision = await raceApprovers([answering('slow', 'never', aborted), answering('fast', { approved: true }, aborted)]).approve(request());
    expect(decision).toMatchObject({ approved: true, by: 'fast' });
    expect(aborted).toEqual(['slow']);
  });

  test('race: places that cannot ask anybody do not count; when none can, the call is refused', async () => {
    const aborted: string[] = [];
    const decision = await raceApprovers([
      answering('nobody', { approved: false, unavailable: true }),
      answering('human', 'never', aborted),
      answering('owner', { approved: false }, aborted),
    ]).approve(request());
    expect(decision).toMatchObject({ approved: false, by: 'owner' });
    expect(aborted).toEqual(['human']);
    const none = await raceApprovers([answering('a', { approved: false, unavailable: true }), answering('b', { approved: false, unavailable: true })]).approve(
      request(),
    );
    expect(none).toMatchObject({ approved: false, unavailable: true });
  });

  test('race: a cancelled call withdraws every question', async () => {
    const aborted: string[] = [];
    const call = new AbortController();
    const decision = raceApprovers([answering('a', 'never', aborted), answering('b', 'never', aborted)]).approve(request(call.signal));
    call.abort();
    expect(await decision).toMatchObject({ approved: false });
    expect(aborted.sort()).toEqual(['a', 'b']);
  });

  test('the console cannot be asked while no page is open; with one, its answer decides and the pending list follows', async () => {
    expect(await owner.approvals.approve(request())).toMatchObject({ approved: false, unavailable: true });
    const states: number[] = [];
    const viewer = owner.addViewer({ state: (s) => states.push(s.approvals.length), activity: () => undefined });
    const answer = owner.approvals.approve(request());
    expect(owner.state().approvals).toEqual([expect.objectContaining({ toolName: 'w1__close', kind: 'destructive', session: 1 })]);
    expect(owner.answer(owner.state().approvals[0]?.id as number, false)).toBe(true);
    expect(await answer).toMatchObject({ approved: false, by: 'console' });
    expect(owner.answer(1, true)).toBe(false); // already answered
    expect(states).toEqual([1, 0]);
    viewer();
  });

  test('a client with elicitation and the console: the console answers, the client is asked too', async () => {
    const viewer = owner.addViewer({ state: () => undefined, activity: () => undefined });
    const asked: string[] = [];
    const client = await memoryClient(hubWith(server, owner.sessionOptions({ confirm: { policy: 'destructive', approver: elicitationApprover } })), {
      capabilities: { elicitation: {} },
    });
    clients.push(client);
    client.setRequestHandler(
      ElicitRequestSchema,
      (r, extra) =>
        new Promise((_resolve, reject) => {
          asked.push(r.params.message);
          extra.signal.addEventListener('abort', () => reject(new Error('withdrawn')));
        }),
    );
    const pending = call(client, 'w1__close');
    await waitFor(() => owner.approvals.pending().length === 1 && asked.length === 1);
    owner.answer(owner.approvals.pending()[0]?.id as number, true);
    expect((await pending).isError).toBeFalsy();
    expect(server.bridge.snapshot().windows.map((w) => w.id)).toEqual(['w2']);
    viewer();
  });
});

describe('window graph, detail and fixture', () => {
  test('owners, modal chains and the operable set', async () => {
    const client = await agent();
    await fillOrder(client);
    await call(client, 'w1__submit');
    const view = buildView(server.bridge);
    const modal = view.graph.find((n) => n.modal);
    expect(modal).toMatchObject({ ownerId: 'w1', operable: true });
    expect(view.graph.find((n) => n.id === 'w1')).toMatchObject({ operable: false, blockedBy: [modal?.id] });
    expect(view.tools.filter((t) => t.windowId === 'w1')).toEqual([]);
    expect(view.tools.some((t) => t.windowId === modal?.id)).toBe(true);
    expect(view.tools.filter((t) => t.windowId === null).map((t) => t.name)).toContain('app__new_order');
  });

  test('the raw tree and the fixture carry no secret in clear text, and the fixture is valid', async () => {
    const client = await agent();
    await call(client, 'w1__edit_field', { field: 'payment_password', value: 'hunter2-secret' });
    await call(client, 'w1__edit_field', { field: 'recipient', value: 'Ann' });
    await call(client, 'w1__submit');
    const modal = buildView(server.bridge).graph.find((n) => n.modal)?.id as string;
    const detail = windowDetail(server.bridge, 'w1');
    expect(detail?.tree.root.role).toBe('frame');
    expect(detail?.translation?.id).toBe('w1');
    const fixture = windowFixture(server.bridge, modal);
    expect(FixtureSchema.safeParse(fixture).success).toBe(true);
    expect(fixture?.windows.map((w) => w.modal)).toEqual([false, true]); // the owner comes along
    expect(JSON.stringify([detail, fixture])).not.toContain('hunter2');
    expect(windowDetail(server.bridge, 'w99')).toBeUndefined();
  });
});

describe('serve --console', () => {
  const parse = (argv: string[]) => parseServeArgs(['--demo', ...argv], {});
  test('on with HTTP on loopback, off without HTTP, opt-in on a network address, --no-console turns it off', () => {
    expect(parse(['--http', '3000']).console).toBe(true);
    expect(parse([]).console).toBe(false);
    expect(parse(['--http', '3000', '--host', '0.0.0.0', '--token', 't']).console).toBe(false);
    expect(parse(['--http', '3000', '--host', '0.0.0.0', '--token', 't', '--console']).console).toBe(true);
    expect(parse(['--http', '3000', '--no-console']).console).toBe(false);
    expect(() => parse(['--console'])).toThrow(/--console needs --http/);
    expect(() => parse(['--http', '3000', '--console', '--no-console'])).toThrow(/not both/);
  });
});

async function fillOrder(client: Client): Promise<void> {
  await call(client, 'w1__edit_field', { field: 'recipient', value: 'Ann' });
  await call(client, 'w1__edit_field', { field: 'payment_password', value: 'pw' });
}

async function waitFor(condition: () => boolean): Promise<void> {
  for (let i = 0; i < 500 && !condition(); i++) await new Promise((resolve) => setTimeout(resolve, 10));
  expect(condition()).toBe(true);
}
