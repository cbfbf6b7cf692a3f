/**
 * Top-level windows as the EWMH window manager publishes them: plain data, one record per
 * managed client window. X11 is the source of truth for topology (owners, modality, activity);
 * the content comes from AT-SPI.
 */
import type { Rect, WindowType } from '../../probe.js';
import { isGoneError, toHexId, type X11Connection } from './connection.js';
import { readAtomNames, readCardinals, readStringList, readText } from './properties.js';
import { queryClientPid } from './xres.js';
import type { XGeometryReply, XTranslateReply } from './xmodule.js';

export interface FrameExtents {
  left: number;
  right: number;
  top: number;
  bottom: number;
}

export interface X11Window {
  xid: number;
  /** "0x…" hex xid: `NativeWindow.nativeId`. */
  nativeId: string;
  /** `_NET_WM_NAME` (UTF-8), else `WM_NAME`, else "". */
  title: string;
  netWmName: string | null;
  wmName: string | null;
  /** WM_CLASS: instance and class name. */
  wmClass: { instance: string; className: string } | null;
  pid: number | null;
  /** Where the pid came from: the client's own claim, or the X server's view of the socket. */
  pidSource: 'net_wm_pid' | 'x_resource' | null;
  /** WM_TRANSIENT_FOR: the owner window (may belong to another process). */
  transientFor: number | null;
  ownerNativeId: string | null;
  /** `_NET_WM_STATE` atom names. */
  states: string[];
  modal: boolean;
  fullscreen: boolean;
  hidden: boolean;
  /** `_NET_WM_WINDOW_TYPE` atom names, most specific first. */
  windowTypes: string[];
  windowType: WindowType;
  gtkApplicationId: string | null;
  /** `_NET_FRAME_EXTENTS`: the window manager's decoration around the client area. */
  frameExtents: FrameExtents | null;
  /** The client area in root coordinates. */
  bounds: Rect;
  active: boolean;
  /** Position in `_NET_CLIENT_LIST_STACKING` (0 = bottom), -1 when not listed there. */
  stackIndex: number;
}

export interface RootState {
  clients: number[];
  stacking: number[];
  active: number | null;
}

export async function readRootState(conn: X11Connection): Promise<RootState> {
  const [clients, stacking, active] = await Promise.all([
    readCardinals(conn, conn.root, '_NET_CLIENT_LIST'),
    readCardinals(conn, conn.root, '_NET_CLIENT_LIST_STACKING'),
    readCardinals(conn, conn.root, '_NET_ACTIVE_WINDOW'),
  ]);
  return { clients, stacking, active: active[0] ? active[0] : null };
}

/** Every managed client window; windows that vanish while being read are left out. */
export async function listWindows(conn: X11Connection): Promise<X11Window[]> {
  const root = await readRootState(conn);
  const windows = await Promise.all(root.clients.map((xid) => readWindow(conn, xid, root)));
  return windows.filter((w): w is X11Window => w !== null);
}

/** One window's record; null when the window no longer exists. */
export async function readWindow(conn: X11Connection, xid: number, root?: RootState): Promise<X11Window | null> {
  try {
    const [rootState, names, wmClass, pid, transientFor, states, windowTypes, gtkApplicationId, frame, bounds] = await Promise.all([
      root ?? readRootState(conn),
      readNames(conn, xid),
      readStringList(conn, xid, 'WM_CLASS'),
      readPid(conn, xid),
      readCardinals(conn, xid, 'WM_TRANSIENT_FOR'),
      readAtomNames(conn, xid, '_NET_WM_STATE'),
      readAtomNames(conn, xid, '_NET_WM_WINDOW_TYPE'),
      readText(conn, xid, '_GTK_APPLICATION_ID'),
      readCardinals(conn, xid, '_NET_FRAME_EXTENTS'),
      readRootBounds(conn, xid),
    ]);
    const owner = transientFor[0] ? transientFor[0] : null;
    return {
      xid,
      nativeId: toHexId(xid),
      title: names.netWmName ?? names.wmName ?? '',
      ...names,
      wmClass: wmClass.length >= 2 ? { instance: wmClass[0] ?? '', className: wmClass[1] ?? '' } : null,
      ...pid,
      transientFor: owner,
      ownerNativeId: owner === null ? null : toHexId(owner),
      ...stateFlags(states),
      windowTypes,
      windowType: classifyWindowType(windowTypes, owner !== null),
      gtkApplicationId,
      frameExtents: toFrameExtents(frame),
      bounds,
      active: rootState.active === xid,
      stackIndex: rootState.stacking.indexOf(xid),
    };
  } catch (error) {
    if (isGoneError(error)) return null;
    throw error;
  }
}

function stateFlags(states: string[]): Pick<X11Window, 'states' | 'modal' | 'fullscreen' | 'hidden'> {
  return {
    states,
    modal: states.includes('_NET_WM_STATE_MODAL'),
    fullscreen: states.includes('_NET_WM_STATE_FULLSCREEN'),
    hidden: states.includes('_NET_WM_STATE_HIDDEN'),
  };
}

async function readNames(conn: X11Connection, xid: number): Promise<{ netWmName: string | null; wmName: string | null }> {
  const [netWmName, wmName] = await Promise.all([readText(conn, xid, '_NET_WM_NAME'), readText(conn, xid, 'WM_NAME')]);
  return { netWmName, wmName };
}

async function readPid(conn: X11Connection, xid: number): Promise<Pick<X11Window, 'pid' | 'pidSource'>> {
  const [claimed] = await readCardinals(conn, xid, '_NET_WM_PID');
  if (claimed) return { pid: claimed, pidSource: 'net_wm_pid' };
  // Clients that do not set _NET_WM_PID: ask the server who owns the socket (X-Resource 1.2).
  const pid = await queryClientPid(conn, xid);
  return pid === null ? { pid: null, pidSource: null } : { pid, pidSource: 'x_resource' };
}

async function readRootBounds(conn: X11Connection, xid: number): Promise<Rect> {
  const [geometry, origin] = await Promise.all([
    conn.request<XGeometryReply>(`GetGeometry 0x${xid.toString(16)}`, (cb) => conn.client.GetGeometry(xid, cb)),
    conn.request<XTranslateReply>(`TranslateCoordinates 0x${xid.toString(16)}`, (cb) => conn.client.TranslateCoordinates(xid, conn.root, 0, 0, cb)),
  ]);
  return { x: origin.destX, y: origin.destY, width: geometry.width, height: geometry.height };
}

function toFrameExtents(values: number[]): FrameExtents | null {
  if (values.length < 4) return null;
  const [left = 0, right = 0, top = 0, bottom = 0] = values;
  return { left, right, top, bottom };
}

const TYPE_PREFIX = '_NET_WM_WINDOW_TYPE_';
const UTILITY_TYPES = new Set(['UTILITY', 'TOOLBAR', 'MENU']);

/**
 * EWMH: the first listed type the reader understands wins; a window without a type is DIALOG
 * when it is transient, NORMAL otherwise.
 */
export function classifyWindowType(windowTypes: string[], transient: boolean): WindowType {
  for (const atom of windowTypes) {
    if (!atom.startsWith(TYPE_PREFIX)) continue;
    const type = atom.slice(TYPE_PREFIX.length);
    if (type === 'NORMAL') return 'normal';
    if (type === 'DIALOG') return 'dialog';
    if (type === 'SPLASH') return 'splash';
    if (UTILITY_TYPES.has(type)) return 'utility';
    return 'other';
  }
  return transient ? 'dialog' : 'normal';
}
