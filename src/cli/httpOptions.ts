/** `serve --http` security and limit flags: token, exposure check, session cap and idle expiry. */
import { assertExposureAllowed, ExposureError } from '../server/exposure.js';
import { DEFAULT_MAX_SESSIONS, DEFAULT_SESSION_IDLE_MS, type SessionLimits } from '../server/httpSessions.js';
import { parseCount, UsageError } from './usage.js';

export const HTTP_LIMIT_FLAGS = {
  'max-sessions': { type: 'string' },
  'session-idle-timeout': { type: 'string' },
} as const;

export const HTTP_LIMIT_HELP = `  --max-sessions N       at most N HTTP sessions at once (default ${DEFAULT_MAX_SESSIONS}); a new one closes
                         the least recently active idle session, or gets 503 when all are busy
  --session-idle-timeout S  close an HTTP session idle for S seconds (default ${DEFAULT_SESSION_IDLE_MS / 1000})`;

export interface HttpLimitValues {
  'max-sessions'?: string;
  'session-idle-timeout'?: string;
}

export function httpLimits(command: string, values: HttpLimitValues): SessionLimits {
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
