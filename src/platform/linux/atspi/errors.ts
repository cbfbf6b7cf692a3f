/**
 * Errors of the AT-SPI layer. Messages name the node and the operation, never the text or value
 * being set (P-SENS-1: a password typed through setText must not surface in a log or an error).
 */
export type AtspiErrorCode =
  | 'bad_ref' // the ref is not one this probe hands out
  | 'bad_argument' // a malformed argument (offset, value, …)
  | 'not_supported' // the node lacks the interface or the named action
  | 'refused' // the application answered false
  | 'gone' // the node or its application no longer exists
  | 'timeout' // no answer within the deadline
  | 'changing' // the node changed under the read (a table filling) and no consistent answer came
  | 'disconnected'; // the accessibility bus is not reachable

export class AtspiError extends Error {
  constructor(
    readonly code: AtspiErrorCode,
    message: string,
  ) {
    super(message);
    this.name = 'AtspiError';
  }
}

/** D-Bus error names that mean "the object or its application is gone". */
const GONE_ERRORS = new Set([
  'org.freedesktop.DBus.Error.ServiceUnknown',
  'org.freedesktop.DBus.Error.NameHasNoOwner',
  'org.freedesktop.DBus.Error.UnknownObject',
  'org.freedesktop.DBus.Error.NoReply',
  'org.freedesktop.DBus.Error.Disconnected',
]);

const UNSUPPORTED_ERRORS = new Set([
  'org.freedesktop.DBus.Error.UnknownMethod',
  'org.freedesktop.DBus.Error.UnknownInterface',
  'org.freedesktop.DBus.Error.UnknownProperty',
  'org.freedesktop.DBus.Error.NotSupported',
]);

/** Wraps any failure of an operation on a node into an AtspiError with a safe message. */
export function wrapError(error: unknown, operation: string, ref: string): AtspiError {
  if (error instanceof AtspiError) return new AtspiError(error.code, `${operation} on ${ref}: ${error.message}`);
  const type = dbusErrorType(error);
  if (type && GONE_ERRORS.has(type)) return new AtspiError('gone', `${operation} on ${ref}: the node or its application is gone (${type})`);
  if (type && UNSUPPORTED_ERRORS.has(type)) return new AtspiError('not_supported', `${operation} on ${ref}: not supported by this node (${type})`);
  // The remote text may echo arguments, so only the D-Bus error name is kept.
  return new AtspiError('refused', `${operation} on ${ref} failed${type ? ` (${type})` : ''}`);
}

/** The D-Bus error name of a failed call (dbus-next's DBusError.type), if any. */
export function dbusErrorType(error: unknown): string | undefined {
  if (typeof error === 'object' && error !== null && 'type' in error) {
    const type = (error as { type: unknown }).type;
    if (typeof type === 'string') return type;
  }
  return undefined;
}
