import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { desktopCommand } from '../../src/cli/desktop.js';
import { UsageError } from '../../src/cli/usage.js';

let root: string;
let stderr: string[];
let stdout: string[];
beforeEach(() => {
  root = mkdtempSync(join(tmpdir(), 'gb-cli-desktops-'));
  process.env.GUI_BRIDGE_DESKTOPS_DIR = root;
  stderr = [];
  stdout = [];
  vi.spyOn(process.stderr, 'write').mockImplementation((chunk) => (stderr.push(String(chunk)), true));
  vi.spyOn(process.stdout, 'write').mockImplementation((chunk) => (stdout.push(String(chunk)), true));
});
afterEach(() => {
  vi.restoreAllMocks();
  delete process.env.GUI_BRIDGE_DESKTOPS_DIR;
  rmSync(root, { recursive: true, force: true });
});

describe.skipIf(process.platform !== 'linux')('gui-bridge desktop (argument handling)', () => {
  it('prints help, and exits 2 without a subcommand', async () => {
    expect(await desktopCommand(['--help'])).toBe(0);
    expect(stdout.join('')).toContain('Usage: gui-bridge desktop <up|down|status|env>');
    expect(await desktopCommand([])).toBe(2);
  });

  it('rejects unknown subcommands, unknown flags, bad displays and misplaced --apps', async () => {
    await expect(desktopCommand(['sideways'])).rejects.toThrow(UsageError);
    await expect(desktopCommand(['up', '--bogus'])).rejects.toThrow(UsageError);
    await expect(desktopCommand(['down', '--display', 'nine'])).rejects.toThrow(/--display must look like ":N"/);
    await expect(desktopCommand(['status', '--apps', 'gedit'])).rejects.toThrow(/--apps goes with "up" only/);
    await expect(desktopCommand(['up', '--apps', 'gedit;rm'])).rejects.toThrow(/comma-separated list/);
  });

  it('names the Debian package and exits 2 when a desktop program is missing', async () => {
    const path = process.env.PATH;
    process.env.PATH = root; // nothing on PATH: Xvfb is the first program checked
    try {
      expect(await desktopCommand(['up'])).toBe(2);
    } finally {
      process.env.PATH = path;
    }
    expect(stderr.join('')).toBe('gui-bridge desktop: Xvfb not found: apt-get install xvfb\n');
  });

  it('reports when there is no desktop', async () => {
    expect(await desktopCommand(['status'])).toBe(0);
    expect(stdout.join('')).toBe('no desktops\n');
    expect(await desktopCommand(['status', '--display', ':321'])).toBe(1);
    expect(await desktopCommand(['env'])).toBe(1);
    expect(stderr.join('')).toContain('no desktop is running');
    expect(await desktopCommand(['down'])).toBe(0);
  });
});
