/**
 * Bringing up a desktop's core: Xvfb → session D-Bus → accessibility bus + registry → openbox.
 * Every process is recorded in the state file as soon as it starts, so a failure half-way (or a
 * crash) leaves nothing that `down` cannot find; on failure everything started is torn down.
 */
import { startA11yBus, startSessionBus } from './buses.js';
import { DESKTOP_PROGRAMS, requireExecutable } from './binaries.js';
import { baseDesktopEnv } from './environment.js';
import type { TrackedProcess } from './processes.js';
import { desktopProcessEnv } from './spawn.js';
import { addProcess, writeState, type DesktopState } from './state.js';
import { tearDown } from './teardown.js';
import { startWindowManager } from './windowManager.js';
import { startXServer } from './xvfb.js';

export interface BringUpOptions {
  /** X display number; a free one from :100 up when omitted. */
  display?: number;
}

/** Fails before starting anything when a desktop program is missing (MissingBinaryError). */
export function checkDesktopPrograms(apps: string[] = []): void {
  for (const program of [...DESKTOP_PROGRAMS, ...apps]) requireExecutable(program);
}

export async function bringUpDesktop(options: BringUpOptions = {}): Promise<DesktopState> {
  checkDesktopPrograms();
  const x = await startXServer((paths, display) => desktopProcessEnv(baseDesktopEnv(paths, display)), options.display);
  const state: DesktopState = {
    version: 1,
    display: x.display,
    dir: x.paths.dir,
    env: baseDesktopEnv(x.paths, x.display),
    processes: [x.xvfb.process],
    createdAt: new Date().toISOString(),
  };
  writeState(state);
  const track = (proc: TrackedProcess) => addProcess(state, proc);
  try {
    const session = await startSessionBus(x.paths, desktopProcessEnv(state.env));
    track(session.process);
    state.env.DBUS_SESSION_BUS_ADDRESS = session.address;
    const a11y = await startA11yBus(x.paths, desktopProcessEnv(state.env), track);
    state.env.AT_SPI_BUS_ADDRESS = a11y.address;
    writeState(state);
    await startWindowManager(x.paths, desktopProcessEnv(state.env), (spawned) => track(spawned.process));
    return state;
  } catch (error) {
    await tearDown(state);
    throw error;
  }
}
