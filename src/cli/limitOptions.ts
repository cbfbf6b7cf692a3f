/** `serve` security and limit flags: token, exposure check, session cap, idle expiry, window cap. */
import { assertExposureAllowed, ExposureError } from '../util/exposure.js';
import type { SessionLimits } from '../server/httpSessions.js';
import { DEFAULT_MAX_SESSIONS, DEFAULT_SESSION_IDLE_MS, DEFAULT_MAX_WINDOWS_PER_APP } from '../util/limits.js';
import { parseCount, UsageError } from './usage.js';

export const LIMIT_FLAGS = {
  'max-windows': { type: 'string' },
  'max-sessions': { type: 'string' },
  'session-idle-timeout': { type: 'string' },
} as const;

export const LIMIT_HELP = `  --max-windows N        publish at most N windows per application (default ${DEFAULT_MAX_WINDOWS_PER_APP}); the
                         others are counted in a notice on the first window
  --max-sessions N       at most N HTTP sessions at once (default ${DEFAULT_MAX_SESSIONS}); a new one closes
                         the least recently active idle session, or gets 503 when all are busy
  --session-idle-timeout S  close an HTTP session idle for S seconds (default ${DEFAULT_SESSION_IDLE_MS / 1000})`;

export interface LimitValues {
  'max-windows'?: string;
  'max-sessions'?: string;
  'session-idle-timeout'?: string;
}

export function maxWindows(command: string, values: LimitValues): number | undefined {
  const max = values['max-windows'];
  return max === undefined ? undefined : parseCount(command, '--max-windows', max, 1, 100_000);
}

export function httpLimits(command: string, values: LimitValues): SessionLimits {
  const max = values['max-sessions'];
  const idle = values['session-idle-timeout'];
  return {
    ...(max !== undefined ? { maxSessions: parseCount(command, '--max-sessions', max, 1, 100_000) } : {}),
    ...(idle !== undefined ? { idleTimeoutMs: parseCount(command, '--session-idle-timeout', idle, 1, 7 * 86_400) * 1000 } : {}),
  };
}

/**
 * The token from --token or GUI_BRIDGE_TOKEN. Set but empty is an error, never "no auth"; a
 * network-reachable --host without one is refused (exit 2, one line saying how to set it).
 */
export function httpToken(command: string, flag: string | undefined, host: string | undefined): string | undefined {
  const fromEnv = process.env.GUI_BRIDGE_TOKEN;
  const token = flag ?? fromEnv;
  const where = flag !== undefined ? '--token' : 'GUI_BRIDGE_TOKEN';
  if (token !== undefined && token.trim() === '') throw new UsageError(command, `${where} is empty: give it a secret value, or unset it`);
  try {
    assertExposureAllowed(host ?? '127.0.0.1', token);
  } catch (error) {
    if (error instanceof ExposureError) throw new UsageError(command, error.message);
    throw error;
  }
  return token;
}
