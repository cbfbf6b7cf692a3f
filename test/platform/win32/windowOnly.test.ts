/**
 * Window-only mode on Windows: the UI Automation helper is down, so windows keep title,
 * topology (by heuristic), a screenshot and keyboard actions.
 */
import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import type { Probe } from '../../../src/platform/probe.js';
import { HelperError } from '../../../src/platform/shared-desktop/helperProtocol.js';
import { openWin32Probe } from '../../../src/platform/win32/index.js';
import type { ProtocolWindow } from '../../../src/protocol/schemas.js';
import { structured } from '../../helpers/demoServer.js';
import { fakeNut, type FakeNut } from '../shared-desktop/fakes.js';
import { startDesktopServer, windowTitled, type DesktopServer } from '../shared-desktop/desktopServer.js';
import { FakeUiaHelper, fakeWindowManagerFor, loadUiaFixture } from './fakeUiaHelper.js';

let server: DesktopServer | null = null;
afterEach(async () => {
  await server?.close();
  server = null;
});

const HELPER_DOWN = new HelperError('unavailable', 'the UI Automation helper could not be started (powershell.exe: spawn ENOENT)');

async function serveDown(nut: FakeNut | null = fakeNut()) {
  const fixture = loadUiaFixture('notepad-save-as');
  const helper = new FakeUiaHelper(fixture);
  helper.failure = HELPER_DOWN;
  const windowManager = fakeWindowManagerFor(fixture);
  const probe: Probe = await openWin32Probe({ windowManager, nut, helper, pollMs: 0, contentPollMs: 0 });
  server = await startDesktopServer(probe);
  return { helper, windowManager, probe, client: server.client, bridge: server.bridge };
}

function mediaOf(window: ProtocolWindow) {
  const media = window.blocks.find((b) => b.type === 'media');
  if (media?.type !== 'media') throw new Error(`no media block in ${JSON.stringify(window.blocks)}`);
  return media;
}

describe('win32 window-only mode', () => {
  it('keeps windows, owner/modal by heuristic, a reason notice and a PNG screenshot', async () => {
    const { client } = await serveDown();
    const snapshot = await client.snapshot();
    const notepad = windowTitled(snapshot.windows, 'Untitled - Notepad');
    const saveAs = windowTitled(snapshot.windows, 'Save As');
    expect(saveAs).toMatchObject({ modal: true, ownerId: notepad.id });
    const notice = saveAs.blocks.find((b) => b.type === 'notice');
    expect(notice).toMatchObject({ severity: 'warn' });
    expect(JSON.stringify(notice)).toContain('spawn ENOENT');
    const media = mediaOf(saveAs);
    expect(media).toMatchObject({ mimeType: 'image/png', alt: expect.stringContaining('Save As') });
    const path = fileURLToPath(media.url);
    expect(readFileSync(path).subarray(0, 8).toString('hex')).toBe('89504e470d0a1a0a');
    const tools = (await client.toolNames()).filter((t) => t.startsWith(`${saveAs.id}__`));
    expect(tools.map((t) => t.slice(saveAs.id.length + 2)).sort()).toEqual(['capture', 'close', 'focus', 'press_keys', 'type_text']);
  });

  it('type_text and press_keys activate the window, then type through nut-js', async () => {
    const nut = fakeNut();
    const { client, windowManager } = await serveDown(nut);
    const saveAs = windowTitled((await client.snapshot()).windows, 'Save As');
    expect((await client.call(`${saveAs.id}__type_text`, { text: 'report.txt' })).isError).toBeFalsy();
    expect((await client.call(`${saveAs.id}__press_keys`, { keys: ['ctrl+s', 'Return'] })).isError).toBeFalsy();
    expect(windowManager.calls).toContain('bringToTop 200');
    expect(nut.log.filter((l) => !l.startsWith('capture'))).toEqual([
      'type report.txt',
      'press LeftControl+S',
      'release S+LeftControl',
      'press Return',
      'release Return',
    ]);
  });

  it('an unknown key name is refused before anything is pressed or focused', async () => {
    const nut = fakeNut();
    const { client, windowManager } = await serveDown(nut);
    const saveAs = windowTitled((await client.snapshot()).windows, 'Save As');
    const result = await client.call(`${saveAs.id}__press_keys`, { keys: ['ctrl+nosuchkey'] });
    expect(result.isError).toBe(true);
    expect(structured(result)).toMatchObject({ code: 'action_not_available', message: expect.stringContaining('nosuchkey') });
    expect(nut.log.filter((l) => !l.startsWith('capture'))).toEqual([]);
    expect(windowManager.calls).toEqual([]);
  });

  it('an unchanged screenshot keeps the version; a changed one bumps it (P-CONC-1)', async () => {
    const nut = fakeNut();
    const { client, bridge } = await serveDown(nut);
    const before = windowTitled((await client.snapshot()).windows, 'Save As');
    bridge.sync.markAll();
    await bridge.flush();
    const same = windowTitled((await client.snapshot()).windows, 'Save As');
    expect(same.version).toBe(before.version);
    expect(mediaOf(same).url).toBe(mediaOf(before).url);
    nut.pixel = 7;
    bridge.sync.markAll();
    await bridge.flush();
    const changed = windowTitled((await client.snapshot()).windows, 'Save As');
    expect(changed.version).toBe(before.version + 1);
    expect(mediaOf(changed).url).not.toBe(mediaOf(before).url);
    expect(existsSync(fileURLToPath(mediaOf(before).url))).toBe(false);
  });

  it('returns to full content when the helper comes back', async () => {
    const { client, helper, probe, bridge } = await serveDown();
    helper.failure = null;
    (probe as unknown as { helperHealthChanged(): void }).helperHealthChanged();
    await bridge.flush();
    const saveAs = windowTitled((await client.snapshot()).windows, 'Save As');
    expect(saveAs.blocks.some((b) => b.type === 'media')).toBe(false);
    expect(JSON.stringify(saveAs.blocks)).toContain('*.txt');
  });

  it('without nut-js: no screenshot, and the notice says why', async () => {
    const { client } = await serveDown(null);
    const saveAs = windowTitled((await client.snapshot()).windows, 'Save As');
    expect(saveAs.blocks.some((b) => b.type === 'media')).toBe(false);
    expect(JSON.stringify(saveAs.blocks)).toContain('nut-js is missing');
    const typed = await client.call(`${saveAs.id}__type_text`, { text: 'x' });
    expect(structured(typed)).toMatchObject({ code: 'action_not_available' });
  });
});
