/**
 * A2C-SMCP v0.2 Window URIs: `window://<host>/<seg>/<seg>…`, a pure identifier (seed §4.1, W1).
 *
 * Two layers, as the protocol asks (seed §4.1 "校验规则", §6.1;
 * a2c-smcp-protocol/docs/specification/desktop.md "Window URI 规范"):
 * - building is strict (the "Agent SDK construct layer"): a query, a fragment, an empty or
 *   malformed host is an error;
 * - parsing is tolerant (the "Computer parse layer"): a query or fragment is dropped with a warning,
 *   the identity is host + path.
 * Path segments are percent-encoded one by one, so "c/d" stays one segment ("c%2Fd"). Hosts are
 * compared lower-case: the Python reference parses them with yarl, which lower-cases hosts
 * (A2C-SMCP/python-sdk a2c_smcp/utils/window_uri.py).
 */

export const WINDOW_SCHEME = 'window';

export type WindowUriErrorCode = 'not_window_uri' | 'empty_host' | 'invalid_host' | 'query_not_allowed' | 'fragment_not_allowed' | 'invalid_segment';

export class WindowUriError extends Error {
  constructor(
    readonly code: WindowUriErrorCode,
    message: string,
  ) {
    super(message);
    this.name = 'WindowUriError';
  }
}

export interface WindowUri {
  host: string;
  /** Decoded path segments, 0..N. */
  path: string[];
  /** The canonical form: host + encoded path, no query, no fragment. */
  uri: string;
}

export interface ParsedWindowUri extends WindowUri {
  /** What the tolerant parser dropped or noticed (log them as WARN). */
  warnings: string[];
}

/** One DNS-like label: letters, digits, inner hyphens (RFC 1123), lower-case. */
const LABEL = /^[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?$/;
/** scheme://authority path ?query #fragment — RFC 3986 appendix B, scheme fixed later. */
const URI_PARTS = /^([A-Za-z][A-Za-z0-9+.-]*):\/\/([^/?#]*)([^?#]*)(\?[^#]*)?(#.*)?$/;

/** Whether `host` is a syntactically valid window host (non-empty labels separated by dots). */
export function isValidHost(host: string): boolean {
  return host.length > 0 && host.length <= 253 && host.split('.').every((label) => LABEL.test(label));
}

/** Reverse-domain style (`com.example.app`): at least two labels, the recommended host form (seed §4.2). */
export function isReverseDomainHost(host: string): boolean {
  return isValidHost(host) && host.includes('.');
}

/**
 * Strict builder. Encodes every segment like Python's `quote(seg, safe="")` (RFC 3986
 * unreserved characters only), so both SDKs produce byte-identical URIs.
 */
export function buildWindowUri(host: string, path: readonly string[] = []): string {
  if (host.length === 0) throw new WindowUriError('empty_host', 'a window URI needs a non-empty host');
  if (!isValidHost(host)) {
    throw new WindowUriError('invalid_host', `"${host}" is not a valid window host (lower-case labels such as com.example.app)`);
  }
  const encoded = path.map(encodeSegment);
  return `${WINDOW_SCHEME}://${host}${encoded.length > 0 ? `/${encoded.join('/')}` : ''}`;
}

/** Strict check of a complete URI (construct layer): any query or fragment is an error. */
export function validateWindowUri(uri: string): WindowUri {
  const parts = splitUri(uri);
  if (parts.query !== undefined) throw new WindowUriError('query_not_allowed', `window URIs carry no query (seed §4.1 W1): ${uri}`);
  if (parts.fragment !== undefined) throw new WindowUriError('fragment_not_allowed', `window URIs carry no fragment: ${uri}`);
  return toWindowUri(parts);
}

/** Tolerant parse (Computer layer): a query or fragment is dropped with a warning. */
export function parseWindowUri(uri: string): ParsedWindowUri {
  const parts = splitUri(uri);
  const warnings: string[] = [];
  if (parts.query !== undefined) warnings.push(`dropped the query "${parts.query}" of ${uri}: v0.2 window URIs carry no query`);
  if (parts.fragment !== undefined) warnings.push(`dropped the fragment "${parts.fragment}" of ${uri}`);
  const parsed = toWindowUri(parts);
  if (!isReverseDomainHost(parsed.host)) warnings.push(`host "${parsed.host}" is not reverse-domain style (e.g. com.example.app)`);
  return { ...parsed, warnings };
}

/** Whether `uri` parses as a window URI at the tolerant layer. */
export function isWindowUri(uri: string): boolean {
  try {
    parseWindowUri(uri);
    return true;
  } catch {
    return false;
  }
}

interface UriParts {
  host: string;
  rawPath: string;
  query?: string;
  fragment?: string;
}

function splitUri(uri: string): UriParts {
  const match = URI_PARTS.exec(uri);
  if (!match || (match[1] ?? '').toLowerCase() !== WINDOW_SCHEME) {
    throw new WindowUriError('not_window_uri', `not a window:// URI: ${uri}`);
  }
  const query = match[4] === undefined ? undefined : match[4].slice(1);
  const fragment = match[5] === undefined ? undefined : match[5].slice(1);
  return { host: match[2] ?? '', rawPath: match[3] ?? '', query, fragment };
}

function toWindowUri(parts: UriParts): WindowUri {
  if (parts.host.length === 0) throw new WindowUriError('empty_host', 'a window URI needs a non-empty host');
  const host = parts.host.toLowerCase();
  if (!isValidHost(host)) throw new WindowUriError('invalid_host', `"${parts.host}" is not a valid window host`);
  const raw = parts.rawPath.replace(/^\//, '');
  const path = raw.length === 0 ? [] : raw.split('/').map(decodeSegment);
  return { host, path, uri: buildWindowUri(host, path) };
}

function encodeSegment(segment: string): string {
  // encodeURIComponent leaves !'()* alone; RFC 3986 (and Python's quote) encode them.
  return encodeURIComponent(segment).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
}

function decodeSegment(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    throw new WindowUriError('invalid_segment', `bad percent-encoding in path segment "${segment}"`);
  }
}
