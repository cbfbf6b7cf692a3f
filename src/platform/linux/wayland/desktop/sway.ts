/**
 * The compositor of a Wayland desktop: sway with the headless backend and the pixman renderer
 * (no GPU, no input devices, no seat), as the desktop's account. XWayland is on (lazily
 * started): X11-only apps still run and come through X11. docs/linux-desktop-notes.md "Wayland".
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { requireExecutable } from '../../desktop/binaries.js';
import type { TrackedProcess } from '../../desktop/processes.js';
import { logTail, spawnTracked } from '../../desktop/spawn.js';
import { exitWatch, pollUntil } from '../../desktop/wait.js';
import { SWAY_IPC, swayRequest } from '../swayIpc.js';
import { runAs, type DesktopAccount } from './account.js';
import { writeUserFile, type UserDirs } from './userDir.js';

export const OUTPUT = { width: 1280, height: 800 } as const;
const READY_TIMEOUT_MS = 15_000;

// Every new window floats centred and gets the focus, like on a stacking desktop: a tiled
// layout would resize the windows the tests (and a user) placed, and focus would not follow.
const CONFIG = `output HEADLESS-1 resolution ${OUTPUT.width}x${OUTPUT.height}
xwayland enable
focus_on_window_activation focus
for_window [app_id=".*"] floating enable
for_window [class=".*"] floating enable
`;

export interface StartedSway {
  process: TrackedProcess;
  waylandDisplay: string;
  swaySocket: string;
  /** The XWayland display (":N"), when sway opened one. */
  xDisplay: string | null;
}

export async function startSway(
  account: DesktopAccount,
  dirs: UserDirs,
  logDir: string,
  env: Record<string, string>,
  track: (p: TrackedProcess) => void,
): Promise<StartedSway> {
  const config = join(dirs.root, 'sway.conf');
  writeUserFile(account, config, CONFIG);
  const swaySocket = join(dirs.runtime, 'sway-ipc.sock');
  const sway = await spawnTracked({
    name: 'sway',
    command: requireExecutable('sway'),
    args: ['-c', config],
    env: { ...env, SWAYSOCK: swaySocket, WLR_BACKENDS: 'headless', WLR_RENDERER: 'pixman', WLR_LIBINPUT_NO_DEVICES: '1', LIBSEAT_BACKEND: 'noop' },
    logDir,
    ...runAs(account),
  });
  track(sway.process);
  const abort = exitWatch('sway', sway.exited, () => logTail(sway.logFile));
  const waylandDisplay = await pollUntil(async () => readdirSync(dirs.runtime).find((f) => /^wayland-\d+$/.test(f)), {
    what: 'the Wayland socket of sway',
    timeoutMs: READY_TIMEOUT_MS,
    abort,
  });
  await pollUntil(async () => (existsSync(swaySocket) ? swayRequest(swaySocket, SWAY_IPC.getVersion) : undefined), {
    what: 'sway IPC',
    timeoutMs: READY_TIMEOUT_MS,
    abort,
  });
  return { process: sway.process, waylandDisplay, swaySocket, xDisplay: xwaylandDisplay(sway.process.pid) };
}

/** wlroots claims the X display for lazy XWayland at start: its lock file holds sway's pid. */
function xwaylandDisplay(swayPid: number): string | null {
  for (const entry of readdirSync('/tmp')) {
    const match = /^\.X(\d+)-lock$/.exec(entry);
    if (!match) continue;
    try {
      if (Number(readFileSync(join('/tmp', entry), 'utf8').replace(/\0/g, '').trim()) === swayPid) return `:${match[1]}`;
    } catch {
      // a lock that went away meanwhile
    }
  }
  return null;
}
