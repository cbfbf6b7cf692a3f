/** P-SENS-1: a sensitive value never appears in any byte sent to a ctx.client, nor in logs. */
import { describe, expect, test } from 'vitest';
import { createLogger } from '../../src/util/logger.js';
import { connectMemoryClient, startDemoServer } from '../helpers/demoServer.js';
import { checkedCall, RIGS, sc, useRig } from './harness.js';

const SECRET = 'Tr0ub4dor&3-secret';

describe.each(RIGS)('sensitive values over %s', (_name, makeRig) => {
  const ctx = useRig(makeRig, { subscribe: true });

  test('the payment password is masked everywhere', async () => {
    await checkedCall(ctx.client, 'w1__edit_field', { field: 'payment_password', value: SECRET });
    const field = (await ctx.client.snapshot()).windows[0]?.blocks[0];
    expect(field).toMatchObject({ items: expect.arrayContaining([{ label: 'Payment password', value: '••••••', sensitive: true }]) });
    // Error paths that could echo the value: stale version, bad type, too long, blocked.
    await checkedCall(ctx.client, 'w1__edit_field', { field: 'payment_password', value: SECRET, expectedVersion: 1 });
    await checkedCall(ctx.client, 'w1__edit_field', { field: 'payment_password', value: SECRET.repeat(200) });
    await checkedCall(ctx.client, 'w1__edit_field', { field: SECRET, value: SECRET });
    ctx.rig.server.probe.app.userEdits('demo-1', 'password', `${SECRET}-user`);
    await checkedCall(ctx.client, 'w1__edit_field', { field: 'recipient', value: 'Alice' });
    const submit = sc(await checkedCall(ctx.client, 'w1__submit'));
    expect(submit.openedWindowIds).toEqual(['w3']);
    await checkedCall(ctx.client, 'w1__edit_field', { field: 'payment_password', value: SECRET });
    await ctx.client.snapshot();
    await ctx.client.client.listTools();
    expect(ctx.rig.bytes().length).toBeGreaterThan(1000);
    expect(ctx.rig.bytes()).not.toContain(SECRET);
  });
});

test('logs never carry the secret, even when a platform error quotes it', async () => {
  const lines: string[] = [];
  const log = createLogger({ level: 'debug', write: (l) => lines.push(l) });
  const server = await startDemoServer({}, undefined, { log });
  server.probe.setText = async () => {
    throw new Error(`cannot type "${SECRET}" here`);
  };
  const client = await connectMemoryClient(server.hub);
  const result = await client.call('w1__edit_field', { field: 'payment_password', value: SECRET });
  expect(sc(result).code).toBe('action_not_available');
  expect(JSON.stringify(result)).not.toContain(SECRET);
  expect(lines.join('\n')).not.toContain(SECRET);
  expect(lines.length).toBeGreaterThan(0);
  await client.close();
  await server.close();
});
