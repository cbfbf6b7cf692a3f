/**
 * Fairness between sessions: a client pipelining many calls does not push
 * another client's call to the back of the queue; each client's own calls keep their order.
 * Asserted on completion order, not on time.
 */
import { afterAll, beforeAll, expect, test } from 'vitest';
import { connectMemoryClient, startDemoServer, type DemoServer, type TestClient } from '../helpers/demoServer.js';

let demo: DemoServer;
let heavy: TestClient;
let light: TestClient;
beforeAll(async () => {
  demo = await startDemoServer();
  heavy = await connectMemoryClient(demo.hub);
  light = await connectMemoryClient(demo.hub);
});
afterAll(async () => {
  await heavy.close();
  await light.close();
  await demo.close();
});

test('a light client is served between a heavy client pipelined calls, both in their own order', async () => {
  const snapshot = await heavy.snapshot();
  const report = snapshot.windows.find((w) => w.title.startsWith('Report'))?.id as string;
  const done: string[] = [];
  const heavyCalls = Array.from({ length: 40 }, (_, i) => heavy.call(`${report}__load_rows`, { offset: i, limit: 5 }).then(() => void done.push(`h${i}`)));
  // Sent right after, in the same tick: they reach the server's queue behind all 40 heavy calls.
  const lightCalls = ['Ann', 'Bob', 'Cy'].map((name, i) =>
    light.call('w1__edit_field', { field: 'recipient', value: name }).then(() => void done.push(`l${i}`)),
  );
  await Promise.all([...heavyCalls, ...lightCalls]);
  const heavyOrder = done.filter((d) => d.startsWith('h'));
  const lightOrder = done.filter((d) => d.startsWith('l'));
  expect(heavyOrder).toEqual(heavyCalls.map((_, i) => `h${i}`));
  expect(lightOrder).toEqual(['l0', 'l1', 'l2']);
  // Round-robin: the light client's three calls finish while most heavy calls still wait.
  expect(done.indexOf('l2')).toBeLessThan(done.indexOf('h20'));
});
