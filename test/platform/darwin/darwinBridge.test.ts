/**
 * The macOS probe with faked node-window-manager / nut-js and the real ax-helper.js running over
 * hand-written AX fixtures (fake JXA bridge), behind the real bridge, translators and MCP client.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { openDarwinProbe } from '../../../src/platform/darwin/index.js';
import { SENSITIVE_MASK } from '../../../src/platform/probe.js';
import { FakeWindowManager, fakeNut } from '../shared-desktop/fakes.js';
import { blockText, startDesktopServer, windowTitled, type DesktopServer } from '../shared-desktop/desktopServer.js';
import { FakeAx, JxaHelper, loadAxFixture, type AxFixture } from './fakeJxa.js';

let server: DesktopServer | null = null;
afterEach(async () => {
  await server?.close();
  server = null;
});

function windowManagerFor(fixture: AxFixture): FakeWindowManager {
  const specs = fixture.nwm.map((w) => ({ ...w, noOwnerApi: true }));
  return new FakeWindowManager(specs, fixture.activeId);
}

async function serve(name: string, adjust: (fixture: AxFixture) => void = () => undefined) {
  const fixture = loadAxFixture(name);
  adjust(fixture);
  const ax = new FakeAx(fixture);
  const windowManager = windowManagerFor(fixture);
  const nut = fakeNut();
  const probe = await openDarwinProbe({ windowManager, nut, helper: new JxaHelper(ax), pollMs: 0, contentPollMs: 0 });
  server = await startDesktopServer(probe);
  return { ax, fixture, windowManager, nut, client: server.client };
}

describe('darwin probe: topology from node-window-manager + AX', () => {
  it('shows a sheet as a window-level modal of its document window; AX titles replace app names', async () => {
    const { client } = await serve('textedit-save-sheet');
    const snapshot = await client.snapshot();
    expect(snapshot.windows.map((w) => w.title).sort()).toEqual(['TextEdit', 'Untitled']); // the Dock is not a window
    const doc = windowTitled(snapshot.windows, 'Untitled');
    const sheet = windowTitled(snapshot.windows, 'TextEdit');
    expect(doc).toMatchObject({ modal: false, ownerId: null });
    expect(sheet).toMatchObject({ modal: true, ownerId: doc.id });
    expect(snapshot.operableWindowIds).toEqual([sheet.id]);
  });

  it('shows an AXModal alert as an application-level modal that blocks every other window (P-OPER-2)', async () => {
    const { client } = await serve('acme-vpn-alert');
    const snapshot = await client.snapshot();
    const alert = snapshot.windows.find((w) => w.modal);
    expect(alert).toMatchObject({ ownerId: null, title: 'Acme VPN' });
    expect(snapshot.operableWindowIds).toEqual([alert?.id]);
    expect(blockText(alert as (typeof snapshot.windows)[number])).toContain('Connection failed');
  });
});

describe('darwin probe: roles and actions through the generic translator', () => {
  it('reads the sheet: labelled text field, buttons; press → AXPress', async () => {
    const { client, ax } = await serve('textedit-save-sheet');
    const sheet = windowTitled((await client.snapshot()).windows, 'TextEdit');
    const items = sheet.blocks.flatMap((b) => (b.type === 'fields' ? b.items : []));
    expect(items).toContainEqual(expect.objectContaining({ label: 'Save As', value: 'Untitled.rtf' }));
    const result = await client.call(`${sheet.id}__press`, { button: 'Save' });
    expect(result.isError).toBeFalsy();
    expect(ax.performed).toContainEqual({ action: 'AXPress', title: 'Save', role: 'AXButton' });
  });

  it('dismissing the alert unblocks the form: set_field → AXValue, toggle → AXPress, close → AXCloseButton', async () => {
    const { client, ax, fixture, windowManager } = await serve('acme-vpn-alert');
    ax.onPerform = (element) => {
      if (element.attributes.AXTitle !== 'Try Again') return;
      const app = fixture.apps[0];
      if (app) app.windows = app.windows.filter((w) => w.windowId !== 402);
      windowManager.specs.delete(402);
      windowManager.activeId = 401;
    };
    const alert = (await client.snapshot()).windows.find((w) => w.modal);
    expect((await client.call(`${alert?.id}__press`, { button: 'Try Again' })).isError).toBeFalsy();
    const after = await client.snapshot();
    const main = windowTitled(after.windows, 'Acme VPN');
    expect(after.operableWindowIds).toEqual([main.id]);
    expect((await client.call(`${main.id}__set_field`, { field: 'Account', value: 'ops' })).isError).toBeFalsy();
    expect(ax.writes).toContainEqual({ attribute: 'AXValue', value: 'ops', role: 'AXTextField' });
    expect((await client.call(`${main.id}__toggle`, { field: 'Remember me', on: false })).structuredContent).not.toHaveProperty('code');
    expect(ax.performed).toContainEqual({ action: 'AXPress', title: 'Remember me', role: 'AXCheckBox' });
    await client.call(`${main.id}__close`, {});
    expect(ax.performed.some((p) => p.action === 'AXPress' && p.role === 'AXButton' && p.title === undefined)).toBe(true);
  });
});

describe('darwin probe: secure text fields (P-SENS-1)', () => {
  it('masks AXSecureTextField from its character count and never reads its value', async () => {
    const { client, ax } = await serve('acme-vpn-alert');
    const snapshot = await client.snapshot();
    const main = windowTitled(
      snapshot.windows.filter((w) => !w.modal),
      'Acme VPN',
    );
    const items = main.blocks.flatMap((b) => (b.type === 'fields' ? b.items : []));
    expect(items).toContainEqual(expect.objectContaining({ label: 'Password', value: SENSITIVE_MASK, sensitive: true }));
    expect(ax.reads.filter((r) => r.subrole === 'AXSecureTextField' && r.attribute === 'AXValue')).toEqual([]);
    expect(ax.reads).toContainEqual({ role: 'AXTextField', subrole: 'AXSecureTextField', attribute: 'AXNumberOfCharacters' });
    expect(JSON.stringify(snapshot)).not.toContain('CANARY');
  });
});

describe('darwin probe without the accessibility permission', () => {
  it('lists every window in window-only mode with a notice on how to grant the permission', async () => {
    const { client, nut } = await serve('textedit-save-sheet', (fixture) => {
      fixture.trusted = false;
    });
    const snapshot = await client.snapshot();
    expect(snapshot.windows).toHaveLength(3); // without AX, node-window-manager's list is all there is
    for (const window of snapshot.windows) {
      const notice = window.blocks.find((b) => b.type === 'notice');
      expect(notice).toMatchObject({ severity: 'warn', text: expect.stringContaining('System Settings › Privacy & Security › Accessibility') });
      expect(window.blocks.some((b) => b.type === 'media')).toBe(true);
    }
    const textEdit = snapshot.windows.find((w) => w.title === 'TextEdit');
    const tools = (await client.toolNames()).filter((t) => t.startsWith(`${textEdit?.id}__`));
    expect(tools.map((t) => t.split('__')[1]).sort()).toEqual(['capture', 'close', 'focus', 'press_keys', 'type_text']);
    expect((await client.call(`${textEdit?.id}__press_keys`, { keys: ['cmd+s'] })).isError).toBeFalsy();
    expect(nut.log.filter((l) => l.startsWith('press'))).toEqual(['press LeftCmd+S']);
  });
});
