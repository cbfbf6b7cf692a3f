/**
 * Logs go to stderr: stdout belongs to the stdio transport. Callers must never pass sensitive
 * values (P-SENS-1); `redact` is the last guard for strings that might hold one.
 */
export type LogLevel = 'debug' | 'info' | 'warn' | 'error';

const ORDER: Record<LogLevel, number> = { debug: 10, info: 20, warn: 30, error: 40 };

export interface Logger {
  debug(message: string, details?: Record<string, unknown>): void;
  info(message: string, details?: Record<string, unknown>): void;
  warn(message: string, details?: Record<string, unknown>): void;
  error(message: string, details?: Record<string, unknown>): void;
}

export interface LoggerOptions {
  level?: LogLevel;
  write?: (line: string) => void;
  /** Strings that must never be written (known secrets), replaced before writing. */
  redact?: () => Iterable<string>;
}

export function createLogger(options: LoggerOptions = {}): Logger {
  const threshold = ORDER[options.level ?? 'info'];
  const write = options.write ?? ((line: string) => process.stderr.write(`${line}\n`));
  const emit = (level: LogLevel, message: string, details?: Record<string, unknown>) => {
    if (ORDER[level] < threshold) return;
    let line = `[gui-bridge] ${level}: ${message}${details ? ` ${safeJson(details)}` : ''}`;
    for (const secret of options.redact?.() ?? []) if (secret) line = line.split(secret).join('••••••');
    write(line);
  };
  return {
    debug: (m, d) => emit('debug', m, d),
    info: (m, d) => emit('info', m, d),
    warn: (m, d) => emit('warn', m, d),
    error: (m, d) => emit('error', m, d),
  };
}

export const silentLogger: Logger = { debug() {}, info() {}, warn() {}, error() {} };

function safeJson(value: unknown): string {
  try {
    return JSON.stringify(value, (_key, v: unknown) => (v instanceof Error ? v.message : v));
  } catch {
    return '[unserialisable]';
  }
}
