/**
 * A call the client cancels while it waits in the queue never runs (notifications/cancelled): it
 * must not type into the user's app later, when nobody waits for its answer. The cancelled call
 * sits behind 30 calls of its own session, so it cannot have started when the cancel arrives.
 */
import { afterAll, beforeAll, expect, test } from 'vitest';
import { connectMemoryClient, startDemoServer, type DemoServer, type TestClient } from '../helpers/demoServer.js';

let demo: DemoServer;
let agent: TestClient;
beforeAll(async () => {
  demo = await startDemoServer();
  agent = await connectMemoryClient(demo.hub);
});
afterAll(async () => {
  await agent.close();
  await demo.close();
});

async function recipient(): Promise<unknown> {
  const window = (await agent.snapshot()).windows.find((w) => w.id === 'w1') as unknown as { blocks: Array<Record<string, unknown>> };
  const form = JSON.stringify(window.blocks);
  return /"label":"Recipient"[^}]*"value":"([^"]*)"/.exec(form)?.[1];
}

async function queueThenEdit(value: string, cancel: boolean): Promise<PromiseSettledResult<unknown>> {
  const report = (await agent.snapshot()).windows.find((w) => w.title.startsWith('Report'))?.id as string;
  const before = Array.from({ length: 30 }, (_, i) => agent.call(`${report}__load_rows`, { offset: i, limit: 5 }));
  const controller = new AbortController();
  const edit = agent.client.callTool({ name: 'w1__edit_field', arguments: { field: 'recipient', value } }, undefined, { signal: controller.signal });
  if (cancel) controller.abort();
  const [settled] = await Promise.allSettled([edit, Promise.all(before)]);
  await agent.call(`${report}__load_rows`, { offset: 0, limit: 5 }); // one more turn of the queue
  return settled;
}

test('without a cancel, the queued edit runs (the check below can fail)', async () => {
  const settled = await queueThenEdit('Runs', false);
  expect(settled.status).toBe('fulfilled');
  expect(await recipient()).toBe('Runs');
});

test('a queued call cancelled by its client never runs; the calls before it all complete', async () => {
  const settled = await queueThenEdit('Cancelled', true);
  expect(settled.status).toBe('rejected'); // the SDK client rejects a cancelled request with AbortError
  expect(await recipient()).toBe('Runs');
});
