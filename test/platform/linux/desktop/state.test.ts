import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { appArguments } from '../../../../src/platform/linux/desktop/handle.js';
import { desktopProcessEnv } from '../../../../src/platform/linux/desktop/spawn.js';
import {
  claimDesktopDir,
  DESKTOP_MARKER,
  desktopDir,
  desktopTag,
  listDesktopDirs,
  readState,
  writeState,
  type DesktopState,
} from '../../../../src/platform/linux/desktop/state.js';
import { findExecutable, MissingBinaryError, requireExecutable } from '../../../../src/platform/linux/desktop/binaries.js';
import { tearDown } from '../../../../src/platform/linux/desktop/teardown.js';

let root: string;
beforeEach(() => {
  root = mkdtempSync(join(tmpdir(), 'gb-desktops-'));
  process.env.GUI_BRIDGE_DESKTOPS_DIR = root;
});
afterEach(() => {
  delete process.env.GUI_BRIDGE_DESKTOPS_DIR;
  rmSync(root, { recursive: true, force: true });
});

describe('desktop directories and state', () => {
  it("an old desktop's teardown spares the processes of a newer claim of its directory: each claim marks its own", async () => {
    const first = claimDesktopDir(126)!;
    const old: DesktopState = { version: 1, display: 126, dir: first.dir, env: { [DESKTOP_MARKER]: first.tag! }, processes: [], createdAt: 'old' };
    // The old desktop's X server is gone: another run removes the directory and claims it again.
    rmSync(first.dir, { recursive: true, force: true });
    const second = claimDesktopDir(126)!;
    expect(second.dir).toBe(first.dir);
    expect(second.tag).not.toBe(first.tag);
    const newer = spawn('sleep', ['30'], { env: { ...process.env, [DESKTOP_MARKER]: second.tag! }, stdio: 'ignore' });
    try {
      await new Promise((resolve) => newer.once('spawn', resolve));
      await tearDown(old);
      expect(newer.exitCode === null && newer.signalCode === null).toBe(true);
      expect(desktopTag(old)).toBe(first.tag);
    } finally {
      newer.kill('SIGKILL');
    }
  });

  it('tears down only its own directory: another run that claimed the display since keeps its own', async () => {
    const state = (display: number, createdAt: string): DesktopState => ({
      version: 1,
      display,
      dir: desktopDir(display),
      env: {},
      processes: [],
      createdAt,
    });
    const mine = state(125, 'first');
    claimDesktopDir(125);
    writeState(mine);
    // Once this desktop's processes are gone, another run removes the stale directory and claims
    // the display again under the same name.
    rmSync(mine.dir, { recursive: true, force: true });
    claimDesktopDir(125);
    writeState(state(125, 'second'));
    await tearDown(mine);
    expect(readState(desktopDir(125))?.createdAt).toBe('second');
    await tearDown(state(125, 'second'));
    expect(existsSync(desktopDir(125))).toBe(false);
    expect(listDesktopDirs()).toEqual([]);
  });

  it('claims a display directory once: a second claim fails (no two desktops on one display)', () => {
    const paths = claimDesktopDir(123);
    expect(paths?.dir).toBe(desktopDir(123));
    expect(claimDesktopDir(123)).toBeNull();
  });

  it('writes and reads the state file, and lists desktops by display', () => {
    const paths = claimDesktopDir(124)!;
    const state: DesktopState = {
      version: 1,
      display: 124,
      dir: paths.dir,
      env: { DISPLAY: ':124' },
      processes: [{ name: 'xvfb', pid: 42, startTime: 7 }],
      createdAt: 'now',
    };
    writeState(state);
    expect(readState(paths.dir)).toEqual(state);
    claimDesktopDir(99);
    expect(listDesktopDirs().map((d) => [d.display, d.state?.display ?? null])).toEqual([
      [99, null],
      [124, 124],
    ]);
  });

  it('treats a corrupt state file as no state', () => {
    const paths = claimDesktopDir(125)!;
    writeFileSync(paths.state, '{"version":1,"display":"x"}');
    expect(readState(paths.dir)).toBeNull();
  });
});

describe('programs and environment', () => {
  it('names the Debian package of a missing desktop program', () => {
    const error = new MissingBinaryError('Xvfb', 'xvfb');
    expect(error.message).toBe('Xvfb not found: apt-get install xvfb');
    expect(() => requireExecutable('/nonexistent/Xvfb')).toThrow('Xvfb not found: apt-get install xvfb');
    expect(() => requireExecutable('surely-not-a-program-here')).toThrow('surely-not-a-program-here not found: install it or put it on PATH');
  });

  it('finds programs on PATH', () => {
    expect(findExecutable('sh')).toMatch(/\/sh$/);
    expect(findExecutable('sh', '/nonexistent')).toBeNull();
  });

  it('starts gedit standalone (it is single-instance) and leaves other apps alone', () => {
    expect(appArguments('gedit', [])).toEqual(['--standalone']);
    expect(appArguments('/usr/bin/gedit', ['a.txt'])).toEqual(['--standalone', 'a.txt']);
    expect(appArguments('gedit', ['--standalone'])).toEqual(['--standalone']);
    expect(appArguments('zenity', ['--info'])).toEqual(['--info']);
  });

  it('drops inherited variables that would disable accessibility, and adds the desktop ones', () => {
    const env = desktopProcessEnv({ DISPLAY: ':7' }, { PATH: '/bin', NO_AT_BRIDGE: '1', WAYLAND_DISPLAY: 'wayland-0', DISPLAY: ':0' });
    expect(env).toEqual({ PATH: '/bin', DISPLAY: ':7' });
  });
});
