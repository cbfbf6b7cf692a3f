/**
 * At the bridge level: real gnome-calculator (GTK4), gedit (GTK3) and zenity
 * on a private headless desktop, served through the Linux probe, seen by a real MCP client.
 */
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { describe, expect, test } from 'vitest';
import { desktopProcessEnv } from '../../src/platform/linux/desktop/index.js';
import type { ProtocolWindow } from '../../src/protocol/schemas.js';
import { structured } from '../helpers/demoServer.js';
import { displayStack, waitFor } from './helpers/desktop.js';
import { useLiveBridge } from './helpers/liveBridge.js';

const run = promisify(execFile);
const stack = displayStack(['gedit', 'gnome-calculator', 'zenity', 'xdotool']);
const text = (w: ProtocolWindow | undefined) => JSON.stringify(w?.blocks ?? []);

describe.skipIf(stack.skip)('the bridge on a live desktop', () => {
  const live = useLiveBridge({ desktop: { apps: ['gnome-calculator', 'gedit'] } });
  const ids = { calc: '', gedit: '' };

  test('both apps are served, operable, with tools', async () => {
    ids.calc = (await live.windowTitled(/^Calculator$/)).id;
    ids.gedit = (await live.windowTitled(/gedit$/)).id;
    const snapshot = await live.client.snapshot();
    expect(snapshot.operableWindowIds).toEqual(expect.arrayContaining([ids.calc, ids.gedit]));
    const names = await live.client.toolNames();
    expect(names).toContain(`${ids.calc}__press`);
    expect(names.some((n) => n.startsWith(`${ids.gedit}__`))).toBe(true);
  });

  test('calculator buttons pressed through the bridge produce the right display', async () => {
    for (const button of ['2', '+', '3', '=']) {
      const result = await live.client.call(`${ids.calc}__press`, { button });
      expect(result.isError, JSON.stringify(result.structuredContent)).toBeFalsy();
    }
    await waitFor(async () => /\b5\b/.test(text((await live.client.snapshot()).windows.find((w) => w.id === ids.calc))), 10_000);
  });

  test('gedit text set through the bridge reads back; typed shifted punctuation arrives exactly', async () => {
    const typed = 'Hi, "World"! (#1) ~^&*_+{}|:<>? 100%';
    const result = await live.client.call(`${ids.gedit}__type_text`, { text: typed });
    expect(result.isError, JSON.stringify(result.structuredContent)).toBeFalsy();
    await waitFor(
      async () => text((await live.client.snapshot()).windows.find((w) => w.id === ids.gedit)).includes(JSON.stringify(typed).slice(1, -1)),
      10_000,
    );
  });

  test('a human typing (XTEST, outside the bridge) bumps the version and notifies subscribers', async () => {
    const before = (await live.client.snapshot()).windows.find((w) => w.id === ids.gedit)?.version as number;
    live.client.recorder.events.length = 0;
    await structured(await live.client.call(`${ids.gedit}__focus`));
    await run('xdotool', ['type', '--delay', '5', ' typed by the user'], { env: desktopProcessEnv(live.desktop.env) });
    await waitFor(() => live.client.recorder.events.includes('resources/updated app://windows'), 10_000);
    const after = await waitFor(async () => {
      const w = (await live.client.snapshot()).windows.find((x) => x.id === ids.gedit);
      return text(w).includes('typed by the user') ? w : undefined;
    }, 10_000);
    expect(after.version).toBeGreaterThan(before);
  });

  test("gedit's Save As is a modal of its window: the window and its tools are blocked until it closes", async () => {
    live.client.recorder.events.length = 0;
    const opened = await live.client.call(`${ids.gedit}__press_keys`, { keys: ['ctrl+shift+s'] });
    expect(opened.isError, JSON.stringify(opened.structuredContent)).toBeFalsy();
    const dialog = await live.windowTitled(/^Save As/);
    expect(dialog).toMatchObject({ modal: true, ownerId: ids.gedit });
    const snapshot = await live.client.snapshot();
    expect(snapshot.operableWindowIds).not.toContain(ids.gedit);
    expect(snapshot.operableWindowIds).toContain(dialog.id);
    await waitFor(() => live.client.recorder.events.includes('tools/list_changed'), 5000);
    expect((await live.client.toolNames()).some((n) => n.startsWith(`${ids.gedit}__`))).toBe(false);
    const blocked = structured(await live.client.call(`${ids.gedit}__type_text`, { text: 'x' }));
    expect(blocked.code).toBe('blocked_by_modal');

    live.client.recorder.events.length = 0;
    await live.client.call(`${dialog.id}__press_keys`, { keys: ['Escape'] });
    await waitFor(async () => (await live.client.snapshot()).operableWindowIds.includes(ids.gedit), 10_000);
    await waitFor(() => live.client.recorder.events.includes('tools/list_changed'), 5000);
    expect((await live.client.toolNames()).some((n) => n.startsWith(`${ids.gedit}__`))).toBe(true);
    expect(structured(await live.client.call(`${dialog.id}__focus`)).code).toBe('window_not_found');
  });

  test('a zenity modal attached to the calculator blocks it, though it belongs to another process', async () => {
    const calcXid = live.bridge.windows().find((w) => w.winId === ids.calc)?.facts.nativeId as string;
    live.client.recorder.events.length = 0;
    const zenity = await live.desktop.launch('zenity', ['--question', '--modal', `--attach=${calcXid}`, '--text=Really?']);
    const question = await live.windowTitled(/Question/);
    expect(question).toMatchObject({ modal: true, ownerId: ids.calc });
    const snapshot = await live.client.snapshot();
    expect(snapshot.operableWindowIds).not.toContain(ids.calc);
    expect(snapshot.operableWindowIds).toContain(ids.gedit);
    await waitFor(() => live.client.recorder.events.includes('tools/list_changed'), 5000);
    expect(structured(await live.client.call(`${ids.calc}__press`, { button: '7' })).code).toBe('blocked_by_modal');

    await live.client.call(`${question.id}__press`, { button: 'Yes' });
    await waitFor(async () => (await live.client.snapshot()).operableWindowIds.includes(ids.calc), 10_000);
    await zenity.kill();
  });

  test('an app killed mid-session: its windows go, its tools answer window_not_found, the rest keeps serving', async () => {
    const calculator = live.desktop.state.processes.find((p) => p.name.endsWith('gnome-calculator'));
    expect(calculator).toBeDefined();
    process.kill(calculator!.pid, 'SIGKILL');
    await waitFor(async () => !(await live.client.snapshot()).windows.some((w) => w.id === ids.calc), 15_000);
    expect(structured(await live.client.call(`${ids.calc}__press`, { button: '1' })).code).toBe('window_not_found');
    const gedit = await live.client.call(`${ids.gedit}__focus`);
    expect(gedit.isError).toBeFalsy();
  });
});
