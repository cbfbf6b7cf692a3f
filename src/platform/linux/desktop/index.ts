/**
 * Private headless accessible desktops (Xvfb + session D-Bus + AT-SPI bus + openbox) for live
 * tests, benchmarks and `gui-bridge desktop`. Every live test in the project starts one with
 * `startDesktop()` and stops it with `desktop.stop()`.
 */
import { rmSync } from 'node:fs';
import { bringUpWaylandDesktop, checkWaylandPrograms, type Compositor } from '../wayland/desktop/bringUp.js';
import { bringUpDesktop, checkDesktopPrograms } from './bringUp.js';
import { DesktopHandle, type Desktop } from './handle.js';
import { descendantsOf, findTaggedProcesses, isRunning, killNow } from './processes.js';
import { DESKTOP_MARKER, desktopTag, type DesktopState } from './state.js';

export { checkDesktopPrograms } from './bringUp.js';
export { MissingBinaryError, findExecutable, requireExecutable } from './binaries.js';
export type { Desktop, LaunchedApp, LaunchOptions } from './handle.js';
export { DesktopHandle, appArguments } from './handle.js';
export { desktopProcessEnv } from './spawn.js';
export { DESKTOP_MARKER, desktopDir, listDesktopDirs, readState, type DesktopState } from './state.js';
export { tearDown } from './teardown.js';
export { DesktopError } from './wait.js';

export interface DesktopOptions {
  /** Applications to start once the desktop is up; each is awaited until it shows a window. */
  apps?: string[];
  /** X display number; a free one from :100 up when omitted. */
  display?: number;
  /** A headless Wayland desktop (sway, or mutter) instead of Xvfb + openbox; `user` is the account (root only). */
  wayland?: boolean | { user?: string; compositor?: Compositor };
}

export interface OpenOptions {
  /**
   * Kill the desktop when this process exits without calling stop() (default true). The CLI's
   * `desktop up` turns it off: its desktop outlives the command.
   */
  killOnExit?: boolean;
}

/** Brings up a desktop (and its apps); on any failure nothing is left running. */
export async function openDesktop(options: DesktopOptions = {}, open: OpenOptions = {}): Promise<DesktopHandle> {
  const wayland = options.wayland === undefined || options.wayland === false ? null : options.wayland === true ? {} : options.wayland;
  if (wayland) checkWaylandPrograms(options.apps ?? [], wayland.compositor);
  else checkDesktopPrograms(options.apps ?? []);
  const state = wayland
    ? await bringUpWaylandDesktop({ user: wayland.user, id: options.display, compositor: wayland.compositor })
    : await bringUpDesktop({ display: options.display });
  const handle = new DesktopHandle(state);
  const unhook = open.killOnExit === false ? () => undefined : killOnExit(handle.state);
  const stop = handle.stop.bind(handle);
  handle.stop = async () => {
    unhook();
    await stop();
  };
  try {
    if (options.apps?.length) await handle.startApps(options.apps);
  } catch (error) {
    await handle.stop();
    throw error;
  }
  return handle;
}

export function startDesktop(options: DesktopOptions = {}): Promise<Desktop> {
  return openDesktop(options);
}

/** Last resort when the process exits with the desktop still up: SIGKILL by pid, sync. */
function killOnExit(state: DesktopState): () => void {
  const onExit = () => {
    const tracked = state.processes.filter((p) => isRunning(p)).flatMap((p) => [...descendantsOf(p.pid), p.pid]);
    killNow([...findTaggedProcesses(DESKTOP_MARKER, desktopTag(state)), ...tracked]);
    rmSync(state.dir, { recursive: true, force: true });
  };
  process.once('exit', onExit);
  return () => process.removeListener('exit', onExit);
}
