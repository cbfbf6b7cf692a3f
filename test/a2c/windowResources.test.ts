/** `serve --a2c`: window:// resources seen by a real SDK client (seed §4.1, §5.1; D-6). */
import { ErrorCode, McpError, ResourceListChangedNotificationSchema, ResourceSchema, type Resource } from '@modelcontextprotocol/sdk/types.js';
import { afterEach, describe, expect, test } from 'vitest';
import { PRIORITY } from '../../src/a2c/priority.js';
import { validateWindowUri } from '../../src/a2c/windowUri.js';
import type { WindowResourceOptions } from '../../src/a2c/windowResources.js';
import type { DesktopTopology } from '../../src/platform/probe.js';
import { DemoProbe } from '../../src/platform/demo/probe.js';
import { connectMemoryClient, type TestClient } from '../helpers/demoServer.js';
import { eventually, settle, startA2cBridge, type A2cBridge } from './helpers/a2cBridge.js';

const HOST = 'org.guibridge.ordersdemo';
const uri = (winId: string) => `window://${HOST}/${winId}`;

let rig: A2cBridge | undefined;
afterEach(async () => {
  await rig?.close();
  rig = undefined;
});

async function open(options: { resources?: WindowResourceOptions; probe?: DemoProbe } = {}): Promise<TestClient> {
  rig = await startA2cBridge(options);
  const client = await connectMemoryClient(rig.hub);
  client.client.setNotificationHandler(ResourceListChangedNotificationSchema, async () => void client.recorder.events.push('resources/list_changed'));
  return client;
}

async function windows(client: TestClient): Promise<Resource[]> {
  const all: Resource[] = [];
  let cursor: string | undefined;
  do {
    const page = await client.client.listResources(cursor ? { cursor } : {});
    all.push(...page.resources);
    cursor = page.nextCursor;
  } while (cursor);
  return all.filter((r) => r.uri.startsWith('window://'));
}

const priorities = async (client: TestClient) => Object.fromEntries((await windows(client)).map((r) => [r.uri.split('/').pop(), r.annotations?.priority]));
const text = async (client: TestClient, winId: string) => ((await client.client.readResource({ uri: uri(winId) })).contents[0] as { text: string }).text;
const call = async (client: TestClient, name: string, args: Record<string, unknown> = {}) => {
  const result = await client.call(name, args);
  expect(result.isError, JSON.stringify(result.structuredContent)).not.toBe(true);
  return result;
};

describe('window:// resources', () => {
  test('listed after app://windows with valid v0.2 annotations and _meta; capability declares listChanged', async () => {
    const client = await open();
    expect(client.client.getServerCapabilities()?.resources).toEqual({ subscribe: true, listChanged: true });
    const first = await client.client.listResources();
    expect(first.resources.map((r) => r.uri)).toEqual(['app://windows', uri('w1'), uri('w2')]);
    for (const resource of first.resources.slice(1)) {
      expect(ResourceSchema.parse(resource)).toEqual(resource);
      expect(validateWindowUri(resource.uri).uri).toBe(resource.uri);
      const record = rig!.bridge.state.window(resource.uri.split('/').pop() as string)!;
      expect(resource).toMatchObject({ name: record.facts.title, mimeType: 'text/plain', _meta: { fullscreen: false } });
      expect(resource.annotations?.audience).toEqual(['assistant']);
      expect(resource.annotations?.lastModified).toBe(new Date(record.lastModified).toISOString());
      expect(resource.annotations?.priority).toBeGreaterThanOrEqual(0);
      expect(resource.annotations?.priority).toBeLessThanOrEqual(1);
    }
  });

  test('priority: modal chain top highest, operable high, blocked lowest (window-level then app-level modal)', async () => {
    const client = await open();
    const active = rig!.bridge.windows().find((w) => w.facts.active)?.winId;
    expect(await priorities(client)).toEqual({
      w1: active === 'w1' ? PRIORITY.activeOperable : PRIORITY.operable,
      w2: active === 'w2' ? PRIORITY.activeOperable : PRIORITY.operable,
    });
    await call(client, 'w1__edit_field', { field: 'recipient', value: 'Alice' });
    await call(client, 'w1__edit_field', { field: 'payment_password', value: 'pw-1234' });
    await call(client, 'w1__submit');
    const chain = await priorities(client);
    expect(chain.w3).toBe(PRIORITY.modalTop);
    expect(chain.w1).toBe(PRIORITY.blocked);
    expect(chain.w2).toBeGreaterThanOrEqual(PRIORITY.operable);
    await call(client, 'app__preferences');
    expect(await priorities(client)).toEqual({ w1: PRIORITY.blocked, w2: PRIORITY.blocked, w3: PRIORITY.blocked, w4: PRIORITY.modalTop });
  });

  test('read: compact text with title, status, summary and masked blocks', async () => {
    const client = await open();
    await call(client, 'w1__edit_field', { field: 'payment_password', value: 'pw-1234' });
    const w1 = await text(client, 'w1');
    const record = rig!.bridge.state.window('w1')!;
    expect(w1.split('\n').slice(0, 3)).toEqual([record.facts.title, `id w1 · version ${record.version} · operable: tools w1__*`, record.content.summary]);
    expect(w1).toContain('Recipient: (empty)');
    expect(w1).toContain('Product | Quantity\nWidget A | 2');
    expect(w1).toContain('Payment password: ••••••');
    expect(w1).not.toContain('pw-1234');
    expect(await text(client, 'w2')).toContain('(1–20 of 50000)');
    const read = await client.client.readResource({ uri: uri('w1') });
    expect(read.contents).toEqual([{ uri: uri('w1'), mimeType: 'text/plain', text: w1 }]);
  });

  test('read of an unknown window URI is "resource not found"; app://windows still works', async () => {
    const client = await open();
    for (const missing of [uri('w99'), 'window://com.other.app/w1', `window://${HOST}`]) {
      const error = await client.client.readResource({ uri: missing }).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(McpError);
      expect((error as McpError).code).toBe(-32002);
    }
    expect((await client.snapshot()).operableWindowIds).toEqual(['w1', 'w2']);
  });

  test('cursor paging walks every window once, even when one opens between pages; bad cursor → InvalidParams', async () => {
    const client = await open({ resources: { pageSize: 1 } });
    const first = await client.client.listResources();
    expect(first.resources.map((r) => r.uri)).toEqual(['app://windows', uri('w1')]);
    expect(first.nextCursor).toBeTypeOf('string');
    await call(client, 'app__new_report');
    const second = await client.client.listResources({ cursor: first.nextCursor as string });
    expect(second.resources.map((r) => r.uri)).toEqual([uri('w2')]);
    const third = await client.client.listResources({ cursor: second.nextCursor as string });
    expect(third.resources.map((r) => r.uri)).toEqual([uri('w3')]);
    expect(third.nextCursor).toBeUndefined();
    const error = await client.client.listResources({ cursor: 'not-a-cursor' }).catch((e: unknown) => e);
    expect((error as McpError).code).toBe(ErrorCode.InvalidParams);
  });

  test('notifications: none for reads, subscriptions or no-op changes; updated on real change; list_changed on open/close', async () => {
    const client = await open();
    await client.client.subscribeResource({ uri: uri('w1') });
    await client.client.subscribeResource({ uri: uri('w2') });
    await text(client, 'w1');
    await text(client, 'w2');
    rig!.probe.app.activate('w1');
    await rig!.bridge.flush();
    await settle();
    expect(client.recorder.events).toEqual([]);

    await call(client, 'w1__edit_field', { field: 'recipient', value: 'Bob' });
    await eventually(() => expect(client.recorder.events).toContain(`resources/updated ${uri('w1')}`));
    expect(client.recorder.events).not.toContain(`resources/updated ${uri('w2')}`);
    expect(client.recorder.events).not.toContain('resources/list_changed');

    client.recorder.events.length = 0;
    await call(client, 'app__new_report');
    await eventually(() => expect(client.recorder.events).toContain('resources/list_changed'));
    client.recorder.events.length = 0;
    await call(client, 'w3__close');
    await eventually(() => expect(client.recorder.events).toContain('resources/list_changed'));
  });

  test('a blocked window announces the change of its text (operability is part of it)', async () => {
    const client = await open();
    await call(client, 'w1__edit_field', { field: 'recipient', value: 'Alice' });
    await call(client, 'w1__edit_field', { field: 'payment_password', value: 'pw-1234' });
    await client.client.subscribeResource({ uri: uri('w1') });
    client.recorder.events.length = 0;
    await call(client, 'w1__submit');
    await eventually(() => expect(client.recorder.events).toContain(`resources/updated ${uri('w1')}`));
    expect(await text(client, 'w1')).toContain('blocked by a modal window: read only');
    expect(await text(client, 'w3')).toContain('modal dialog of w1 · operable: tools w3__*');
  });

  test('_meta.fullscreen is true on at most one window, from the real fullscreen state', async () => {
    class FullscreenProbe extends DemoProbe {
      override async readTopology(): Promise<DesktopTopology> {
        const topology = await super.readTopology();
        return { ...topology, windows: topology.windows.map((w) => ({ ...w, fullscreen: true })) };
      }
    }
    const probe = new FullscreenProbe({ effectDelayMs: 5 });
    const client = await open({ probe });
    const flagged = (await windows(client)).filter((r) => r._meta?.fullscreen === true).map((r) => r.uri);
    const active = rig!.bridge.windows().find((w) => w.facts.active)?.winId;
    expect(active).toBeDefined();
    expect(flagged).toEqual([uri(active as string)]);
  });

  test('--a2c-host sets the host of every window', async () => {
    const client = await open({ resources: { host: 'com.example.desk' } });
    expect((await windows(client)).map((r) => r.uri)).toEqual(['window://com.example.desk/w1', 'window://com.example.desk/w2']);
  });
});
