/** Waiting for a launched application's first window on a sway desktop (its tree carries pids). */
import { descendantsOf } from '../../desktop/processes.js';
import { pollUntil, type PollOptions } from '../../desktop/wait.js';
import { swayWindows, type SwayWindow } from '../swayIpc.js';

/** The window of `pid` or of one of its children (launchers that fork), once sway maps it. */
export function waitForWaylandWindowOf(swaySocket: string) {
  return (pid: number, options: Omit<PollOptions, 'intervalMs'>): Promise<SwayWindow> =>
    pollUntil(
      async () => {
        const family = new Set([pid, ...descendantsOf(pid)]);
        return (await swayWindows(swaySocket)).find((w) => family.has(w.pid));
      },
      { ...options, intervalMs: 100 },
    );
}
