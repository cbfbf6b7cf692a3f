/** Modal chains, app-level collapse and the notifications that go with them (P-OPER-*, P-NOTE-*, P-TOOL-2/3). */
import { describe, expect, test } from 'vitest';
import type { TestClient } from '../helpers/demoServer.js';
import { checkedCall, eventually, RIGS, sc, useRig } from './harness.js';

async function fillOrder(client: TestClient): Promise<void> {
  await checkedCall(client, 'w1__edit_field', { field: 'recipient', value: 'Alice' });
  await checkedCall(client, 'w1__edit_field', { field: 'payment_password', value: 'pw-1234' });
}

describe.each(RIGS)('modals over %s', (_name, makeRig) => {
  const ctx = useRig(makeRig, { subscribe: true });

  test('a window-level modal blocks its owner; its tools vanish; closing restores (P-OPER-1, P-TOOL-2/3)', async () => {
    await fillOrder(ctx.client);
    ctx.client.recorder.events.length = 0;
    const submitted = sc(await checkedCall(ctx.client, 'w1__submit'));
    expect(submitted.openedWindowIds).toEqual(['w3']);
    await eventually(() => expect(ctx.client.recorder.events).toContain('tools/list_changed'));
    expect(ctx.client.recorder.events).toContain('resources/updated app://windows');

    const snapshot = await ctx.client.snapshot();
    expect(snapshot.operableWindowIds).toEqual(['w2', 'w3']);
    expect(snapshot.windows.find((w) => w.id === 'w3')).toMatchObject({ modal: true, ownerId: 'w1', title: 'Confirm order' });
    const names = await ctx.client.toolNames();
    expect(names.filter((n) => n.startsWith('w1__'))).toEqual([]);
    expect(names).toEqual(expect.arrayContaining(['w3__confirm', 'w3__cancel']));

    const blocked = await checkedCall(ctx.client, 'w1__edit_field', { field: 'recipient', value: 'Bob' });
    expect(blocked.isError).toBe(true);
    expect(sc(blocked).code).toBe('blocked_by_modal');

    ctx.client.recorder.events.length = 0;
    await checkedCall(ctx.client, 'w3__cancel');
    await eventually(() => expect(ctx.client.recorder.events).toContain('tools/list_changed'));
    expect((await ctx.client.snapshot()).operableWindowIds).toEqual(['w1', 'w2']);
    expect(await ctx.client.toolNames()).toContain('w1__edit_field');
    const closed = await checkedCall(ctx.client, 'w3__confirm');
    expect(sc(closed).code).toBe('window_not_found');
  });

  test('an application-level modal collapses the operable set; closing restores (P-OPER-2)', async () => {
    const opened = sc(await checkedCall(ctx.client, 'app__preferences'));
    expect(opened.openedWindowIds).toEqual(['w3']);
    const snapshot = await ctx.client.snapshot();
    expect(snapshot.operableWindowIds).toEqual(['w3']);
    expect(snapshot.windows.find((w) => w.id === 'w3')).toMatchObject({ modal: true, ownerId: null });
    expect(await ctx.client.toolNames()).toEqual(['w3__cancel', 'w3__save']);
    expect(sc(await checkedCall(ctx.client, 'w2__load_rows', {})).code).toBe('blocked_by_modal');
    expect(sc(await checkedCall(ctx.client, 'app__new_report')).code).toBe('blocked_by_modal');

    await checkedCall(ctx.client, 'w3__save', { currency: 'EUR' });
    expect((await ctx.client.snapshot()).operableWindowIds).toEqual(['w1', 'w2']);
    expect(await ctx.client.toolNames()).toContain('app__new_report');
  });

  test('nested chain: a modal opened from an app-level modal is the only operable window (§10.2)', async () => {
    await fillOrder(ctx.client);
    await checkedCall(ctx.client, 'w1__submit'); // Confirm order (w3) blocks w1
    await ctx.rig.server.probe.doAppAction('demo', 'preferences'); // the user opens Preferences (w4)
    await eventually(async () => expect((await ctx.client.snapshot()).operableWindowIds).toEqual(['w4']));
    await checkedCall(ctx.client, 'w4__cancel');
    expect((await ctx.client.snapshot()).operableWindowIds).toEqual(['w2', 'w3']);
  });

  test('P-TOOL-5/6: app__new_report returns the new window id after it exists', async () => {
    const result = sc(await checkedCall(ctx.client, 'app__new_report'));
    const [id] = result.openedWindowIds as string[];
    const snapshot = await ctx.client.snapshot();
    expect(snapshot.windows.find((w) => w.id === id)?.title).toMatch(/^Report Details/);
    expect(snapshot.operableWindowIds).toContain(id);
  });

  test('an unavailable action is hidden and refused (P-TOOL-2, P-VAL-1)', async () => {
    await fillOrder(ctx.client);
    await checkedCall(ctx.client, 'w1__submit');
    await checkedCall(ctx.client, 'w3__confirm');
    const names = await ctx.client.toolNames();
    expect(names).not.toContain('w1__submit');
    expect(names).not.toContain('w1__edit_field');
    expect(sc(await checkedCall(ctx.client, 'w1__submit')).code).toBe('action_not_available');
    const w1 = (await ctx.client.snapshot()).windows.find((w) => w.id === 'w1');
    expect(w1?.title).toMatch(/submitted/);
  });

  test('closing a window: window_not_found afterwards; ids are never reused (P-ID-1)', async () => {
    await checkedCall(ctx.client, 'w2__close');
    expect((await ctx.client.snapshot()).windows.map((w) => w.id)).toEqual(['w1']);
    expect(sc(await checkedCall(ctx.client, 'w2__load_rows', {})).code).toBe('window_not_found');
    const reopened = sc(await checkedCall(ctx.client, 'app__new_report'));
    expect(reopened.openedWindowIds).toEqual(['w3']);
  });
});
