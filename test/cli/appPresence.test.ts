/** --app that matches nothing names what runs; --wait-for-app waits for a window of the named app. */
import { readFileSync } from 'node:fs';
import { basename } from 'node:path';
import { describe, expect, it } from 'vitest';
import { checkAppsRun, describeApps, waitForApps } from '../../src/cli/appPresence.js';
import { appMatcher } from '../../src/cli/liveSource.js';
import type { AppInfo, DesktopTopology, Probe, ProbeChange } from '../../src/platform/probe.js';
import { nativeWindow } from '../helpers/nativeWindow.js';

const app = (key: string, name: string, id: string, pid: number | null): AppInfo => ({ key, name, id, pid, actions: [] });
const win = (appKey: string) => nativeWindow(`x-${appKey}`, { appKey });

describe('checkAppsRun', () => {
  // Pids above any pid_max: no process to ask for its program.
  const topology: DesktopTopology = {
    apps: [app('a', 'gedit', 'org.gnome.gedit', 99_999_910), app('b', 'DB Browser for SQLite', 'DB Browser for SQLite', 99_999_911)],
    windows: [],
  };

  it('accepts selectors that match; names every one that does not, with the running apps', () => {
    expect(() => checkAppsRun('serve', topology, ['gedit', '99999911'], appMatcher)).not.toThrow();
    let error: Error | undefined;
    try {
      checkAppsRun('serve', topology, ['gedit', 'nosuchapp', 'sqlitebrowser'], appMatcher);
    } catch (e) {
      error = e as Error;
    }
    expect(error?.name).toBe('UsageError');
    expect(error?.message).toContain('--app "nosuchapp", "sqlitebrowser"');
    expect(error?.message).toContain('running: DB Browser for SQLite (pid 99999911); gedit (org.gnome.gedit, pid 99999910)');
  });

  it('matches the program a process runs (its argv[0]), not only the names it gives itself', () => {
    const self = app('s', 'Some Title', 'Some Title', process.pid);
    const program = basename(readFileSync('/proc/self/cmdline', 'utf8').split('\0')[0] ?? '');
    expect(program).not.toBe('');
    expect(appMatcher([program])(self)).toBe(true);
    expect(appMatcher(['nosuchprogram'])(self)).toBe(false);
  });

  it('says so when nothing runs', () => {
    expect(describeApps([])).toMatch(/^none/);
  });
});

describe('waitForApps', () => {
  it('resolves once the named app shows a window, woken by the change feed', async () => {
    let topology: DesktopTopology = { apps: [app('a', 'gedit', 'org.gnome.gedit', 10)], windows: [] };
    const listeners = new Set<(change: ProbeChange) => void>();
    let reads = 0;
    const probe = {
      readTopology: async () => (reads++, topology),
      subscribe: (listener: (change: ProbeChange) => void) => (listeners.add(listener), () => listeners.delete(listener)),
    } as unknown as Probe;
    let done = false;
    const waiting = waitForApps(probe, ['zenity'], appMatcher).then(() => (done = true));
    await new Promise((r) => setTimeout(r, 20));
    expect(done).toBe(false);
    topology = { apps: [...topology.apps, app('z', 'zenity', 'zenity', 12)], windows: [] }; // running, no window yet
    for (const l of listeners) l({ kind: 'apps' });
    await new Promise((r) => setTimeout(r, 20));
    expect(done).toBe(false);
    topology = { ...topology, windows: [win('z')] };
    for (const l of listeners) l({ kind: 'windows' });
    await waiting;
    expect(reads).toBe(3);
    expect(listeners.size).toBe(0);
  });
});
