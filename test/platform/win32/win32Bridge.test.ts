/**
 * The Windows probe with faked node-window-manager / nut-js and a helper answering from
 * hand-written UIA fixtures, behind the real bridge, the real translators and a real MCP client.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { openWin32Probe } from '../../../src/platform/win32/index.js';
import { SENSITIVE_MASK } from '../../../src/platform/probe.js';
import { fakeNut } from '../shared-desktop/fakes.js';
import { blockText, startDesktopServer, windowTitled, type DesktopServer } from '../shared-desktop/desktopServer.js';
import { FakeUiaHelper, fakeWindowManagerFor, loadUiaFixture } from './fakeUiaHelper.js';

let server: DesktopServer | null = null;
afterEach(async () => {
  await server?.close();
  server = null;
});

async function serve(name: string) {
  const fixture = loadUiaFixture(name);
  const helper = new FakeUiaHelper(fixture);
  const windowManager = fakeWindowManagerFor(fixture);
  const nut = fakeNut();
  const probe = await openWin32Probe({ windowManager, nut, helper, pollMs: 0, contentPollMs: 0 });
  server = await startDesktopServer(probe);
  return { fixture, helper, windowManager, nut, client: server.client };
}

describe('win32 probe: topology from node-window-manager + UIA', () => {
  it('shows the Save As dialog as a window-level modal owned by Notepad (P-WIN-2, P-OPER-1)', async () => {
    const { client } = await serve('notepad-save-as');
    const snapshot = await client.snapshot();
    const notepad = windowTitled(snapshot.windows, 'Untitled - Notepad');
    const saveAs = windowTitled(snapshot.windows, 'Save As');
    expect(notepad).toMatchObject({ modal: false, ownerId: null });
    expect(saveAs).toMatchObject({ modal: true, ownerId: notepad.id });
    expect(snapshot.operableWindowIds).toEqual([saveAs.id]);
    const tools = await client.toolNames();
    expect(tools.some((t) => t.startsWith(`${notepad.id}__`))).toBe(false);
    expect(tools).toContain(`${saveAs.id}__press`);
  });

  it('maps UIA controls to neutral roles the generic translator reads (fields, text, no title bar)', async () => {
    const { client } = await serve('notepad-save-as');
    const snapshot = await client.snapshot();
    const saveAs = windowTitled(snapshot.windows, 'Save As');
    const fields = saveAs.blocks.filter((b) => b.type === 'fields').flatMap((b) => (b.type === 'fields' ? b.items : []));
    expect(fields).toContainEqual(expect.objectContaining({ label: 'File name', value: '*.txt' }));
    expect(blockText(windowTitled(snapshot.windows, 'Untitled - Notepad'))).toContain('the invoice is attached');
    const press = (await client.client.listTools()).tools.find((t) => t.name === `${saveAs.id}__press`);
    const buttonEnum = JSON.stringify(press?.inputSchema);
    expect(buttonEnum).toContain('"Save"');
    expect(buttonEnum).toContain('"Cancel"');
    // The title bar's Close / Minimize buttons are window chrome, dropped like on Linux.
    expect(buttonEnum).not.toContain('Minimize');
  });
});

describe('win32 probe: actions map to UIA patterns', () => {
  it('press → InvokePattern on the button; the dialog closing unblocks Notepad', async () => {
    const { client, helper, windowManager } = await serve('notepad-save-as');
    const saveRef = helper.refOf('Button', 'Save');
    helper.onCall = (call) => {
      if (call.method !== 'act' || call.params.ref !== saveRef) return;
      helper.fixture.windows = helper.fixture.windows.filter((w) => w.hwnd !== 200);
      windowManager.specs.delete(200);
      windowManager.activeId = 100;
    };
    const saveAs = windowTitled((await client.snapshot()).windows, 'Save As');
    const result = await client.call(`${saveAs.id}__press`, { button: 'Save' });
    expect(result.isError).toBeFalsy();
    expect(helper.calls).toContainEqual({ method: 'act', params: { ref: saveRef, action: 'invoke' } });
    const after = await client.snapshot();
    expect(after.windows.map((w) => w.title)).toEqual(['Untitled - Notepad']);
    expect(after.operableWindowIds).toEqual([after.windows[0]?.id]);
  });

  it('set_field → ValuePattern.SetValue on the labelled edit', async () => {
    const { client, helper } = await serve('notepad-save-as');
    const saveAs = windowTitled((await client.snapshot()).windows, 'Save As');
    const result = await client.call(`${saveAs.id}__set_field`, { field: 'File name', value: 'report.txt' });
    expect(result.structuredContent).not.toHaveProperty('code');
    expect(helper.calls).toContainEqual({ method: 'setValue', params: { ref: helper.refOf('Edit', 'File name:'), value: 'report.txt' } });
  });

  it('toggle → TogglePattern on a check box; close → WindowPattern.Close', async () => {
    const { client, helper, windowManager } = await serve('wpf-sign-in');
    const signIn = windowTitled((await client.snapshot()).windows, 'Ledger - Sign in');
    const rememberRef = helper.refOf('CheckBox', 'Remember me');
    const toggled = await client.call(`${signIn.id}__toggle`, { field: 'Remember me', on: true });
    expect(toggled.isError).toBeFalsy();
    expect(helper.calls).toContainEqual({ method: 'act', params: { ref: rememberRef, action: 'toggle' } });
    helper.onCall = (call) => {
      if (call.method === 'close') windowManager.specs.delete(300);
    };
    const closed = await client.call(`${signIn.id}__close`, {});
    expect(closed.isError).toBeFalsy();
    expect(helper.calls.some((c) => c.method === 'close' && c.params.hwnd === 300)).toBe(true);
    expect((await client.snapshot()).windows).toEqual([]);
  });
});

describe('win32 probe: sensitive values (P-SENS-1)', () => {
  it('masks the PasswordBox and never asks the helper for its text', async () => {
    const { client, helper } = await serve('wpf-sign-in');
    const signIn = windowTitled((await client.snapshot()).windows, 'Ledger - Sign in');
    const items = signIn.blocks.flatMap((b) => (b.type === 'fields' ? b.items : []));
    expect(items).toContainEqual(expect.objectContaining({ label: 'User name', value: 'maria' }));
    expect(items).toContainEqual(expect.objectContaining({ label: 'Password', value: SENSITIVE_MASK, sensitive: true }));
    expect(helper.calls.filter((c) => c.method === 'readText')).toEqual([]);
    expect(blockText(signIn)).toContain('Office'); // the data grid's cells reach the translator
  });
});
