/**
 * After an action the bridge reads the acting window whole again (TreeReadRequest.fresh), so its
 * result and the next state show the effect even where the app sent no event for it (a Qt combo
 * box's value), and even where the probe reads incrementally, following events only.
 */
import { expect, test } from 'vitest';
import type { TreeReadRequest } from '../../src/platform/probe.js';
import { connectMemoryClient, startDemoServer } from '../helpers/demoServer.js';

test('a change the app never announced is in the state when the action on its window returns', async () => {
  const server = await startDemoServer({}, undefined, { rescanMs: 600_000 });
  const client = await connectMemoryClient(server.hub);
  const requests: Array<{ nativeId: string; request?: TreeReadRequest }> = [];
  const readTree = server.probe.readTree.bind(server.probe);
  server.probe.readTree = (nativeId, budget, request) => {
    requests.push({ nativeId, request });
    return readTree(nativeId, budget, request);
  };
  const order = server.probe.app.windows.get('demo-1')?.content;
  if (order?.kind !== 'order') throw new Error('no order window');
  const tools = (await client.client.listTools()).tools.map((t) => t.name);
  const quiet = tools.find((t) => t === 'w1__focus') ?? (tools.find((t) => t.startsWith('w1__')) as string);

  order.recipient = 'Silent Sam'; // behind the change feed's back
  expect(server.bridge.snapshotJson()).not.toContain('Silent Sam');
  const result = await client.call(quiet, {});
  expect(result.isError, JSON.stringify(result.structuredContent)).toBeFalsy();
  expect(server.bridge.snapshotJson()).toContain('Silent Sam');
  expect(requests).toContainEqual({ nativeId: 'demo-1', request: { fresh: true } });
  await client.close();
  await server.close();
});
