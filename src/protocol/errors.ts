/** The six error codes of the GUI Bridge Protocol (§7.4, P-ERR-1), verbatim. */
export const ERROR_CODES = ['stale_state', 'validation_failed', 'blocked_by_modal', 'window_not_found', 'action_not_available', 'action_timeout'] as const;

export type ErrorCode = (typeof ERROR_CODES)[number];

/** One per-parameter problem of a `validation_failed` error (P-VAL-2). */
export interface FieldError {
  /** The tool parameter's name, as in the tool's inputSchema. */
  field: string;
  error: string;
}

export interface BridgeErrorExtra {
  currentVersion?: number;
  fields?: FieldError[];
}

/**
 * The one error type actions and the executor throw. Exactly one place
 * (`toErrorResult`) turns it into an `isError` tool result.
 * Messages must never contain sensitive values (P-SENS-1): they reach the client.
 */
export class BridgeError extends Error {
  readonly code: ErrorCode;
  readonly extra: BridgeErrorExtra;

  constructor(code: ErrorCode, message: string, extra: BridgeErrorExtra = {}) {
    super(message);
    this.name = 'BridgeError';
    this.code = code;
    this.extra = extra;
  }
}

export function isBridgeError(value: unknown): value is BridgeError {
  return value instanceof BridgeError;
}
