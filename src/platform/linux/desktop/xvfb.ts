/**
 * The X server of a desktop: a free display number (claimed atomically through the desktop
 * directory, then confirmed by Xvfb's own lock), started and awaited until it accepts
 * connections.
 */
import { existsSync, readFileSync, rmSync } from 'node:fs';
import { X11Connection } from '../x11/connection.js';
import { isRunning } from './processes.js';
import { logTail, spawnTracked, type Spawned } from './spawn.js';
import { claimDesktopDir, readState, desktopDir, type DesktopPaths } from './state.js';
import { DesktopError, exitWatch, pollUntil } from './wait.js';

/** Automatic display numbers start high, away from :0 and the usual fixed test displays. */
const FIRST_AUTO_DISPLAY = 100;
const AUTO_DISPLAY_ATTEMPTS = 50;
const SCREEN = '1280x1024x24';

export interface StartedXServer {
  display: number;
  paths: DesktopPaths;
  xvfb: Spawned;
}

/** True when an X server (anyone's) holds display `n`. */
function displayInUse(n: number): boolean {
  const lock = `/tmp/.X${n}-lock`;
  if (!existsSync(lock)) return existsSync(`/tmp/.X11-unix/X${n}`);
  const pid = Number(readFileSync(lock, 'utf8').trim());
  return Number.isInteger(pid) && pid > 0 && isRunning(pid);
}

/** A leftover directory of a desktop whose processes are all gone (a crashed run). */
function removeIfStale(n: number): void {
  const dir = desktopDir(n);
  if (!existsSync(dir) || displayInUse(n)) return;
  const state = readState(dir);
  if (state && state.processes.every((p) => !isRunning(p))) rmSync(dir, { recursive: true, force: true });
}

export async function startXServer(env: (paths: DesktopPaths, display: number) => Record<string, string>, display?: number): Promise<StartedXServer> {
  if (display !== undefined) {
    const started = await tryDisplay(display, env);
    if (!started) throw new DesktopError(`display :${display} is already in use`);
    return started;
  }
  for (let n = FIRST_AUTO_DISPLAY; n < FIRST_AUTO_DISPLAY + AUTO_DISPLAY_ATTEMPTS; n++) {
    const started = await tryDisplay(n, env);
    if (started) return started;
  }
  throw new DesktopError(`no free X display between :${FIRST_AUTO_DISPLAY} and :${FIRST_AUTO_DISPLAY + AUTO_DISPLAY_ATTEMPTS - 1}`);
}

/** Starts Xvfb on display `n`; null when the display turned out to be taken. */
async function tryDisplay(n: number, env: (paths: DesktopPaths, display: number) => Record<string, string>): Promise<StartedXServer | null> {
  if (displayInUse(n)) return null;
  removeIfStale(n);
  const paths = claimDesktopDir(n);
  if (!paths) return null;
  const xvfb = await spawnTracked({
    name: 'xvfb',
    command: 'Xvfb',
    // -noreset: the server must not reset when its last client leaves (a probe reconnecting).
    args: [`:${n}`, '-screen', '0', SCREEN, '-nolisten', 'tcp', '-noreset', '+extension', 'XTEST', '+extension', 'Composite', '+extension', 'RANDR'],
    env: env(paths, n),
    logDir: paths.logs,
  });
  const exitedWith = exitWatch('Xvfb', xvfb.exited, () => logTail(xvfb.logFile));
  try {
    await pollUntil(
      () =>
        X11Connection.open(`:${n}`)
          .then((conn) => conn.close())
          .then(() => true),
      { what: `Xvfb on :${n}`, timeoutMs: 10_000, abort: exitedWith },
    );
    return { display: n, paths, xvfb };
  } catch (error) {
    if (isRunning(xvfb.process)) process.kill(xvfb.process.pid, 'SIGKILL');
    const log = logTail(xvfb.logFile, 20);
    rmSync(paths.dir, { recursive: true, force: true });
    // Lost a race for the display to another X server: try the next number.
    if (/already active/i.test(log) || displayInUse(n)) return null;
    throw error;
  }
}
