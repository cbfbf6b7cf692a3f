/** Polling with a deadline, for daemons that signal readiness only by becoming reachable. */

export class DesktopError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'DesktopError';
  }
}

export interface PollOptions {
  /** Names what is awaited, for the timeout message. */
  what: string;
  timeoutMs: number;
  intervalMs?: number;
  /** Checked before each attempt: a message ends the wait at once (e.g. "Xvfb exited"). */
  abort?: () => string | null;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Calls `check` until it returns a value other than undefined; errors count as "not yet". */
export async function pollUntil<T>(check: () => Promise<T | undefined>, options: PollOptions): Promise<T> {
  const deadline = Date.now() + options.timeoutMs;
  let lastError = '';
  for (;;) {
    const aborted = options.abort?.();
    if (aborted) throw new DesktopError(`${options.what}: ${aborted}`);
    try {
      const value = await check();
      if (value !== undefined) return value;
    } catch (error) {
      lastError = error instanceof Error ? error.message : String(error);
    }
    if (Date.now() >= deadline)
      throw new DesktopError(`timed out after ${options.timeoutMs} ms waiting for ${options.what}${lastError ? ` (${lastError})` : ''}`);
    await sleep(options.intervalMs ?? 50);
  }
}

/** Tracks whether a spawned process has exited, for `PollOptions.abort`. */
export function exitWatch(name: string, exited: Promise<number | NodeJS.Signals | null>, details: () => string): () => string | null {
  let status: number | NodeJS.Signals | null | undefined;
  void exited.then((code) => {
    status = code;
  });
  return () => (status === undefined ? null : `${name} exited (${String(status)})${details() ? `: ${details()}` : ''}`);
}
