/**
 * The EWMH window manager (openbox) of a desktop, and waiting for an application's first
 * window: both observed through X11, the source of truth for topology.
 */
import { X11Connection } from '../x11/connection.js';
import { readCardinals } from '../x11/properties.js';
import { listWindows, type X11Window } from '../x11/windows.js';
import { requireExecutable } from './binaries.js';
import { logTail, spawnTracked, type Spawned } from './spawn.js';
import type { DesktopPaths } from './state.js';
import { exitWatch, pollUntil } from './wait.js';

export async function startWindowManager(paths: DesktopPaths, env: Record<string, string>, track: (spawned: Spawned) => void): Promise<void> {
  const openbox = await spawnTracked({ name: 'openbox', command: requireExecutable('openbox'), args: ['--sm-disable'], env, logDir: paths.logs });
  track(openbox);
  await withDisplay(env.DISPLAY ?? '', (conn) =>
    pollUntil(async () => ((await readCardinals(conn, conn.root, '_NET_SUPPORTING_WM_CHECK'))[0] ? true : undefined), {
      what: 'the window manager (_NET_SUPPORTING_WM_CHECK)',
      timeoutMs: 10_000,
      abort: exitWatch('openbox', openbox.exited, () => logTail(openbox.logFile)),
    }),
  );
}

/** Waits until a client window of process `pid` is managed (listed in _NET_CLIENT_LIST). */
export function waitForWindowOf(display: string, pid: number, options: { what: string; timeoutMs: number; abort?: () => string | null }): Promise<X11Window> {
  return withDisplay(display, (conn) => pollUntil(async () => (await listWindows(conn)).find((w) => w.pid === pid), { ...options, intervalMs: 100 }));
}

async function withDisplay<T>(display: string, use: (conn: X11Connection) => Promise<T>): Promise<T> {
  const conn = await X11Connection.open(display);
  try {
    return await use(conn);
  } finally {
    await conn.close();
  }
}
