/**
 * Window floods: the demo app stops opening windows at its limit, and the bridge
 * publishes at most maxWindowsPerApp windows per application, with a notice saying so.
 */
import { afterAll, describe, expect, test } from 'vitest';
import { capWindows } from '../../src/bridge/windowCap.js';
import { DemoApp, MAX_DEMO_WINDOWS } from '../../src/platform/demo/model.js';
import { openDemoProbe } from '../../src/platform/demo/probe.js';
import { nativeWindow } from '../helpers/nativeWindow.js';
import { connectMemoryClient, startDemoServer, structured, type DemoServer } from '../helpers/demoServer.js';

const native = nativeWindow;

describe('capWindows', () => {
  test('keeps modal, active, already published, then oldest; one notice per capped app', () => {
    const listing = [native('1'), native('2'), native('3', { active: true }), native('4'), native('5', { modal: true }), native('b1', { appKey: 'b' })];
    const capped = capWindows(listing, 3, (id) => id === '4');
    expect(capped.kept.map((w) => w.nativeId)).toEqual(['3', '4', '5', 'b1']);
    expect(capped.hidden).toBe(2);
    expect([...capped.notices.keys()]).toEqual(['3']);
    expect(capped.notices.get('3')).toMatch(/has 5 windows open; GUI Bridge publishes 3 of them/);
    expect(capWindows(listing, 10, () => false)).toMatchObject({ hidden: 0, notices: new Map() });
  });
});

describe('the demo app window limit', () => {
  test('New Report/New Order turn disabled at the limit and open nothing more', async () => {
    const app = new DemoApp({ orderEditors: 0, reports: MAX_DEMO_WINDOWS, effectDelayMs: 0 });
    const probe = await openDemoProbe(app);
    const actions = (await probe.readTopology()).apps[0]?.actions ?? [];
    expect(actions.filter((a) => a.name.startsWith('new_')).map((a) => a.enabled)).toEqual([false, false]);
    await expect(probe.doAppAction('demo', 'new_report')).rejects.toThrow(/limit/);
    app.newReport();
    await new Promise((r) => setTimeout(r, 5));
    expect(app.windows.size).toBe(MAX_DEMO_WINDOWS);
    await probe.close();
  });
});

describe('the bridge under a window flood', () => {
  let demo: DemoServer;
  afterAll(async () => demo.close());

  test('publishes maxWindowsPerApp windows with a notice; the tools follow; calls still work', async () => {
    demo = await startDemoServer({ orderEditors: 1, reports: 30 }, undefined, { maxWindowsPerApp: 10 });
    const client = await connectMemoryClient(demo.hub);
    const snapshot = await client.snapshot();
    expect(snapshot.windows).toHaveLength(10);
    const notice = snapshot.windows[0]?.blocks.find((b) => b.type === 'notice' && 'id' in b && b.id === 'window-limit');
    expect(notice).toMatchObject({ severity: 'warn', text: expect.stringMatching(/has 31 windows open; GUI Bridge publishes 10/) });
    const tools = await client.toolNames();
    const windowIds = new Set(tools.map((t) => t.split('__')[0]));
    expect(windowIds.size).toBeLessThanOrEqual(11); // 10 windows + the app
    const edit = await client.call('w1__edit_field', { field: 'recipient', value: 'Zoe' });
    expect(edit.isError).toBeFalsy();
    expect(structured(edit)).toMatchObject({ message: expect.any(String) });
    await client.close();
  });
});
