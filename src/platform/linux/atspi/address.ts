/**
 * D-Bus server addresses ("unix:path=/run/user/0/bus,guid=…;tcp:host=…,port=…") to sockets.
 * Linux abstract sockets (`unix:abstract=`, old dbus-launch sessions) are not supported: Node
 * 20 cannot reach them (measured: ECONNREFUSED on a listening abstract socket), so such a bus is
 * reported as unreachable rather than half-supported.
 */
import { createConnection, type Socket } from 'node:net';

export type SocketTarget = { path: string } | { host: string; port: number };

/** The first entry of an address list that we can open. */
export function socketTarget(address: string): SocketTarget {
  const problems: string[] = [];
  for (const entry of address.split(';').filter((e) => e.trim() !== '')) {
    const colon = entry.indexOf(':');
    const transport = entry.slice(0, colon);
    const params = new Map<string, string>();
    for (const pair of entry.slice(colon + 1).split(',')) {
      const eq = pair.indexOf('=');
      if (eq > 0) params.set(pair.slice(0, eq), unescapeValue(pair.slice(eq + 1)));
    }
    const path = params.get('path');
    const port = Number(params.get('port'));
    if (transport === 'unix' && path) return { path };
    if (transport === 'tcp' && Number.isInteger(port) && port > 0) return { host: params.get('host') ?? '127.0.0.1', port };
    problems.push(transport === 'unix' && params.has('abstract') ? 'abstract unix sockets are not supported' : `unsupported address "${entry.slice(0, 40)}"`);
  }
  throw new Error(problems.join('; ') || 'empty D-Bus address');
}

export function openSocket(target: SocketTarget): Socket {
  const socket = 'path' in target ? createConnection(target.path) : createConnection(target.port, target.host);
  socket.setNoDelay?.(true);
  return socket;
}

/** D-Bus escapes address values as %XX. */
function unescapeValue(value: string): string {
  try {
    return decodeURIComponent(value);
  } catch {
    return value;
  }
}
