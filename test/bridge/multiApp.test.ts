/** D-4: one server serving several applications; P-OPER-2 collapse stays inside its own app. */
import { afterEach, beforeEach, describe, expect, test } from 'vitest';
import { Bridge } from '../../src/bridge/bridge.js';
import { openDemoProbe } from '../../src/platform/demo/probe.js';
import { SessionHub } from '../../src/server/hub.js';
import { silentLogger } from '../../src/util/logger.js';
import { registry } from '../../translators/index.js';
import { connectMemoryClient, structured, type TestClient } from '../helpers/demoServer.js';
import { MergedProbe } from '../helpers/mergedProbe.js';

describe('several applications in one server', () => {
  let bridge: Bridge;
  let hub: SessionHub;
  let client: TestClient;
  beforeEach(async () => {
    const probe = new MergedProbe({ one: await openDemoProbe({ effectDelayMs: 0 }), two: await openDemoProbe({ effectDelayMs: 0 }) });
    // The demo translator matches by app id; the merged ids differ, so both apps use generic rules
    // plus their generic app-level commands: enough to see naming and operability.
    bridge = await Bridge.start({ probe, registry, log: silentLogger, appToolNaming: 'per-app' });
    hub = new SessionHub(bridge, silentLogger);
    client = await connectMemoryClient(hub);
  });
  afterEach(async () => {
    await client.close();
    hub.close();
    await bridge.close();
  });

  test('app tools are named per application, window ids are unique across apps', async () => {
    const snapshot = await client.snapshot();
    expect(snapshot.windows.map((w) => w.id)).toEqual(['w1', 'w2', 'w3', 'w4']);
    const appTools = (await client.toolNames()).filter((n) => n.startsWith('app__'));
    expect(appTools).toEqual(
      expect.arrayContaining(['app__orders_demo_one_preferences', 'app__orders_demo_two_preferences', 'app__orders_demo_one_new_report']),
    );
    // Several apps: a command's title names its app, or two "Preferences" would read alike.
    const titles = (await client.client.listTools()).tools.filter((t) => t.name.endsWith('_preferences')).map((t) => t.title);
    expect(new Set(titles).size).toBe(2);
  });

  test('an application-level modal collapses only its own application (D-4)', async () => {
    const opened = structured(await client.call('app__orders_demo_one_preferences'));
    const [prefs] = opened.openedWindowIds as [string];
    const snapshot = await client.snapshot();
    const appTwo = snapshot.windows.filter((w) => !w.id.match(/^w[12]$/) && w.id !== prefs).map((w) => w.id);
    const byNumber = (a: string, b: string) => Number(a.slice(1)) - Number(b.slice(1));
    expect(snapshot.operableWindowIds).toEqual([...appTwo, prefs].sort(byNumber));
    const names = await client.toolNames();
    expect(names.some((n) => n.startsWith('app__orders_demo_one_'))).toBe(false);
    expect(names).toContain('app__orders_demo_two_new_report');
    expect(structured(await client.call('app__orders_demo_one_new_report')).code).toBe('blocked_by_modal');
    expect(structured(await client.call('w1__focus')).code).toBe('blocked_by_modal');
  });
});
