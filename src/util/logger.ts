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
  /** Time stamp source (every stderr line starts with an ISO time); tests fix it. */
  now?: () => Date;
  /** Sees every line written, after redaction (the MCP logging capability forwards them). */
  tap?: LogTap;
}

export interface LogEntry {
  level: LogLevel;
  /** The redacted text without time and prefix: "message {details}". */
  text: string;
}

/** Fan-out of log entries to listeners that come and go (MCP connections). */
export class LogTap {
  private readonly listeners = new Set<(entry: LogEntry) => void>();

  listen(listener: (entry: LogEntry) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  get active(): boolean {
    return this.listeners.size > 0;
  }

  emit(entry: LogEntry): void {
    for (const listener of this.listeners) {
      try {
        listener(entry);
      } catch {
        // a listener's failure must not break logging (nor log about itself: that would loop)
      }
    }
  }
}

export function createLogger(options: LoggerOptions = {}): Logger {
  const threshold = ORDER[options.level ?? 'info'];
  const write = options.write ?? ((line: string) => process.stderr.write(`${line}\n`));
  const emit = (level: LogLevel, message: string, details?: Record<string, unknown>) => {
    const toStderr = ORDER[level] >= threshold;
    if (!toStderr && !options.tap?.active) return;
    let text = `${message}${details ? ` ${safeJson(details)}` : ''}`;
    for (const secret of options.redact?.() ?? []) if (secret) text = text.split(secret).join('••••••');
    if (toStderr) write(`${(options.now?.() ?? new Date()).toISOString()} [gui-bridge] ${level}: ${text}`);
    options.tap?.emit({ level, text });
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
