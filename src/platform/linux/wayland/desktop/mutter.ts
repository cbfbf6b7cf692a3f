/**
 * GNOME's compositor for a Wayland desktop: mutter 43 headless (`--headless --wayland --no-x11`,
 * one virtual monitor, no GPU: it picks a surfaceless software renderer), as the desktop's
 * account. mutter publishes no foreign-toplevel list, so windows, titles and focus come from
 * AT-SPI alone; keys go through org.gnome.Mutter.RemoteDesktop (docs/wayland.md, "GNOME").
 * Settings live in memory (GSETTINGS_BACKEND=memory): nothing on our buses is D-Bus-activated,
 * so dconf cannot start, and the user's own GNOME settings are not read.
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { nameHasOwner } from '../../desktop/dbus.js';
import { requireExecutable } from '../../desktop/binaries.js';
import type { TrackedProcess } from '../../desktop/processes.js';
import { logTail, spawnTracked } from '../../desktop/spawn.js';
import { exitWatch, pollUntil } from '../../desktop/wait.js';
import { REMOTE_DESKTOP } from '../remoteDesktop.js';
import { runAs, type DesktopAccount } from './account.js';
import { OUTPUT } from './sway.js';
import type { UserDirs } from './userDir.js';

const READY_TIMEOUT_MS = 20_000;
/** The socket's name inside the desktop's own runtime directory. */
const WAYLAND_DISPLAY = 'wayland-0';

export interface StartedMutter {
  process: TrackedProcess;
  waylandDisplay: string;
}

export async function startMutter(
  account: DesktopAccount,
  dirs: UserDirs,
  logDir: string,
  env: Record<string, string>,
  track: (p: TrackedProcess) => void,
): Promise<StartedMutter> {
  const mutter = await spawnTracked({
    name: 'mutter',
    command: requireExecutable('mutter'),
    args: ['--headless', '--wayland', '--no-x11', '--virtual-monitor', `${OUTPUT.width}x${OUTPUT.height}`, '--wayland-display', WAYLAND_DISPLAY],
    env: { ...env, GSETTINGS_BACKEND: 'memory' },
    logDir,
    ...runAs(account),
  });
  track(mutter.process);
  const abort = exitWatch('mutter', mutter.exited, () => logTail(mutter.logFile));
  await pollUntil(async () => (existsSync(join(dirs.runtime, WAYLAND_DISPLAY)) ? true : undefined), {
    what: 'the Wayland socket of mutter',
    timeoutMs: READY_TIMEOUT_MS,
    abort,
  });
  // Its D-Bus services come up after the socket; keys need RemoteDesktop.
  const session = env.DBUS_SESSION_BUS_ADDRESS ?? '';
  await pollUntil(async () => ((await nameHasOwner(session, REMOTE_DESKTOP.name)) ? true : undefined), {
    what: `${REMOTE_DESKTOP.name} on the session bus`,
    timeoutMs: READY_TIMEOUT_MS,
    abort,
  });
  return { process: mutter.process, waylandDisplay: WAYLAND_DISPLAY };
}
