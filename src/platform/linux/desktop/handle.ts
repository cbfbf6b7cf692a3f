/**
 * A running desktop as a handle: launch applications into it (tagged, tracked in the state file,
 * killed on stop) and stop it.
 */
import { readFileSync } from 'node:fs';
import { basename, join } from 'node:path';
import { requireExecutable } from './binaries.js';
import { terminateTree } from './processes.js';
import { appProcessEnv, logTail, spawnTracked, type Spawned } from './spawn.js';
import { addProcess, desktopPaths, removeProcess, type DesktopState } from './state.js';
import { tearDown } from './teardown.js';
import { DesktopError, exitWatch } from './wait.js';
import { waitForRegisteredAppOf, waitForWaylandWindowOf } from '../wayland/desktop/windows.js';
import { waitForWindowOf } from './windowManager.js';

export interface LaunchedApp {
  pid: number;
  /** Stops the application and its descendants (by pid). */
  kill(): Promise<void>;
  /** Resolves with the exit code (or signal) when the program ends. */
  exited: Promise<number | NodeJS.Signals | null>;
  /** What the program wrote to standard output so far: '' unless launched with `captureStdout`. */
  stdout(): string;
}

export interface LaunchOptions {
  /**
   * Keep standard output apart from the log, readable through `stdout()`: how dialogs such as
   * zenity answer (the chosen row, the form's values).
   */
  captureStdout?: boolean;
}

export interface Desktop {
  /** The X display, ":N". */
  display: string;
  /**
   * The desktop's variables: DISPLAY, DBUS_SESSION_BUS_ADDRESS, XDG_RUNTIME_DIR,
   * AT_SPI_BUS_ADDRESS, GSETTINGS_BACKEND, GDK_BACKEND, the XDG homes and the ownership marker.
   * NO_AT_BRIDGE is deliberately absent; use `desktopProcessEnv(env)` to build a child's full
   * environment (it also drops an inherited NO_AT_BRIDGE).
   */
  env: Record<string, string>;
  /** Starts a program in the desktop (gedit gets --standalone: it is single-instance). */
  launch(command: string, args?: string[], options?: LaunchOptions): Promise<LaunchedApp>;
  stop(): Promise<void>;
}

/**
 * How long a started app has to show a window. A first start on a loaded machine can take long:
 * GNOME Calculator took over 30 s on 2 cores with the whole live suite and more running beside it.
 */
const APP_WINDOW_TIMEOUT_MS = 90_000;

/** Single-instance applications would hand the request to a running instance and exit. */
export function appArguments(command: string, args: string[]): string[] {
  if (basename(command) === 'gedit' && !args.includes('--standalone')) return ['--standalone', ...args];
  return args;
}

export class DesktopHandle implements Desktop {
  private launched = 0;
  private stopped = false;

  constructor(readonly state: DesktopState) {}

  /** ":N" (X11), or "wayland-N" for a Wayland desktop numbered N (`--display N` selects it). */
  get display(): string {
    return this.state.wayland ? `wayland-${this.state.display}` : `:${this.state.display}`;
  }

  get env(): Record<string, string> {
    return { ...this.state.env };
  }

  get runtimeDir(): string {
    return this.state.dir;
  }

  async launch(command: string, args: string[] = [], options: LaunchOptions = {}): Promise<LaunchedApp> {
    const spawned = await this.spawnApp(command, args, options.captureStdout === true);
    const proc = spawned.process;
    const stdoutFile = spawned.stdoutFile;
    return {
      pid: proc.pid,
      kill: async () => {
        await terminateTree(proc);
        if (!this.stopped) removeProcess(this.state, proc.pid);
      },
      exited: spawned.exited,
      stdout: () => (stdoutFile ? readOptional(stdoutFile) : ''),
    };
  }

  /** Launches applications and waits until each has a managed window. */
  async startApps(commands: string[]): Promise<void> {
    const started = await Promise.all(commands.map((command) => this.spawnApp(command, [])));
    await Promise.all(
      started.map((app) =>
        this.appWaiter()(app.process.pid, {
          what: `a window of ${app.process.name} (pid ${app.process.pid})`,
          timeoutMs: APP_WINDOW_TIMEOUT_MS,
          abort: exitWatch(app.process.name, app.exited, () => logTail(app.logFile)),
        }),
      ),
    );
  }

  /** How a launched app is awaited: its managed window (X11, sway), or its AT-SPI registration (mutter lists no windows). */
  private appWaiter(): (pid: number, o: Parameters<typeof waitForWindowOf>[2]) => Promise<unknown> {
    const wayland = this.state.wayland;
    if (!wayland) return (pid, o) => waitForWindowOf(this.display, pid, o);
    if (wayland.compositor === 'mutter') return waitForRegisteredAppOf(this.state.env.AT_SPI_BUS_ADDRESS ?? '');
    return waitForWaylandWindowOf(wayland.swaySocket);
  }

  async stop(): Promise<void> {
    if (this.stopped) return;
    this.stopped = true;
    const leftovers = await tearDown(this.state);
    if (leftovers.length > 0) throw new DesktopError(`desktop ${this.display}: processes still running after SIGKILL: ${leftovers.join(', ')}`);
  }

  /** Apps of a Wayland desktop run as its account (the a11y bus accepts only that user). */
  private account(): { uid?: number; gid?: number } {
    const wayland = this.state.wayland;
    return wayland && wayland.uid !== process.getuid?.() ? { uid: wayland.uid, gid: wayland.gid } : {};
  }

  private async spawnApp(command: string, args: string[], captureStdout = false): Promise<Spawned & { stdoutFile?: string }> {
    if (this.stopped) throw new DesktopError(`desktop ${this.display} is stopped`);
    const executable = requireExecutable(command);
    this.launched += 1;
    const name = `app-${this.launched}-${basename(command)}`;
    const logDir = desktopPaths(this.state.dir).logs;
    const stdoutFile = captureStdout ? join(logDir, `${name}.stdout`) : undefined;
    const spawned = await spawnTracked({
      name,
      command: executable,
      args: appArguments(command, args),
      env: appProcessEnv(this.state.env),
      logDir,
      stdoutFile,
      ...this.account(),
    });
    addProcess(this.state, spawned.process);
    return { ...spawned, ...(stdoutFile ? { stdoutFile } : {}) };
  }
}

/** The desktop's directory goes away on stop: what was written is then gone too. */
function readOptional(file: string): string {
  try {
    return readFileSync(file, 'utf8');
  } catch {
    return '';
  }
}
