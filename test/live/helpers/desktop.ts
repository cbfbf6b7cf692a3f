/**
 * Live-test harness: one private headless desktop per test file (started in beforeAll, stopped
 * in afterAll) and a polling `waitFor`.
 *
 *   const stack = displayStack(['gedit']);
 *   describe.skipIf(stack.skip)('gedit', () => {
 *     const live = useDesktop({ apps: ['gedit'] });
 *     it('…', async () => { const { desktop } = live; … });
 *   });
 *
 * A file skips only when the display stack is genuinely missing on a developer machine, and
 * says why; under CI (CI set) it never skips: a missing program fails the tests instead.
 */
import { afterAll, beforeAll } from 'vitest';
import { checkDesktopPrograms, startDesktop, type Desktop, type DesktopOptions } from '../../../src/platform/linux/desktop/index.js';

export interface DisplayStack {
  skip: boolean;
  reason: string | null;
}

/** Whether the desktop programs (and these apps / tools) are installed. */
export function displayStack(programs: string[] = []): DisplayStack {
  if (process.platform !== 'linux') return report('not Linux');
  try {
    checkDesktopPrograms(programs);
    return { skip: false, reason: null };
  } catch (error) {
    return report(error instanceof Error ? error.message : String(error));
  }
}

function report(reason: string): DisplayStack {
  if (process.env.CI) return { skip: false, reason }; // CI installs the stack: never hide a failure
  console.warn(`[live tests skipped] display stack missing: ${reason}`);
  return { skip: true, reason };
}

export interface LiveDesktop {
  /** The running desktop (throws before beforeAll ran). */
  readonly desktop: Desktop;
}

/** Starts a desktop before the file's tests and stops it after them. */
export function useDesktop(options: DesktopOptions = {}): LiveDesktop {
  let current: Desktop | null = null;
  beforeAll(async () => {
    current = await startDesktop(options);
  }, 90_000);
  afterAll(async () => {
    await current?.stop();
    current = null;
  }, 30_000);
  return {
    get desktop(): Desktop {
      if (!current) throw new Error('the live desktop is not running (beforeAll failed or has not run)');
      return current;
    },
  };
}

/**
 * Polls `predicate` until it returns a truthy value and returns it; thrown errors count as "not
 * yet". Rejects after `timeoutMs` with the last error.
 */
export async function waitFor<T>(predicate: () => T | Promise<T>, timeoutMs = 10_000, intervalMs = 50): Promise<NonNullable<T>> {
  const deadline = Date.now() + timeoutMs;
  let last = '';
  for (;;) {
    try {
      const value = await predicate();
      if (value) return value as NonNullable<T>;
    } catch (error) {
      last = error instanceof Error ? error.message : String(error);
    }
    if (Date.now() >= deadline) throw new Error(`waitFor timed out after ${timeoutMs} ms${last ? `: ${last}` : ''}`);
    await new Promise((resolve) => setTimeout(resolve, intervalMs));
  }
}
