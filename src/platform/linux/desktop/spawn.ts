/**
 * Starting a desktop process: the desktop's environment (with the ownership marker), output to
 * a log file in the desktop directory, its own process group, not holding the caller's event
 * loop open, and recorded by pid + start time.
 */
import { spawn } from 'node:child_process';
import { closeSync, openSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { processStartTime, type TrackedProcess } from './processes.js';

/** Inherited variables that would disable accessibility or point at another session. */
const DROPPED_VARIABLES = [
  'NO_AT_BRIDGE',
  'WAYLAND_DISPLAY',
  'SESSION_MANAGER',
  'DESKTOP_STARTUP_ID',
  'XAUTHORITY',
  'DBUS_STARTER_ADDRESS',
  'DBUS_STARTER_BUS_TYPE',
];

/**
 * The full environment for a process on a desktop: this process's environment without the
 * variables that would break accessibility, plus the desktop's own (`Desktop.env`).
 */
export function desktopProcessEnv(desktopEnv: Record<string, string>, base: NodeJS.ProcessEnv = process.env): Record<string, string> {
  const env: Record<string, string> = {};
  for (const [key, value] of Object.entries(base)) if (value !== undefined && !DROPPED_VARIABLES.includes(key)) env[key] = value;
  return { ...env, ...desktopEnv };
}

/**
 * An application's environment: as `desktopProcessEnv`, without AT_SPI_BUS_ADDRESS. Toolkits
 * find the bus through org.a11y.Bus like in a real session; Qt 6.4 connects to an address set
 * in the environment but never registers its bridge there (measured: linguist, qt6ct).
 */
export function appProcessEnv(desktopEnv: Record<string, string>, base: NodeJS.ProcessEnv = process.env): Record<string, string> {
  const env = desktopProcessEnv(desktopEnv, base);
  delete env.AT_SPI_BUS_ADDRESS;
  return env;
}

export interface SpawnRequest {
  name: string;
  command: string;
  args: string[];
  env: Record<string, string>;
  logDir: string;
  /** Standard output goes to this file instead of the log (stderr stays in the log). */
  stdoutFile?: string;
  /** Run as this account (Wayland desktops: sway refuses root). */
  uid?: number;
  gid?: number;
}

export interface Spawned {
  process: TrackedProcess;
  logFile: string;
  /** Resolves with the exit code (or signal) when the process ends. */
  exited: Promise<number | NodeJS.Signals | null>;
}

export function spawnTracked(request: SpawnRequest): Promise<Spawned> {
  const logFile = join(request.logDir, `${request.name}.log`);
  const fd = openSync(logFile, 'a', 0o600);
  const outFd = request.stdoutFile === undefined ? fd : openSync(request.stdoutFile, 'w', 0o600);
  const closeFds = () => {
    closeSync(fd);
    if (outFd !== fd) closeSync(outFd);
  };
  return new Promise((resolve, reject) => {
    const child = spawn(request.command, request.args, { env: request.env, stdio: ['ignore', outFd, fd], detached: true, uid: request.uid, gid: request.gid });
    const exited = new Promise<number | NodeJS.Signals | null>((done) => child.once('exit', (code, sig) => done(code ?? sig)));
    child.once('error', (error) => {
      closeFds();
      reject(new Error(`cannot start ${request.command}: ${error.message}`));
    });
    child.once('spawn', () => {
      closeFds();
      child.unref();
      const pid = child.pid ?? 0;
      resolve({ process: { name: request.name, pid, startTime: processStartTime(pid) ?? 0 }, logFile, exited });
    });
  });
}

/** The last lines of a log, for error messages ("Xvfb exited: …"). */
export function logTail(logFile: string, lines = 5): string {
  try {
    return readFileSync(logFile, 'utf8').trim().split('\n').slice(-lines).join(' | ');
  } catch {
    return '';
  }
}
