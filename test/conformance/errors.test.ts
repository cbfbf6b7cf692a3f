/** Run-time validation and structured errors (P-VAL-*, P-CONC-2, P-ERR-1, D-2). */
import { describe, expect, test } from 'vitest';
import { connectMemoryClient, startDemoServer } from '../helpers/demoServer.js';
import { checkedCall, RIGS, sc, useRig } from './harness.js';

describe.each(RIGS)('errors over %s', (_name, makeRig) => {
  const ctx = useRig(makeRig);

  test('validation_failed names each bad tool parameter (P-VAL-2)', async () => {
    const result = await checkedCall(ctx.client, 'w1__edit_field', { field: 'nickname', extra: 1 });
    expect(result.isError).toBe(true);
    expect(sc(result)).toMatchObject({ code: 'validation_failed' });
    const fields = (sc(result).fields as Array<{ field: string; error: string }>).map((f) => f.field).sort();
    expect(fields).toEqual(['extra', 'field', 'value']);
    const version = await checkedCall(ctx.client, 'w1__edit_field', { field: 'amount', value: '1', expectedVersion: 'one' });
    expect(sc(version).fields).toEqual([{ field: 'expectedVersion', error: expect.any(String) }]);
    const readOnly = await checkedCall(ctx.client, 'w2__load_rows', { offset: 50_000, limit: 0 });
    expect((sc(readOnly).fields as Array<{ field: string }>).map((f) => f.field).sort()).toEqual(['limit', 'offset']);
  });

  test('the app reports invalid form fields as validation_failed per field (§7.3)', async () => {
    await checkedCall(ctx.client, 'w1__edit_field', { field: 'amount', value: '-5' });
    const result = await checkedCall(ctx.client, 'w1__submit');
    expect(sc(result)).toMatchObject({
      code: 'validation_failed',
      fields: [
        { field: 'recipient', error: 'Recipient cannot be empty' },
        { field: 'amount', error: 'Amount must be a number such as $100.00' },
        { field: 'payment_password', error: 'Payment password is required' },
      ],
    });
    const errors = (await ctx.client.snapshot()).windows[0]?.blocks.filter((b) => b.type === 'notice' && b.severity === 'error');
    expect(errors?.length).toBe(4); // the status notice and one per invalid field (P-BLK-6)
  });

  test('stale_state carries currentVersion; a retry on the current version succeeds (P-CONC-2)', async () => {
    const v = (await ctx.client.snapshot()).windows[0]?.version as number;
    ctx.rig.server.probe.app.userEdits('demo-1', 'amount', '$250.00'); // the human user types
    const stale = await checkedCall(ctx.client, 'w1__edit_field', { field: 'amount', value: '$300.00', expectedVersion: v });
    expect(sc(stale)).toMatchObject({ code: 'stale_state', currentVersion: v + 1 });
    const fields = (await ctx.client.snapshot()).windows[0]?.blocks[0];
    expect(JSON.stringify(fields)).toContain('$250.00'); // the user's edit is kept (P-CONC-3)
    const ok = await checkedCall(ctx.client, 'w1__edit_field', { field: 'amount', value: '$300.00', expectedVersion: v + 1 });
    expect(ok.isError).toBeFalsy();
    expect((await ctx.client.snapshot()).windows[0]?.version).toBe(v + 2);
  });

  test('unknown or malformed tool names are structured errors (D-2)', async () => {
    expect(sc(await checkedCall(ctx.client, 'w99__edit_field')).code).toBe('window_not_found');
    expect(sc(await checkedCall(ctx.client, 'nonsense')).code).toBe('window_not_found');
    expect(sc(await checkedCall(ctx.client, 'w1__fly')).code).toBe('action_not_available');
    expect(sc(await checkedCall(ctx.client, 'app__fly')).code).toBe('action_not_available');
    expect((await ctx.client.snapshot()).windows).toHaveLength(2); // the server keeps serving
  });

  test('a read-only tool returns large data in result, not in state (P-BLK-7, §9)', async () => {
    const result = sc(await checkedCall(ctx.client, 'w2__load_rows', { offset: 7344, limit: 3 }));
    expect(result.result).toMatchObject({ offset: 7344, total: 50_000, columns: ['Date', 'Region', 'Product', 'Units', 'Revenue'] });
    expect((result.result as { rows: unknown[] }).rows).toHaveLength(3);
    const table = (await ctx.client.snapshot()).windows[1]?.blocks.find((b) => b.type === 'table');
    expect(table).toMatchObject({ total: 50_000, offset: 0 });
    expect((table as { rows: unknown[] }).rows.length).toBeLessThan(50);
  });
});

describe('action_timeout', () => {
  test('an effect that never shows in time → action_timeout, and the server keeps serving', async () => {
    // A slow app: windows appear 1.5 s after the command; the bridge gives actions 200 ms.
    const server = await startDemoServer({ effectDelayMs: 1500 }, undefined, { defaultTimeoutMs: 200 });
    const client = await connectMemoryClient(server.hub);
    const result = await checkedCall(client, 'app__new_report');
    expect(sc(result).code).toBe('action_timeout');
    // The error names what the action was still waiting for, not only that it took too long.
    expect(String(sc(result).message)).toMatch(/waiting for the ".+" window to open/);
    expect((await client.snapshot()).windows).toHaveLength(2);
    expect(sc(await checkedCall(client, 'w2__load_rows', { limit: 1 })).result).toMatchObject({ total: 50_000 });
    await client.close();
    await server.close();
  });

  test('an application that never answers a call → action_timeout naming that call', async () => {
    const server = await startDemoServer({}, undefined, { defaultTimeoutMs: 300 });
    const client = await connectMemoryClient(server.hub);
    const answer = server.probe.doAppAction.bind(server.probe);
    server.probe.doAppAction = () => new Promise<void>(() => undefined); // the app hangs
    const result = sc(await checkedCall(client, 'app__new_report'));
    expect(result.code).toBe('action_timeout');
    expect(String(result.message)).toMatch(/it was waiting for the application to answer doAppAction, for \d+ ms/);
    server.probe.doAppAction = answer;
    expect(sc(await checkedCall(client, 'w2__load_rows', { limit: 1 })).result).toMatchObject({ total: 50_000 });
    await client.close();
    await server.close();
  });
});
