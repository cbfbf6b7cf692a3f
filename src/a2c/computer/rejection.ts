/**
 * Recognising an A2C-SMCP handshake rejection. A server refuses an incompatible version in its HTTP
 * middleware with `400`, header `X-A2C-Error-Code: 4008` and a JSON body
 * `{code: 4008, message, server_version, client_version, min_supported, max_supported}`
 * (seed §4.4; a2c-smcp-protocol error-handling.md "HTTP 响应规范"). socket.io-client reports the
 * failed polling request as a TransportError whose `description` is the HTTP status and whose
 * `context` is the XMLHttpRequest (or the fetch Response): that is where body and header are read.
 */
import { A2C_ERRORS, A2C_PROTOCOL_VERSION, ERROR_CODE_HEADER, VersionMismatchBodySchema, type VersionMismatchBody } from '../protocol.js';

export class VersionMismatchError extends Error {
  constructor(readonly body: VersionMismatchBody | null) {
    super(describeMismatch(body));
    this.name = 'VersionMismatchError';
  }
}

export class ConnectionRejectedError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ConnectionRejectedError';
  }
}

interface HttpContext {
  responseText?: unknown;
  getResponseHeader?: (name: string) => string | null;
  headers?: { get(name: string): string | null };
}

/** The 4008 rejection carried by a connect error, if it is one (`body` null when only the header says so). */
export function versionRejection(error: Error): { body: VersionMismatchBody | null } | null {
  const { description, context } = error as Error & { description?: unknown; context?: unknown };
  if (description !== 400 || typeof context !== 'object' || context === null) return null;
  const http = context as HttpContext;
  const body = VersionMismatchBodySchema.safeParse(parseJson(http.responseText));
  if (body.success) return { body: body.data };
  const header = http.getResponseHeader?.(ERROR_CODE_HEADER) ?? http.headers?.get(ERROR_CODE_HEADER) ?? null;
  return header?.trim() === String(A2C_ERRORS.versionMismatch) ? { body: null } : null;
}

/** One line for the user: both versions and what the server accepts. */
export function describeMismatch(body: VersionMismatchBody | null): string {
  const range = body?.min_supported && body.max_supported ? `${body.min_supported} to ${body.max_supported}` : (body?.server_version ?? 'an unknown range');
  return `A2C-SMCP protocol version mismatch (4008): this Computer speaks ${A2C_PROTOCOL_VERSION}, the server supports ${range}${
    body?.server_version ? ` (server version ${body.server_version})` : ''
  }; not retrying.`;
}

function parseJson(text: unknown): unknown {
  if (typeof text !== 'string' || text.length === 0) return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}
