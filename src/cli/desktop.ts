/** `gui-bridge desktop up|down|status|env`: private headless accessible desktops (Linux). */
import {
  DesktopError,
  listDesktopDirs,
  MissingBinaryError,
  openDesktop,
  readState,
  desktopDir,
  tearDown,
  type DesktopState,
} from '../platform/linux/desktop/index.js';
import { isRunning } from '../platform/linux/desktop/processes.js';
import { CORE_PROCESS_NAMES } from '../platform/linux/desktop/teardown.js';
import { COMPOSITORS, type Compositor } from '../platform/linux/wayland/desktop/bringUp.js';
import { parseCommandArgs, UsageError } from './usage.js';

export const DESKTOP_HELP = `Usage: gui-bridge desktop <up|down|status|env> [--apps A,B] [--display :N] [--wayland [--user NAME]]

A private headless desktop with accessibility on: Xvfb, a session D-Bus, the AT-SPI bus and
registry, openbox, and optionally applications. Everything it starts is recorded by pid and
stopped by pid.

  up        start a desktop (a free display from :100 unless --display), print its env lines
  down      stop the desktop and everything started in it
  status    say what runs
  env       print "export DISPLAY=… DBUS_SESSION_BUS_ADDRESS=… XDG_RUNTIME_DIR=…" lines
            (eval "$(gui-bridge desktop env)"); apps find the accessibility bus
            through the session bus (AT_SPI_BUS_ADDRESS would hide it from Qt 6.4)

Options:
  --apps A,B      with up: applications to start, e.g. gedit,gnome-calculator,zenity
  --display :N    the desktop's display (needed when several desktops run); a Wayland
                  desktop's number (from 300 up) works the same way
  --wayland       with up: a headless Wayland desktop instead: sway (headless backend, pixman
                  renderer, XWayland), its own session and accessibility buses, apps as native
                  Wayland clients; env then prints WAYLAND_DISPLAY, SWAYSOCK and
                  GUI_BRIDGE_DESKTOP_USER (serve/snapshot run as that user: see README)
  --compositor C  with --wayland: sway (the default) or mutter (GNOME's compositor, headless,
                  no XWayland; keys through org.gnome.Mutter.RemoteDesktop, no screenshots)
  --user NAME     with --wayland, as root: the unprivileged account to run it as (sway refuses
                  root; default $GUI_BRIDGE_DESKTOP_USER, else guibridge)
`;

const FLAGS = {
  apps: { type: 'string' },
  display: { type: 'string' },
  wayland: { type: 'boolean' },
  user: { type: 'string' },
  compositor: { type: 'string' },
} as const;
const SUBCOMMANDS = ['up', 'down', 'status', 'env'] as const;
type Subcommand = (typeof SUBCOMMANDS)[number];
// No AT_SPI_BUS_ADDRESS on X11: Qt 6.4 apps started with it never register (docs/toolkits.md).
// A Wayland desktop runs its own accessibility bus, which the bridge (as the desktop's user) needs.
const ENV_LINES = ['DISPLAY', 'DBUS_SESSION_BUS_ADDRESS', 'XDG_RUNTIME_DIR', 'WAYLAND_DISPLAY', 'SWAYSOCK', 'XDG_SESSION_TYPE', 'GUI_BRIDGE_DESKTOP_USER'];
const WAYLAND_ENV_LINES = [...ENV_LINES, 'AT_SPI_BUS_ADDRESS'];

export async function desktopCommand(argv: string[]): Promise<number> {
  const [sub, ...rest] = argv;
  if (sub === undefined || sub === '--help' || sub === '-h') {
    process.stdout.write(DESKTOP_HELP);
    return sub === undefined ? 2 : 0;
  }
  if (!SUBCOMMANDS.includes(sub as Subcommand)) throw new UsageError('desktop', `unknown subcommand "${sub}" (expected ${SUBCOMMANDS.join(', ')})`);
  const { values } = parseCommandArgs('desktop', rest, FLAGS);
  if (values.help) {
    process.stdout.write(DESKTOP_HELP);
    return 0;
  }
  if (process.platform !== 'linux') throw new UsageError('desktop', 'headless desktops exist on Linux only');
  if (values.apps !== undefined && sub !== 'up') throw new UsageError('desktop', '--apps goes with "up" only');
  if (values.wayland && sub !== 'up') throw new UsageError('desktop', '--wayland goes with "up" only');
  if (values.user !== undefined && !values.wayland) throw new UsageError('desktop', '--user goes with "up --wayland" only');
  if (values.compositor !== undefined && !values.wayland) throw new UsageError('desktop', '--compositor goes with "up --wayland" only');
  if (values.compositor !== undefined && !COMPOSITORS.includes(values.compositor as Compositor))
    throw new UsageError('desktop', `--compositor must be one of ${COMPOSITORS.join(', ')}, not "${values.compositor}"`);
  const wayland = values.wayland ? { user: values.user, compositor: values.compositor as Compositor | undefined } : undefined;
  const display = values.display === undefined ? undefined : parseDisplay(values.display);
  try {
    return await run(sub as Subcommand, display, values.apps === undefined ? [] : parseApps(values.apps), wayland);
  } catch (error) {
    // One line naming the package to install; exit code 2 like any unusable invocation.
    if (error instanceof MissingBinaryError) {
      process.stderr.write(`gui-bridge desktop: ${error.message}\n`);
      return 2;
    }
    if (error instanceof DesktopError) {
      process.stderr.write(`gui-bridge desktop: ${error.message}\n`);
      return 1;
    }
    throw error;
  }
}

function run(sub: Subcommand, display: number | undefined, apps: string[], wayland?: { user?: string; compositor?: Compositor }): Promise<number> {
  switch (sub) {
    case 'up':
      return up(display, apps, wayland);
    case 'down':
      return down(display);
    case 'status':
      return Promise.resolve(status(display));
    case 'env':
      return Promise.resolve(printEnv(display));
  }
}

function parseDisplay(value: string): number {
  const match = /^:?(\d{1,5})$/.exec(value);
  if (!match) throw new UsageError('desktop', `--display must look like ":N", not "${value}"`);
  return Number(match[1]);
}

function parseApps(value: string): string[] {
  const apps = value.split(',').map((app) => app.trim());
  if (apps.some((app) => !/^[\w./+-]+$/.test(app))) throw new UsageError('desktop', `--apps must be a comma-separated list of program names, not "${value}"`);
  return apps;
}

async function up(display: number | undefined, apps: string[], wayland?: { user?: string; compositor?: Compositor }): Promise<number> {
  const started = Date.now();
  const desktop = await openDesktop({ display, apps, ...(wayland ? { wayland } : {}) }, { killOnExit: false });
  process.stdout.write(envLines(desktop.state));
  process.stderr.write(
    `desktop ${desktop.display} up in ${Date.now() - started} ms (${desktop.state.processes.length} processes, state in ${desktop.runtimeDir})\n`,
  );
  return 0;
}

async function down(display: number | undefined): Promise<number> {
  const targets = display === undefined ? runningDesktops() : [stateOf(display)].filter((s): s is DesktopState => s !== null);
  if (display === undefined && targets.length > 1) throw ambiguous(targets);
  if (targets.length === 0) {
    process.stderr.write(`no desktop${display === undefined ? '' : ` on :${display}`} to stop\n`);
    return 0;
  }
  let code = 0;
  for (const state of targets) {
    const leftovers = await tearDown(state);
    if (leftovers.length > 0) code = 1;
    process.stderr.write(
      leftovers.length > 0 ? `desktop :${state.display}: still running after SIGKILL: ${leftovers.join(' ')}\n` : `desktop :${state.display} down\n`,
    );
  }
  return code;
}

function status(display: number | undefined): number {
  const targets =
    display === undefined ? listDesktopDirs().flatMap((d) => (d.state ? [d.state] : [])) : [stateOf(display)].filter((s): s is DesktopState => s !== null);
  if (targets.length === 0) {
    process.stdout.write(display === undefined ? 'no desktops\n' : `no desktop on :${display}\n`);
    return display === undefined ? 0 : 1;
  }
  for (const state of targets) {
    process.stdout.write(`desktop :${state.display} ${isUp(state) ? 'up' : 'broken (run down)'} since ${state.createdAt} (${state.dir})\n`);
    for (const proc of state.processes)
      process.stdout.write(`  ${proc.name.padEnd(28)} ${String(proc.pid).padStart(7)}  ${isRunning(proc) ? 'running' : 'exited'}\n`);
  }
  return display === undefined || targets.every(isUp) ? 0 : 1;
}

function printEnv(display: number | undefined): number {
  const targets = display === undefined ? runningDesktops() : [stateOf(display)].filter((s): s is DesktopState => s !== null);
  if (targets.length > 1) throw ambiguous(targets);
  const [state] = targets;
  if (!state) throw new DesktopError(`no desktop${display === undefined ? '' : ` on :${display}`} is running (gui-bridge desktop up)`);
  process.stdout.write(envLines(state));
  return 0;
}

function envLines(state: DesktopState): string {
  return (state.env.WAYLAND_DISPLAY !== undefined ? WAYLAND_ENV_LINES : ENV_LINES)
    .filter((name) => state.env[name] !== undefined)
    .map((name) => `export ${name}='${(state.env[name] ?? '').replace(/'/g, `'\\''`)}'\n`)
    .join('');
}

function stateOf(display: number): DesktopState | null {
  return readState(desktopDir(display));
}

function isUp(state: DesktopState): boolean {
  return state.processes.filter((p) => CORE_PROCESS_NAMES.includes(p.name)).every((p) => isRunning(p));
}

function runningDesktops(): DesktopState[] {
  return listDesktopDirs().flatMap((d) => (d.state && d.state.processes.some((p) => isRunning(p)) ? [d.state] : []));
}

function ambiguous(states: DesktopState[]): UsageError {
  return new UsageError('desktop', `several desktops run (${states.map((s) => `:${s.display}`).join(', ')}): choose one with --display`);
}
