/**
 * The real nut-js (an optional dependency that does install on Linux) grabbing a screen region on
 * a real headless X server: the same calls the Windows and macOS probes make for window-only
 * screenshots. Skipped only where Xvfb is not installed (CI installs it for the live tests).
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DesktopInput } from '../../../src/platform/shared-desktop/input.js';
import { loadNut, type NutApi } from '../../../src/platform/shared-desktop/nativeModules.js';
import { RegionGrabber } from '../../../src/platform/shared-desktop/screenshots.js';

const hasXvfb = spawnSync('sh', ['-c', 'command -v Xvfb'], { encoding: 'utf8' }).stdout.trim() !== '';

let xvfb: ChildProcess | null = null;
let runtimeDir = '';
let nut: NutApi;

/** Starts Xvfb on a display number it picks itself (-displayfd), so parallel desktops never clash. */
function startXvfb(): Promise<string> {
  runtimeDir = mkdtempSync(join(tmpdir(), 'gui-bridge-xdg-'));
  const server = spawn('Xvfb', ['-displayfd', '3', '-screen', '0', '320x240x24', '-nolisten', 'tcp'], {
    stdio: ['ignore', 'ignore', 'ignore', 'pipe'],
    env: { ...process.env, XDG_RUNTIME_DIR: runtimeDir },
  });
  xvfb = server;
  return new Promise((resolve, reject) => {
    let text = '';
    server.stdio[3]?.on('data', (chunk: Buffer) => {
      text += chunk.toString();
      if (text.includes('\n')) resolve(`:${text.trim()}`);
    });
    server.once('exit', (code) => reject(new Error(`Xvfb exited (${code})`)));
  });
}

describe.skipIf(!hasXvfb)('nut-js screen grab on a real X server', () => {
  beforeAll(async () => {
    process.env.DISPLAY = await startXvfb();
    const loaded = await loadNut();
    if (!loaded.ok) throw new Error(loaded.reason);
    nut = loaded.api;
  });

  afterAll(() => {
    if (xvfb?.pid) process.kill(xvfb.pid);
    if (runtimeDir) rmSync(runtimeDir, { recursive: true, force: true });
  });

  it('loads the real nut-js through the lazy loader, with the Key names the chord parser uses', () => {
    const input = new DesktopInput(nut);
    expect(() => input.validate({ keys: ['ctrl+shift+s', 'alt+F4', 'cmd+w', 'Return', 'Escape', 'Page_Up'] })).not.toThrow();
  });

  it('grabs a window region as PNG bytes and leaves no file behind', async () => {
    const grabber = new RegionGrabber(nut);
    try {
      const png = await grabber.grab({ x: 10, y: 20, width: 64, height: 48 });
      expect(png.subarray(0, 8).toString('hex')).toBe('89504e470d0a1a0a');
      expect(png.readUInt32BE(16)).toBe(64); // IHDR width
      expect(png.readUInt32BE(20)).toBe(48); // IHDR height
      const dir = (grabber as unknown as { dir: string }).dir;
      expect(readdirSync(dir)).toEqual([]);
      expect((await grabber.grab({ x: 10, y: 20, width: 64, height: 48 })).equals(png)).toBe(true);
    } finally {
      grabber.close();
    }
  });
});
