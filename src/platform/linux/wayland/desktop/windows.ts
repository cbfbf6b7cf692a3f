/**
 * Waiting for a launched application on a Wayland desktop: on sway for its first window (sway's
 * tree carries pids); on mutter, which publishes no window list, for its registration with the
 * AT-SPI registry (the bridge finds its windows there too).
 */
import { DbusLink } from '../../atspi/dbusLink.js';
import { descendantsOf } from '../../desktop/processes.js';
import { pollUntil, type PollOptions } from '../../desktop/wait.js';
import { swayWindows, type SwayWindow } from '../swayIpc.js';

type WaitFor<T> = (pid: number, options: Omit<PollOptions, 'intervalMs'>) => Promise<T>;

const CALL_TIMEOUT_MS = 3000;

/** The window of `pid` or of one of its children (launchers that fork), once sway maps it. */
export function waitForWaylandWindowOf(swaySocket: string): WaitFor<SwayWindow> {
  return (pid, options) =>
    pollUntil(
      async () => {
        const family = new Set([pid, ...descendantsOf(pid)]);
        return (await swayWindows(swaySocket)).find((w) => family.has(w.pid));
      },
      { ...options, intervalMs: 100 },
    );
}

/** The accessibility bus name of `pid` (or a child of it), once it has registered with the AT-SPI registry. */
export function waitForRegisteredAppOf(a11yAddress: string): WaitFor<string> {
  return (pid, options) =>
    pollUntil(
      async () => {
        const family = new Set([pid, ...descendantsOf(pid)]);
        const link = await DbusLink.open(a11yAddress, { hello: true, timeoutMs: CALL_TIMEOUT_MS });
        try {
          const [children] = await link.call({
            destination: 'org.a11y.atspi.Registry',
            path: '/org/a11y/atspi/accessible/root',
            interface: 'org.a11y.atspi.Accessible',
            member: 'GetChildren',
          });
          for (const [bus] of (children ?? []) as Array<[string, string]>) {
            if (family.has(await link.unixPidOf(bus))) return bus;
          }
          return undefined;
        } finally {
          link.close();
        }
      },
      { ...options, intervalMs: 100 },
    );
}
