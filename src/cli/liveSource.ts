/**
 * The live desktop as a source: `--app NAME|PID|ID` (repeatable) or `--all-apps` on the current
 * display (Linux: DISPLAY + session bus) or the current Windows/macOS session.
 */
import { readFileSync } from 'node:fs';
import { basename } from 'node:path';
import type { AppInfo, Probe } from '../platform/probe.js';
import { checkAppsRun, waitForApps } from './appPresence.js';
import { UsageError } from './usage.js';

export const LIVE_FLAGS = {
  app: { type: 'string', multiple: true },
  'wait-for-app': { type: 'string', multiple: true },
  'all-apps': { type: 'boolean' },
  screenshots: { type: 'boolean' },
} as const;

export const LIVE_HELP = `  --app NAME|PID|ID      serve this application of the current desktop (repeatable): its name
                         (gedit), application id (org.gnome.gedit), window class, pid or
                         program (sqlitebrowser); one
                         that matches no running application stops the command (exit 2) and
                         lists those that run
  --wait-for-app NAME    like --app, for an application that may not run yet: waits until it
                         shows a window (repeatable)
  --all-apps             serve every application of the current desktop
  --screenshots          add a screenshot of each window (media block) and a capture action`;

export interface LiveFlagValues {
  app?: string[];
  'wait-for-app'?: string[];
  'all-apps'?: boolean;
  screenshots?: boolean;
}

export interface LiveSource {
  probe: Probe;
  multiApp: boolean;
  inScope: (app: AppInfo) => boolean;
  screenshots: boolean;
  /** A live desktop can lose an event: re-read everything this often as a safety net. */
  rescanMs: number;
  description: string;
}

/** Slow on purpose: events carry the changes; this only heals a missed one. */
const SAFETY_RESCAN_MS = 15_000;

export function wantsLiveSource(values: LiveFlagValues): boolean {
  return (values.app?.length ?? 0) > 0 || (values['wait-for-app']?.length ?? 0) > 0 || values['all-apps'] === true;
}

export async function openLiveSource(command: string, values: LiveFlagValues): Promise<LiveSource> {
  const running = values.app ?? [];
  const awaited = values['wait-for-app'] ?? [];
  const selectors = [...running, ...awaited];
  if (values['all-apps'] && selectors.length > 0) throw new UsageError(command, 'choose --app NAME (repeatable) or --all-apps, not both');
  if (running.some((s) => s.trim() === '')) throw new UsageError(command, '--app needs a name, id or pid');
  if (awaited.some((s) => s.trim() === '')) throw new UsageError(command, '--wait-for-app needs a name, id or pid');
  const probe = await openPlatformProbe(values.screenshots === true);
  const all = values['all-apps'] === true;
  try {
    if (running.length > 0) checkAppsRun(command, await probe.readTopology(), running, appMatcher);
    await waitForApps(probe, awaited, appMatcher);
  } catch (error) {
    await probe.close().catch(() => undefined);
    throw error;
  }
  return {
    probe,
    multiApp: all || selectors.length > 1,
    inScope: all ? () => true : appMatcher(selectors),
    screenshots: values.screenshots === true,
    rescanMs: SAFETY_RESCAN_MS,
    description: all ? 'every application of this desktop' : `${selectors.join(', ')} on this desktop`,
  };
}

/**
 * "gedit" matches name gedit, id org.gnome.gedit (last segment), class Gedit, a pid, or the
 * program the process runs (Linux: `sqlitebrowser` for "DB Browser for SQLite", whose accessible
 * name and window class say nothing of its command).
 */
export function appMatcher(selectors: string[]): (app: AppInfo) => boolean {
  const wanted = selectors.map((s) => s.trim().toLowerCase());
  const programs = new Map<number, string>();
  const programOf = (pid: number) => {
    let program = programs.get(pid);
    if (program === undefined) programs.set(pid, (program = programName(pid).toLowerCase()));
    return program;
  };
  return (app) => {
    const names = [app.name, app.id, app.id.split('.').at(-1) ?? '', app.pid === null ? '' : String(app.pid)].map((n) => n.toLowerCase());
    if (wanted.some((w) => names.includes(w))) return true;
    return app.pid !== null && wanted.includes(programOf(app.pid));
  };
}

/** The base name of a process's argv[0] ('' where /proc does not tell). */
function programName(pid: number): string {
  if (process.platform !== 'linux') return '';
  try {
    return basename(readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0')[0] ?? '');
  } catch {
    return ''; // gone, or another user's process
  }
}

/** A Wayland session: native windows come from AT-SPI + the compositor. */
function isWaylandSession(): boolean {
  return Boolean(process.env.WAYLAND_DISPLAY && (process.env.XDG_SESSION_TYPE === 'wayland' || !process.env.DISPLAY));
}

/**
 * Starts loading the X11 desktop's modules (about a third of what `serve` loads) while the
 * command still reads its config and translators: openLiveSource's import of the same module
 * then finds it loaded or loading (start-up). Loading has no effect of its own.
 */
export function preloadLiveSource(): void {
  if (process.platform === 'linux' && !isWaylandSession()) import('../platform/linux/probe.js').catch(() => undefined);
}

/** Without --screenshots, capture starts only when a window needs its pixels read (window-only, OCR). */
async function openPlatformProbe(screenshots: boolean): Promise<Probe> {
  switch (process.platform) {
    case 'linux': {
      if (isWaylandSession()) {
        const { openWaylandProbe } = await import('../platform/linux/wayland/probe.js');
        // grim runs per capture: holding it ready costs nothing.
        return openWaylandProbe({ capture: true });
      }
      const { openLinuxProbe } = await import('../platform/linux/probe.js');
      const probe = await openLinuxProbe({ capture: screenshots ? true : 'on-demand' });
      // X11 is the truth for windows: without the display nothing is left to serve (one line, exit 1).
      probe.onDisplayLost((message) => {
        process.stderr.write(`gui-bridge: ${message}; exiting.\n`);
        process.exit(1);
      });
      return probe;
    }
    case 'win32': {
      const { openWin32Probe } = await import('../platform/win32/index.js');
      return openWin32Probe();
    }
    case 'darwin': {
      const { openDarwinProbe } = await import('../platform/darwin/index.js');
      return openDarwinProbe();
    }
    default:
      throw new Error(`no desktop probe for ${process.platform}`);
  }
}
