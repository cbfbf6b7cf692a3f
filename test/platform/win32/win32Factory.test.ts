/**
 * openWin32Probe end to end through a real helper process (a Node stand-in for PowerShell that
 * answers from a UIA fixture over stdio), and its behaviour on the wrong OS.
 */
import { fileURLToPath } from 'node:url';
import { resolve } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { loadWindowManager } from '../../../src/platform/shared-desktop/nativeModules.js';
import { openWin32Probe, powershellSpawn } from '../../../src/platform/win32/index.js';
import { fakeNut } from '../shared-desktop/fakes.js';
import { startDesktopServer, windowTitled, type DesktopServer } from '../shared-desktop/desktopServer.js';
import { fakeWindowManagerFor, loadUiaFixture } from './fakeUiaHelper.js';

const HELPER = fileURLToPath(new URL('../shared-desktop/scriptedHelper.mjs', import.meta.url));

let server: DesktopServer | null = null;
afterEach(async () => {
  await server?.close();
  server = null;
});

describe('openWin32Probe', () => {
  it('reads trees from a helper process over JSON lines and serves them through the bridge', async () => {
    const fixture = loadUiaFixture('notepad-save-as');
    const probe = await openWin32Probe({
      windowManager: fakeWindowManagerFor(fixture),
      nut: fakeNut(),
      helperSpawn: { command: process.execPath, args: [HELPER], env: { ...process.env, UIA_FIXTURE: resolve('fixtures/uia/notepad-save-as.json') } },
      pollMs: 0,
      contentPollMs: 0,
    });
    server = await startDesktopServer(probe);
    const snapshot = await server.client.snapshot();
    const notepad = windowTitled(snapshot.windows, 'Untitled - Notepad');
    const saveAs = windowTitled(snapshot.windows, 'Save As');
    expect(saveAs).toMatchObject({ modal: true, ownerId: notepad.id });
    expect(JSON.stringify(saveAs.blocks)).toContain('*.txt');
    expect(snapshot.operableWindowIds).toEqual([saveAs.id]);
  });

  it('refuses to start on another OS unless the native packages are injected', async () => {
    expect(process.platform).not.toBe('win32');
    await expect(openWin32Probe()).rejects.toThrow(/runs on win32 only/);
  });

  it('runs the shipped script with PowerShell, located inside the package', () => {
    const spawnSpec = powershellSpawn('powershell.exe');
    expect(spawnSpec.command).toBe('powershell.exe');
    expect(spawnSpec.args.slice(0, 6)).toEqual(['-NoLogo', '-NoProfile', '-NonInteractive', '-ExecutionPolicy', 'Bypass', '-File']);
    expect(spawnSpec.args[6]).toBe(resolve('src/platform/win32/uia-helper.ps1'));
  });

  it('node-window-manager is an optional dependency that is not installed on Linux (it cannot build here)', async () => {
    const loaded = await loadWindowManager();
    expect(loaded).toMatchObject({ ok: false, reason: expect.stringContaining('node-window-manager could not be loaded') });
    // The message tells a Windows/macOS user how to add the optional peer packages.
    expect(loaded).toMatchObject({ reason: expect.stringContaining('npm install -g gui-bridge @nut-tree-fork/nut-js node-window-manager') });
  });
});
