/**
 * Live: the desktop itself. `gui-bridge desktop up --apps gnome-calculator` then `down` leaves no
 * process of it running (checked by pid); startDesktop().stop() also stops what was launched in
 * it, including a process that escaped to PID 1 (found through the env marker). The same for
 * `desktop up --wayland` (sway as an unprivileged account).
 */
import { execFile } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { DESKTOP_MARKER, desktopDir, readState, startDesktop, type DesktopState } from '../../src/platform/linux/desktop/index.js';
import { desktopTag } from '../../src/platform/linux/desktop/state.js';
import { descendantsOf, findTaggedProcesses, isRunning } from '../../src/platform/linux/desktop/processes.js';
import { listWindows, X11Connection, X11Watcher, type X11Change } from '../../src/platform/linux/x11/index.js';
import { displayStack, waitFor } from './helpers/desktop.js';
import { waylandStack } from './helpers/waylandStack.js';

const stack = displayStack(['gnome-calculator', 'zenity']);
const REPO = fileURLToPath(new URL('../../', import.meta.url));

function cli(args: string[], env: NodeJS.ProcessEnv = process.env): Promise<{ code: number; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    execFile(process.execPath, ['--import', 'tsx', 'src/cli.ts', 'desktop', ...args], { cwd: REPO, env, timeout: 60_000 }, (error, stdout, stderr) => {
      const code = error ? (typeof error.code === 'number' ? error.code : 1) : 0;
      resolve({ code, stdout, stderr });
    });
  });
}

/** A display number above the automatic range (:100 on) that no X server holds. */
function unusedDisplay(): number {
  const taken = (n: number) => existsSync(`/tmp/.X${n}-lock`) || existsSync(`/tmp/.X11-unix/X${n}`);
  const free = Array.from({ length: 20 }, (_, i) => 180 + i).find((n) => !taken(n));
  if (free === undefined) throw new Error('no free display between :180 and :199');
  return free;
}

/** Every process of a desktop: recorded ones, their descendants, and the marked ones. */
function processesOf(state: DesktopState): number[] {
  const recorded = state.processes.filter((p) => isRunning(p)).map((p) => p.pid);
  return [...new Set([...recorded, ...recorded.flatMap((pid) => descendantsOf(pid)), ...findTaggedProcesses(DESKTOP_MARKER, desktopTag(state))])];
}

function commandLine(pid: number): string {
  try {
    return readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0').filter(Boolean).join(' ');
  } catch {
    return '';
  }
}

describe.skipIf(stack.skip)('headless desktop lifecycle', () => {
  it('gui-bridge desktop up --apps gnome-calculator, status, env, then down leaves nothing running', async () => {
    // A display of its own, outside the automatic range: another file's desktop starting in
    // parallel takes the lowest free automatic number, which may be this one's once it is down,
    // and `status` would then rightly answer that a desktop is up there.
    const up = await cli(['up', '--apps', 'gnome-calculator', '--display', `:${unusedDisplay()}`]);
    expect(up.stderr).toMatch(/desktop :\d+ up/);
    expect(up.code).toBe(0);
    const display = /^export DISPLAY=':(\d+)'$/m.exec(up.stdout)?.[1];
    expect(display).toBeDefined();
    for (const name of ['DBUS_SESSION_BUS_ADDRESS', 'XDG_RUNTIME_DIR']) expect(up.stdout).toMatch(new RegExp(`^export ${name}='.+'$`, 'm'));
    // Apps find the accessibility bus through the session bus: Qt 6.4 never registers on an address from the environment.
    expect(up.stdout).not.toMatch(/AT_SPI_BUS_ADDRESS/);
    const state = readState(desktopDir(Number(display)))!;
    expect(state.processes.map((p) => p.name)).toEqual([
      'xvfb',
      'dbus-session',
      'at-spi-bus-launcher',
      'at-spi2-registryd',
      'openbox',
      'app-1-gnome-calculator',
    ]);
    expect(state.processes.every((p) => isRunning(p))).toBe(true);

    const conn = await X11Connection.open(`:${display}`);
    const calculatorPid = state.processes[5]!.pid;
    expect((await listWindows(conn)).find((w) => w.pid === calculatorPid)?.title).toBe('Calculator');
    await conn.close();

    const status = await cli(['status', '--display', `:${display}`]);
    expect(status.code).toBe(0);
    expect(status.stdout).toMatch(new RegExp(`desktop :${display} up`));
    expect((await cli(['env', '--display', `:${display}`])).stdout).toBe(up.stdout);

    const everything = processesOf(state);
    expect(everything.length).toBeGreaterThanOrEqual(7); // + the a11y bus's own dbus-daemon
    const down = await cli(['down', '--display', `:${display}`]);
    expect(down.code).toBe(0);
    expect(everything.filter((pid) => isRunning(pid))).toEqual([]);
    expect(state.processes.filter((p) => isRunning(p))).toEqual([]);
    expect(existsSync(state.dir)).toBe(false);
    expect((await cli(['status', '--display', `:${display}`])).code).toBe(1);
  }, 120_000); // five CLI runs (each compiled by tsx) and a desktop start: slow on a loaded CI machine

  it('names the Debian package and exits 2 when Xvfb is missing', async () => {
    const emptyPath = mkdtempSync(join(tmpdir(), 'gb-empty-path-'));
    try {
      const result = await cli(['up'], { ...process.env, PATH: emptyPath });
      expect(result).toMatchObject({ code: 2, stdout: '' });
      expect(result.stderr.trim()).toBe('gui-bridge desktop: Xvfb not found: apt-get install xvfb');
    } finally {
      rmSync(emptyPath, { recursive: true, force: true });
    }
  });

  it('startDesktop().stop() stops launched apps and processes that escaped to PID 1', async () => {
    const desktop = await startDesktop();
    const tag = desktop.env[DESKTOP_MARKER]!;
    const dir = tag.replace(/#[^#]*$/, '');
    const state = readState(dir)!;
    const zenity = await desktop.launch('zenity', ['--info', '--text=lifecycle']);
    // A double fork: the sleep is reparented to PID 1, out of every tree we started.
    await desktop.launch('sh', ['-c', 'setsid sleep 300 >/dev/null 2>&1 &']);
    const escaped = await waitFor(() => findTaggedProcesses(DESKTOP_MARKER, tag).find((pid) => commandLine(pid) === 'sleep 300'), 5000);
    expect(descendantsOf(process.pid)).not.toContain(escaped);
    const everything = [...processesOf(readState(dir)!), zenity.pid, escaped];
    expect(state.processes).toHaveLength(5);
    const conn = await X11Connection.open(desktop.display);
    const changes: X11Change[] = [];
    await X11Watcher.start(conn, (change) => changes.push(change));
    await desktop.stop();
    expect(everything.filter((pid) => isRunning(pid))).toEqual([]);
    expect(existsSync(dir)).toBe(false);
    // The X server went away under an open connection: a value, never a hang or a crash.
    await waitFor(() => changes.some((c) => c.kind === 'disconnected'), 5000);
    await expect(listWindows(conn)).rejects.toMatchObject({ code: 'disconnected' });
  });
});

describe.skipIf(waylandStack(['gnome-calculator']).skip)('headless Wayland desktop lifecycle', () => {
  it('gui-bridge desktop up --wayland runs sway and the buses as the desktop account, env prints WAYLAND_DISPLAY, down stops everything by pid', async () => {
    const up = await cli(['up', '--wayland', '--apps', 'gnome-calculator']);
    expect(up.stderr).toMatch(/desktop wayland-\d+ up/);
    expect(up.code).toBe(0);
    for (const name of [
      'WAYLAND_DISPLAY',
      'XDG_RUNTIME_DIR',
      'DBUS_SESSION_BUS_ADDRESS',
      'AT_SPI_BUS_ADDRESS',
      'SWAYSOCK',
      'GUI_BRIDGE_DESKTOP_USER',
      'DISPLAY',
    ])
      expect(up.stdout).toMatch(new RegExp(`^export ${name}='.+'$`, 'm'));
    const dir = /state in (\S+)\)/.exec(up.stderr)?.[1] ?? '';
    const state = readState(dir)!;
    expect(state.processes.map((p) => p.name)).toEqual([
      'dbus-session',
      'dbus-a11y',
      'at-spi2-registryd',
      'a11y-bus-name',
      'sway',
      'seat-keyboard',
      'app-1-gnome-calculator',
    ]);
    // Never root: sway refuses it, and the session's accessibility bus answers only its own user.
    const uids = state.processes.map((p) => Number(/^Uid:\s+(\d+)/m.exec(readFileSync(`/proc/${p.pid}/status`, 'utf8'))?.[1]));
    expect(uids.every((uid) => uid === state.wayland?.uid && uid !== 0)).toBe(true);
    const socket = join(/^export XDG_RUNTIME_DIR='(.+)'$/m.exec(up.stdout)?.[1] ?? '', /^export WAYLAND_DISPLAY='(.+)'$/m.exec(up.stdout)?.[1] ?? '');
    expect(existsSync(socket)).toBe(true);
    expect((await cli(['env', '--display', String(state.display)])).stdout).toBe(up.stdout);

    const everything = processesOf(state);
    const down = await cli(['down', '--display', String(state.display)]);
    expect(down.code).toBe(0);
    expect(everything.filter((pid) => isRunning(pid))).toEqual([]);
    expect(existsSync(state.dir)).toBe(false);
    expect(existsSync(state.wayland?.userDir ?? '')).toBe(false);
  }, 120_000);
});
