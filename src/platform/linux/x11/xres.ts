/**
 * X-Resource 1.2 `QueryClientIds`: the pid of the process behind a window's X connection, as the
 * server sees the socket. Used when a client does not set `_NET_WM_PID`.
 */
import type { X11Connection } from './connection.js';
import type { XCallback } from './xmodule.js';

interface ClientId {
  client: number;
  mask: number;
  value: number[];
}

interface ResExtension {
  major: number;
  minor: number;
  ClientIdMask: { LocalClientPID: number };
  QueryClientIds(specs: Array<{ client: number; mask: number }>, cb: XCallback<ClientId[]>): void;
}

const loaded = new WeakMap<X11Connection, Promise<ResExtension | null>>();

function resExtension(conn: X11Connection): Promise<ResExtension | null> {
  let ext = loaded.get(conn);
  if (!ext) {
    ext = conn
      .extension<ResExtension>('res')
      .then((res) => (res.major > 1 || (res.major === 1 && res.minor >= 2) ? res : null))
      .catch(() => null);
    loaded.set(conn, ext);
  }
  return ext;
}

/** The pid owning `xid`'s client connection, or null (extension missing, remote client). */
export async function queryClientPid(conn: X11Connection, xid: number): Promise<number | null> {
  const res = await resExtension(conn);
  if (!res) return null;
  const mask = res.ClientIdMask.LocalClientPID;
  const ids = await conn.request<ClientId[]>(`X-Resource QueryClientIds 0x${xid.toString(16)}`, (cb) => res.QueryClientIds([{ client: xid, mask }], cb));
  const pid = ids.find((id) => id.mask & mask && id.value.length > 0)?.value[0];
  return pid ? pid : null;
}
