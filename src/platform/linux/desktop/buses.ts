/**
 * The session bus and the accessibility bus of a desktop, in the measured order: session
 * dbus-daemon → at-spi-bus-launcher → (NameHasOwner org.a11y.Bus) → GetAddress →
 * IsEnabled=true → at-spi2-registryd on the a11y bus → (NameHasOwner org.a11y.atspi.Registry).
 */
import { spawn } from 'node:child_process';
import { closeSync, openSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { requireExecutable } from './binaries.js';
import { a11yBusAddress, enableAccessibility, nameHasOwner } from './dbus.js';
import { processStartTime, type TrackedProcess } from './processes.js';
import { logTail, spawnTracked } from './spawn.js';
import type { DesktopPaths } from './state.js';
import { DesktopError, exitWatch, pollUntil } from './wait.js';

const READY_TIMEOUT_MS = 10_000;

/**
 * `dbus-daemon --session --fork`: the parent exits once the daemon is ready, after printing
 * the address and the daemon's pid (to a file here: the forked daemon must not hold a pipe of
 * ours open).
 */
export async function startSessionBus(paths: DesktopPaths, env: Record<string, string>): Promise<{ address: string; process: TrackedProcess }> {
  const outFile = join(paths.logs, 'dbus-session.out');
  const out = openSync(outFile, 'w', 0o600);
  const err = openSync(join(paths.logs, 'dbus-session.log'), 'a', 0o600);
  const args = ['--session', '--fork', '--nopidfile', `--address=unix:path=${join(paths.runtime, 'bus')}`, '--print-address=1', '--print-pid=1'];
  const code = await new Promise<number | null>((resolve, reject) => {
    const child = spawn('dbus-daemon', args, { env, stdio: ['ignore', out, err] });
    child.once('error', (error) => reject(new DesktopError(`cannot start dbus-daemon: ${error.message}`)));
    child.once('exit', (exitCode) => resolve(exitCode));
  }).finally(() => {
    closeSync(out);
    closeSync(err);
  });
  const [address, pidText] = readFileSync(outFile, 'utf8').trim().split('\n');
  const pid = Number(pidText);
  if (code !== 0 || !address || !Number.isInteger(pid) || pid <= 0) {
    throw new DesktopError(`dbus-daemon --session failed (exit ${String(code)}): ${logTail(join(paths.logs, 'dbus-session.log'))}`);
  }
  return { address, process: { name: 'dbus-session', pid, startTime: processStartTime(pid) ?? 0 } };
}

export interface A11yBus {
  address: string;
  processes: TrackedProcess[];
}

/** Starts the a11y bus launcher and the registry daemon; `track` records each as it starts. */
export async function startA11yBus(paths: DesktopPaths, env: Record<string, string>, track: (p: TrackedProcess) => void): Promise<A11yBus> {
  const session = env.DBUS_SESSION_BUS_ADDRESS;
  if (!session) throw new DesktopError('the session bus must run before the accessibility bus');
  const launcher = await spawnTracked({
    name: 'at-spi-bus-launcher',
    command: requireExecutable('at-spi-bus-launcher'),
    args: ['--launch-immediately', '--a11y=1'],
    env,
    logDir: paths.logs,
  });
  track(launcher.process);
  await pollUntil(async () => ((await nameHasOwner(session, 'org.a11y.Bus')) ? true : undefined), {
    what: 'org.a11y.Bus on the session bus',
    timeoutMs: READY_TIMEOUT_MS,
    abort: exitWatch('at-spi-bus-launcher', launcher.exited, () => logTail(launcher.logFile)),
  });
  const address = await a11yBusAddress(session);
  await enableAccessibility(session);
  const registry = await spawnTracked({
    name: 'at-spi2-registryd',
    command: requireExecutable('at-spi2-registryd'),
    args: [],
    env: { ...env, AT_SPI_BUS_ADDRESS: address },
    logDir: paths.logs,
  });
  track(registry.process);
  await pollUntil(async () => ((await nameHasOwner(address, 'org.a11y.atspi.Registry')) ? true : undefined), {
    what: 'org.a11y.atspi.Registry on the accessibility bus',
    timeoutMs: READY_TIMEOUT_MS,
    abort: exitWatch('at-spi2-registryd', registry.exited, () => logTail(registry.logFile)),
  });
  return { address, processes: [launcher.process, registry.process] };
}
