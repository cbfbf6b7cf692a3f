/** A2C subscriptions are capped per session: no unbounded growth on made-up window URIs. */
import { McpError } from '@modelcontextprotocol/sdk/types.js';
import { afterAll, expect, test } from 'vitest';
import { MAX_SUBSCRIPTIONS_PER_SESSION } from '../../src/server/session.js';
import { connectMemoryClient } from '../helpers/demoServer.js';
import { startA2cBridge, type A2cBridge } from '../a2c/helpers/a2cBridge.js';

let rig: A2cBridge;
afterAll(async () => rig.close());

test(`at most ${MAX_SUBSCRIPTIONS_PER_SESSION} subscriptions per session; re-subscribing, unsubscribing and other sessions work`, async () => {
  rig = await startA2cBridge({});
  const client = await connectMemoryClient(rig.hub);
  const uri = (n: number) => `window://org.guibridge.ordersdemo/w${n}`;
  await client.client.subscribeResource({ uri: 'app://windows' });
  for (let n = 1; n < MAX_SUBSCRIPTIONS_PER_SESSION; n++) await client.client.subscribeResource({ uri: uri(n) });
  const refused = await client.client.subscribeResource({ uri: uri(100_000) }).catch((e: unknown) => e);
  expect(refused).toBeInstanceOf(McpError);
  expect((refused as McpError).code).toBe(-32600);
  expect((refused as McpError).message).toMatch(/Too many subscriptions/);
  await client.client.subscribeResource({ uri: uri(1) }); // already held: fine
  await client.client.unsubscribeResource({ uri: uri(2) });
  await client.client.subscribeResource({ uri: uri(100_000) });
  const other = await connectMemoryClient(rig.hub);
  await other.client.subscribeResource({ uri: uri(1) });
  await other.close();
  await client.close();
});
