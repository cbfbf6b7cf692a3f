/**
 * Window actions through the EWMH window manager: activate and close are requests to the window
 * manager (client messages to the root), exactly what pagers and wmctrl send.
 */
import type { X11Connection } from './connection.js';
import { readCardinals } from './properties.js';
import type { XGeometryReply } from './xmodule.js';

/** EWMH source indication 2 = "pager": the request comes from the user's agent, honour it. */
const SOURCE_PAGER = 2;
const CURRENT_TIME = 0;

async function ensureExists(conn: X11Connection, xid: number): Promise<void> {
  await conn.request<XGeometryReply>(`window 0x${xid.toString(16)}`, (cb) => conn.client.GetGeometry(xid, cb));
}

async function sendToRoot(conn: X11Connection, xid: number, messageType: string, data: number[]): Promise<void> {
  const type = await conn.atom(messageType);
  await conn.request<void>(`${messageType} 0x${xid.toString(16)}`, (cb) => conn.client.SendClientMessage(conn.root, xid, type, 32, data, cb));
}

export async function activeWindow(conn: X11Connection): Promise<number | null> {
  const [active] = await readCardinals(conn, conn.root, '_NET_ACTIVE_WINDOW');
  return active ? active : null;
}

export interface ActivateResult {
  /** The window the manager made active: the target, or e.g. the modal dialog blocking it. */
  active: number | null;
  activated: boolean;
}

/**
 * Asks the window manager to activate `xid` (raise, unminimize, focus) and waits until
 * `_NET_ACTIVE_WINDOW` names it or `timeoutMs` passes. Throws X11Error('gone') for a window
 * that does not exist.
 */
export async function activateWindow(conn: X11Connection, xid: number, timeoutMs = 2000): Promise<ActivateResult> {
  await ensureExists(conn, xid);
  await sendToRoot(conn, xid, '_NET_ACTIVE_WINDOW', [SOURCE_PAGER, CURRENT_TIME, 0]);
  return waitActive(conn, xid, timeoutMs);
}

/** Waits until `_NET_ACTIVE_WINDOW` names `xid` (the window manager focused it) or `timeoutMs` passes. */
export async function waitActive(conn: X11Connection, xid: number, timeoutMs = 2000): Promise<ActivateResult> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const active = await activeWindow(conn);
    if (active === xid) return { active, activated: true };
    if (Date.now() >= deadline) return { active, activated: false };
    await new Promise((resolve) => setTimeout(resolve, 15));
  }
}

/** Asks the window manager to close `xid` politely (WM_DELETE_WINDOW: the app may ask first). */
export async function closeWindow(conn: X11Connection, xid: number): Promise<void> {
  await ensureExists(conn, xid);
  await sendToRoot(conn, xid, '_NET_CLOSE_WINDOW', [CURRENT_TIME, SOURCE_PAGER]);
}
