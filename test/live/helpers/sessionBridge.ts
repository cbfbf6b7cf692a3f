/**
 * One live bridge per test file on either session: X11 (Xvfb + openbox, the bridge in
 * the test process: liveBridge.ts) or Wayland (sway, the CLI bridge as the desktop's user:
 * waylandStack.ts). Tests written against it run unchanged on both.
 */
import { afterAll, beforeAll } from 'vitest';
import type { DesktopHandle } from '../../../src/platform/linux/desktop/index.js';
import type { TestClient } from '../../helpers/demoServer.js';
import { reportFirstFailure } from './failureReport.js';
import { useLiveBridge, windowQueries, type WindowQueries } from './liveBridge.js';
import { openWaylandBridge, type WaylandBridge } from './waylandStack.js';

export type LiveSession = 'x11' | 'wayland';

export interface SessionBridge extends WindowQueries {
  readonly session: LiveSession;
  readonly desktop: DesktopHandle;
  /** A client subscribed to app://windows. */
  readonly client: TestClient;
  /** What the bridge logged (on Wayland: the CLI's stderr). */
  logs(): string;
}

export function useSessionBridge(session: LiveSession, apps: string[]): SessionBridge {
  if (session === 'x11') {
    const live = useLiveBridge({ desktop: { apps } });
    return {
      session,
      get desktop() {
        return live.desktop;
      },
      get client() {
        return live.client;
      },
      logs: () => live.logs.join('\n'),
      windowTitled: (title, timeoutMs) => live.windowTitled(title, timeoutMs),
      windowNow: (id) => live.windowNow(id),
      fieldsOf: (id) => live.fieldsOf(id),
    };
  }
  let wayland: WaylandBridge | undefined;
  let queries: WindowQueries | undefined;
  const running = (): WaylandBridge => wayland ?? raise('the Wayland bridge is not running (beforeAll failed or has not run)');
  beforeAll(async () => {
    wayland = await openWaylandBridge(apps);
    await wayland.client.client.subscribeResource({ uri: 'app://windows' });
    queries = windowQueries(wayland.client);
  }, 120_000);
  afterAll(async () => {
    await wayland?.close();
  }, 60_000);
  reportFirstFailure(() => (wayland ? { desktop: wayland.desktop, log: wayland.stderr() } : null));
  const ask = (): WindowQueries => (running(), queries as WindowQueries);
  return {
    session,
    get desktop() {
      return running().desktop;
    },
    get client() {
      return running().client;
    },
    logs: () => running().stderr(),
    windowTitled: (title, timeoutMs) => ask().windowTitled(title, timeoutMs),
    windowNow: (id) => ask().windowNow(id),
    fieldsOf: (id) => ask().fieldsOf(id),
  };
}

function raise(message: string): never {
  throw new Error(message);
}
