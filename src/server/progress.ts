/**
 * Progress while a call waits: when the client sent `_meta.progressToken`, a
 * `notifications/progress` goes out every second after the first second, until the call ends.
 * The total is unknown (effects finish when the app says so), so only `progress` grows.
 */
import type { ProgressNotification } from '@modelcontextprotocol/sdk/types.js';

export type SendProgress = (notification: ProgressNotification) => Promise<void>;

export function startProgress(token: string | number | undefined, send: SendProgress, describe: () => string, everyMs = 1000): () => void {
  if (token === undefined) return () => undefined;
  let ticks = 0;
  const timer = setInterval(() => {
    ticks += 1;
    const notification: ProgressNotification = {
      method: 'notifications/progress',
      params: { progressToken: token, progress: ticks, message: `${describe()} (${ticks} s)` },
    };
    send(notification).catch(() => undefined); // a client that left does not fail the call
  }, everyMs);
  timer.unref();
  return () => clearInterval(timer);
}
