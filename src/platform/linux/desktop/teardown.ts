/**
 * Tearing a desktop down by pid: applications (and anything carrying the desktop's marker, such
 * as D-Bus-activated helpers reparented to PID 1) first, then the desktop's own daemons in
 * reverse start order, the X server last. The directory goes once nothing runs.
 */
import { renameSync, rmSync } from 'node:fs';
import { descendantsOf, findTaggedProcesses, isRunning, terminatePids, terminateTree } from './processes.js';
import { DESKTOP_MARKER, desktopTag, readState, type DesktopState } from './state.js';

/** The desktop's own processes, in start order. Everything else tracked is an application. */
export const CORE_PROCESS_NAMES = ['xvfb', 'dbus-session', 'dbus-a11y', 'a11y-bus-name', 'at-spi-bus-launcher', 'at-spi2-registryd', 'openbox', 'sway'];

export async function tearDown(state: DesktopState): Promise<number[]> {
  const core = state.processes.filter((p) => CORE_PROCESS_NAMES.includes(p.name));
  const apps = state.processes.filter((p) => !CORE_PROCESS_NAMES.includes(p.name));
  const corePids = new Set(core.map((p) => p.pid));
  const appPids = apps.filter((p) => isRunning(p)).flatMap((p) => [...descendantsOf(p.pid), p.pid]);
  // The a11y bus launcher's own dbus-daemon is a core descendant: it goes with the launcher.
  const coreTree = new Set([...corePids, ...core.filter((p) => isRunning(p)).flatMap((p) => descendantsOf(p.pid))]);
  const tagged = findTaggedProcesses(DESKTOP_MARKER, desktopTag(state)).filter((pid) => !coreTree.has(pid));
  await terminatePids([...appPids, ...tagged]);
  for (const proc of [...core].reverse()) await terminateTree(proc, 1500);
  const leftovers = [...new Set([...findTaggedProcesses(DESKTOP_MARKER, desktopTag(state)), ...state.processes.filter((p) => isRunning(p)).map((p) => p.pid)])];
  const stubborn = await terminatePids(leftovers, 500);
  if (stubborn.length === 0) {
    if (state.wayland) rmSync(state.wayland.userDir, { recursive: true, force: true });
    removeOwnDir(state);
  }
  return stubborn;
}

/**
 * Once this desktop's X server is gone another run may find its directory stale, remove it and
 * claim the display again with a directory of the same name: only a directory that still holds
 * this desktop's state is removed, moved aside first so that the check and the removal concern
 * the same directory.
 */
function removeOwnDir(state: DesktopState): void {
  const now = readState(state.dir);
  if (!now || now.createdAt !== state.createdAt || now.display !== state.display) return;
  const aside = `${state.dir}.removed-${process.pid}-${Date.now()}`;
  try {
    renameSync(state.dir, aside);
  } catch {
    return;
  }
  rmSync(aside, { recursive: true, force: true });
}
