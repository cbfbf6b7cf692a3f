/**
 * `--app` names applications that run now: one that matches nothing is a usage error listing the
 * applications that do run (an empty snapshot and "serving nosuchapp" hid a typo). `--wait-for-app`
 * names one that may start later: the source opens once it shows a window.
 */
import type { AppInfo, DesktopTopology, Probe } from '../platform/probe.js';
import { UsageError } from './usage.js';

/** A safety net beside the change feed while waiting (an application's arrival is normally an event). */
const WAIT_POLL_MS = 1000;

export type AppMatcher = (selectors: string[]) => (app: AppInfo) => boolean;

/** Throws a UsageError naming each `--app` selector that matches no running application. */
export function checkAppsRun(command: string, topology: DesktopTopology, selectors: string[], matcher: AppMatcher): void {
  const missing = selectors.filter((selector) => !topology.apps.some(matcher([selector])));
  if (missing.length === 0) return;
  const which = missing.map((s) => `"${s}"`).join(', ');
  throw new UsageError(
    command,
    `no running application matches --app ${which}; running: ${describeApps(topology.apps)}. ` +
      'Name one of these (name, id, window class, pid or program), or use --wait-for-app NAME to wait for one that has not started',
  );
}

/** Running applications for a message: name, then id and pid where they add something. */
export function describeApps(apps: AppInfo[]): string {
  if (apps.length === 0) return 'none (no application with an accessible window)';
  const parts = apps.map((app) => {
    const extra = [app.id && app.id !== app.name ? app.id : '', app.pid !== null ? `pid ${app.pid}` : ''].filter(Boolean).join(', ');
    return extra ? `${app.name} (${extra})` : app.name;
  });
  return [...new Set(parts)].sort((a, b) => a.localeCompare(b)).join('; ');
}

/** Resolves once every selector matches an application that has a window; re-reads on the probe's events. */
export async function waitForApps(probe: Probe, selectors: string[], matcher: AppMatcher): Promise<void> {
  if (selectors.length === 0) return;
  const present = (topology: DesktopTopology) =>
    selectors.every((selector) => {
      const matches = matcher([selector]);
      return topology.apps.some((app) => matches(app) && topology.windows.some((w) => w.appKey === app.key));
    });
  let wake: () => void = () => undefined;
  const unsubscribe = probe.subscribe((change) => {
    if (change.kind === 'apps' || change.kind === 'windows') wake();
  });
  try {
    while (!present(await probe.readTopology())) {
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, WAIT_POLL_MS);
        wake = () => {
          clearTimeout(timer);
          resolve();
        };
      });
    }
  } finally {
    unsubscribe();
  }
}
