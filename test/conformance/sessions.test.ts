/** Many clients on one shared state: serialization, broadcast, subscriptions (P-SESS-*, P-NOTE-*). */
import { ResourceUpdatedNotificationSchema } from '@modelcontextprotocol/sdk/types.js';
import { afterEach, beforeEach, describe, expect, test } from 'vitest';
import type { TestClient } from '../helpers/demoServer.js';
import { checkedCall, eventually, RIGS, sc, type Rig } from './harness.js';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe.each(RIGS)('sessions over %s', (_name, makeRig) => {
  let rig: Rig;
  let a: TestClient;
  let b: TestClient;
  const other: string[] = [];
  beforeEach(async () => {
    rig = await makeRig();
    a = await rig.connect();
    b = await rig.connect();
    other.length = 0;
    for (const c of [a, b]) c.client.fallbackNotificationHandler = async (n) => void other.push(n.method);
    await a.client.subscribeResource({ uri: 'app://windows' });
  });
  afterEach(() => rig.close());

  test('two clients racing writes on one version: one wins, the other gets stale_state (P-SESS-3, P-CONC-2)', async () => {
    const v = (await a.snapshot()).windows[0]?.version as number;
    const [ra, rb] = await Promise.all([
      checkedCall(a, 'w1__edit_field', { field: 'amount', value: '$111.00', expectedVersion: v }),
      checkedCall(b, 'w1__edit_field', { field: 'amount', value: '$222.00', expectedVersion: v }),
    ]);
    const outcomes = [ra, rb].map((r) => (r.isError ? sc(r).code : 'ok')).sort();
    expect(outcomes).toEqual(['ok', 'stale_state']);
    const loser = [ra, rb].find((r) => r.isError);
    expect(sc(loser!).currentVersion).toBe(v + 1);
    const [sa, sb] = await Promise.all([a.snapshot(), b.snapshot()]);
    expect(sa).toEqual(sb);
    expect(sa.windows[0]?.version).toBe(v + 1);
    const winner = ra.isError ? '$222.00' : '$111.00';
    expect(JSON.stringify(sa.windows[0]?.blocks[0])).toContain(winner);
  });

  test('calls from all connections run one at a time, each on the state the previous one left (P-SESS-3)', async () => {
    const probe = rig.server.probe;
    const original = probe.setText.bind(probe);
    let inFlight = 0;
    let maxInFlight = 0;
    probe.setText = async (ref, text) => {
      maxInFlight = Math.max(maxInFlight, ++inFlight);
      await sleep(5);
      await original(ref, text);
      inFlight--;
    };
    const v = (await a.snapshot()).windows[0]?.version as number;
    const calls = Array.from({ length: 10 }, (_, i) => checkedCall(i % 2 ? a : b, 'w1__edit_field', { field: 'amount', value: `$${i + 1}.00` }));
    const results = await Promise.all(calls);
    expect(results.every((r) => !r.isError)).toBe(true);
    expect(maxInFlight).toBe(1);
    expect((await a.snapshot()).windows[0]?.version).toBe(v + 10); // every edit changed the content
  });

  test('list_changed reaches every client; resources/updated only subscribers (P-SESS-4, P-NOTE-2)', async () => {
    await rig.server.probe.doAppAction('demo', 'preferences'); // the user opens Preferences
    await eventually(() => {
      expect(a.recorder.events).toEqual(['resources/updated app://windows', 'tools/list_changed']);
      expect(b.recorder.events).toEqual(['tools/list_changed']);
    });
    expect(other).toEqual([]); // P-NOTE-5: only the two notification kinds
  });

  test('a content-only change: resources/updated, no list_changed; the state is applied first (P-NOTE-1/3)', async () => {
    const seen: string[] = [];
    a.client.setNotificationHandler(ResourceUpdatedNotificationSchema, async () => {
      const snapshot = await a.snapshot();
      seen.push(JSON.stringify(snapshot.windows[0]?.blocks[0]));
    });
    rig.server.probe.app.userEdits('demo-1', 'recipient', 'Carol');
    await eventually(() => expect(seen).toHaveLength(1));
    expect(seen[0]).toContain('Carol');
    await sleep(50);
    expect(b.recorder.events).toEqual([]);
    expect(a.recorder.events).toEqual([]); // the replaced handler got it; no list_changed
  });

  test('unsubscribe stops resources/updated for that connection only', async () => {
    await b.client.subscribeResource({ uri: 'app://windows' });
    await a.client.unsubscribeResource({ uri: 'app://windows' });
    rig.server.probe.app.userEdits('demo-1', 'recipient', 'Dave');
    await eventually(() => expect(b.recorder.events).toEqual(['resources/updated app://windows']));
    await sleep(50);
    expect(a.recorder.events).toEqual([]);
  });
});
