/**
 * Bringing up a private headless Wayland desktop: a desktop directory (its number is the
 * desktop's identity, like an X display for Xvfb desktops) → the account's own directory →
 * session bus → accessibility bus + registry → the compositor (sway, or mutter for GNOME) → its
 * keyboard → the bus address on XWayland's root window (for Qt, sway only). Recorded in the state file as each process
 * starts; on failure everything started is torn down (same teardown as X11 desktops).
 */
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { requireExecutable } from '../../desktop/binaries.js';
import { baseDesktopEnv } from '../../desktop/environment.js';
import type { TrackedProcess } from '../../desktop/processes.js';
import { desktopProcessEnv } from '../../desktop/spawn.js';
import { addProcess, claimDesktopDir, writeState, type DesktopPaths, type DesktopState } from '../../desktop/state.js';
import { tearDown } from '../../desktop/teardown.js';
import { DesktopError } from '../../desktop/wait.js';
import { DESKTOP_USER_VARIABLE, desktopAccount, type DesktopAccount } from './account.js';
import { startWaylandBuses } from './buses.js';
import { startMutter } from './mutter.js';
import { startSeatKeyboard } from './seatKeyboard.js';
import { startSway } from './sway.js';
import { createUserDirs, type UserDirs } from './userDir.js';
import { publishA11yBusOnXWayland } from './xwaylandA11y.js';

/** Wayland desktop numbers start here, away from the X11 ones (:100 up). */
const FIRST_WAYLAND_ID = 300;
const ID_ATTEMPTS = 50;
export const WAYLAND_PROGRAMS = ['sway', 'dbus-daemon', 'at-spi2-registryd', 'python3'] as const;
/** mutter needs no python3: its keyboard is a remote desktop session held by a Node process. */
export const MUTTER_PROGRAMS = ['mutter', 'dbus-daemon', 'at-spi2-registryd'] as const;
export const COMPOSITORS = ['sway', 'mutter'] as const;
export type Compositor = (typeof COMPOSITORS)[number];

export interface WaylandBringUpOptions {
  /** The account to run as (root only; default $GUI_BRIDGE_DESKTOP_USER or guibridge). */
  user?: string;
  /** The desktop number; a free one from 300 up when omitted. */
  id?: number;
  /** sway (the default) or mutter (GNOME's compositor). */
  compositor?: Compositor;
}

export function checkWaylandPrograms(apps: string[] = [], compositor: Compositor = 'sway'): void {
  for (const program of [...(compositor === 'mutter' ? MUTTER_PROGRAMS : WAYLAND_PROGRAMS), ...apps]) requireExecutable(program);
}

export async function bringUpWaylandDesktop(options: WaylandBringUpOptions = {}): Promise<DesktopState> {
  const compositor = options.compositor ?? 'sway';
  checkWaylandPrograms([], compositor);
  const account = desktopAccount(options.user);
  const { id, paths } = claimId(options.id);
  const dirs = createUserDirs(account, id);
  const state: DesktopState = {
    version: 1,
    display: id,
    dir: paths.dir,
    env: waylandEnv(paths, dirs, account),
    processes: [],
    createdAt: new Date().toISOString(),
    wayland: { user: account.name, uid: account.uid, gid: account.gid, userDir: dirs.root, swaySocket: '', compositor },
  };
  writeState(state);
  const track = (proc: TrackedProcess) => addProcess(state, proc);
  try {
    const buses = await startWaylandBuses({ account, dirs, logDir: paths.logs, env: desktopProcessEnv(state.env), track });
    state.env.DBUS_SESSION_BUS_ADDRESS = buses.session;
    state.env.AT_SPI_BUS_ADDRESS = buses.a11y;
    if (compositor === 'mutter') {
      const mutter = await startMutter(account, dirs, paths.logs, desktopProcessEnv(state.env), track);
      state.env.WAYLAND_DISPLAY = mutter.waylandDisplay;
      state.env.XDG_CURRENT_DESKTOP = 'GNOME';
      await startSeatKeyboard(account, paths.logs, desktopProcessEnv(state.env), track, 'gnome-remote-desktop');
    } else {
      const sway = await startSway(account, dirs, paths.logs, desktopProcessEnv(state.env), track);
      state.env.WAYLAND_DISPLAY = sway.waylandDisplay;
      state.env.SWAYSOCK = sway.swaySocket;
      if (sway.xDisplay) state.env.DISPLAY = sway.xDisplay;
      await startSeatKeyboard(account, paths.logs, desktopProcessEnv(state.env), track);
      if (sway.xDisplay) publishA11yBusOnXWayland(account, desktopProcessEnv(state.env));
      state.wayland = { ...(state.wayland as NonNullable<DesktopState['wayland']>), swaySocket: sway.swaySocket };
    }
    writeState(state);
    return state;
  } catch (error) {
    await tearDown(state);
    throw error;
  }
}

function claimId(requested?: number): { id: number; paths: DesktopPaths } {
  const candidates = requested === undefined ? Array.from({ length: ID_ATTEMPTS }, (_, i) => FIRST_WAYLAND_ID + i) : [requested];
  for (const id of candidates) {
    const paths = claimDesktopDir(id);
    if (paths) return { id, paths };
  }
  throw new DesktopError(
    requested === undefined
      ? `no free desktop number between ${FIRST_WAYLAND_ID} and ${FIRST_WAYLAND_ID + ID_ATTEMPTS - 1}`
      : `desktop ${requested} is already in use`,
  );
}

/**
 * The X11 desktop's variables with the session made Wayland: toolkits pick their Wayland
 * backend, the runtime dir and homes are the account's, and no DISPLAY unless XWayland runs.
 */
function waylandEnv(paths: DesktopPaths, dirs: UserDirs, account: DesktopAccount): Record<string, string> {
  const { DISPLAY: _x11, ...base } = baseDesktopEnv({ ...paths, runtime: dirs.runtime, home: dirs.home }, 0);
  return {
    ...base,
    HOME: dirs.home,
    USER: account.name,
    LOGNAME: account.name,
    XDG_SESSION_TYPE: 'wayland',
    GDK_BACKEND: 'wayland',
    // Falls back to XWayland where the Qt Wayland plugin is not installed (qtwayland5 / qt6-wayland).
    QT_QPA_PLATFORM: 'wayland;xcb',
    MOZ_ENABLE_WAYLAND: '1',
    ELECTRON_OZONE_PLATFORM_HINT: 'wayland',
    [DESKTOP_USER_VARIABLE]: account.name,
  };
}

/** The desktop's Wayland socket path (the bridge connects to it for foreign-toplevel data). */
export function waylandSocketPath(env: Record<string, string | undefined>): string | null {
  const name = env.WAYLAND_DISPLAY;
  if (!name) return null;
  if (name.startsWith('/')) return name;
  const runtime = env.XDG_RUNTIME_DIR;
  if (!runtime) return null;
  return readdirSync(runtime).includes(name) ? join(runtime, name) : null;
}
