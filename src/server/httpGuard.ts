/**
 * HTTP request guards: Host and Origin checks against DNS rebinding and cross-site requests
 * (403), and an optional bearer token (401). Runs before any MCP handling.
 */
import { createHash, timingSafeEqual } from 'node:crypto';
import type { IncomingMessage } from 'node:http';

const LOOPBACK_NAMES = ['localhost', '127.0.0.1', '[::1]', '::1'];
const WILDCARD_HOSTS = new Set(['0.0.0.0', '::', '[::]']);

export interface GuardOptions {
  /** The address the server binds to. */
  bindHost: string;
  /** The port it listens on: same-site origins are exactly http://<allowed host>:<port>. */
  port: number;
  /** Extra host names clients may use (e.g. the machine's name when bound to 0.0.0.0). */
  allowedHosts?: string[];
  /** Extra origins allowed besides the served URL's own (exact "scheme://host[:port]"). */
  allowedOrigins?: string[];
  token?: string;
}

export type GuardVerdict = { ok: true } | { ok: false; status: 401 | 403; message: string };

/**
 * `requireToken: false` is for the console page's own files only: they carry no data,
 * and a browser cannot put a header on a navigation. Host and Origin are checked all the same.
 */
export function createGuard(options: GuardOptions): (req: IncomingMessage, requireToken?: boolean) => GuardVerdict {
  const hostnames = new Set([...LOOPBACK_NAMES, ...(options.allowedHosts ?? []).map((h) => h.toLowerCase())]);
  if (!WILDCARD_HOSTS.has(options.bindHost)) hostnames.add(normaliseHostname(options.bindHost));
  const origins = servedOrigins(hostnames, options.port);
  for (const origin of options.allowedOrigins ?? []) origins.add(canonicalOrigin(origin) ?? origin);
  const tokenDigest = options.token ? digest(options.token) : undefined;

  return (req, requireToken = true) => {
    const host = req.headers.host;
    if (!host || !hostnames.has(hostnameOf(host))) {
      return { ok: false, status: 403, message: `Forbidden: Host "${host ?? ''}" is not allowed.` };
    }
    const origin = req.headers.origin;
    if (origin !== undefined && !origins.has(canonicalOrigin(origin) ?? '')) {
      return { ok: false, status: 403, message: `Forbidden: cross-site Origin "${origin}".` };
    }
    if (tokenDigest && requireToken && !tokenMatches(req.headers.authorization, tokenDigest)) {
      return { ok: false, status: 401, message: 'Unauthorized: a valid "Authorization: Bearer <token>" header is required.' };
    }
    return { ok: true };
  };
}

/** "example.com:3000" → "example.com"; "[::1]:3000" → "[::1]". */
function hostnameOf(host: string): string {
  const trimmed = host.trim().toLowerCase();
  if (trimmed.startsWith('[')) return trimmed.slice(0, trimmed.indexOf(']') + 1);
  return trimmed.split(':')[0] ?? '';
}

function normaliseHostname(host: string): string {
  const lower = host.toLowerCase();
  return lower.includes(':') && !lower.startsWith('[') ? `[${lower}]` : lower;
}

/** The origins a page served from this server's own URL can have, nothing looser. */
function servedOrigins(hostnames: Set<string>, port: number): Set<string> {
  const origins = new Set<string>();
  for (const name of hostnames) {
    const origin = canonicalOrigin(`http://${name}:${port}`);
    if (origin) origins.add(origin);
  }
  return origins;
}

/**
 * The origin an Origin header names, or undefined when it is not a bare origin: a path,
 * userinfo, query or an opaque origin ("null") never matches.
 */
function canonicalOrigin(value: string): string | undefined {
  try {
    const url = new URL(value);
    if (url.protocol !== 'http:' && url.protocol !== 'https:') return undefined;
    return url.origin === value.toLowerCase().replace(/\/$/, '') || url.origin === value ? url.origin : undefined;
  } catch {
    return undefined;
  }
}

function digest(value: string): Buffer {
  return createHash('sha256').update(value).digest();
}

function tokenMatches(header: string | undefined, expected: Buffer): boolean {
  const match = /^Bearer\s+(.+)$/i.exec(header ?? '');
  if (!match) return false;
  return timingSafeEqual(digest((match[1] as string).trim()), expected);
}
