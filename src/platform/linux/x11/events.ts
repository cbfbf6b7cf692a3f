/**
 * The X11 change feed: PropertyNotify on the root (client list, active window) and on every
 * client window (title, state, owner, type), DestroyNotify and ConfigureNotify on clients.
 * Windows come and go while we subscribe to them: a BadWindow there is normal and ignored.
 * A new process never announces its first window over AT-SPI; `_NET_CLIENT_LIST` does.
 */
import { EVENT_MASK, type X11Connection } from './connection.js';
import { readCardinals } from './properties.js';
import type { XEvent } from './xmodule.js';
import { own } from '../../../util/own.js';

export type WindowProperty = 'title' | 'state' | 'owner' | 'type';

export type X11Change =
  /** `_NET_CLIENT_LIST` (or its stacking order) changed: windows appeared, vanished or restacked. */
  | { kind: 'client-list' }
  | { kind: 'active-window'; xid: number | null }
  | { kind: 'window-property'; xid: number; property: WindowProperty }
  | { kind: 'window-geometry'; xid: number }
  | { kind: 'window-destroyed'; xid: number }
  /** The X connection closed: no more events will come. */
  | { kind: 'disconnected' };

const WINDOW_PROPERTIES: Record<string, WindowProperty> = {
  _NET_WM_NAME: 'title',
  WM_NAME: 'title',
  _NET_WM_STATE: 'state',
  WM_TRANSIENT_FOR: 'owner',
  _NET_WM_WINDOW_TYPE: 'type',
};
const ROOT_PROPERTIES = ['_NET_CLIENT_LIST', '_NET_CLIENT_LIST_STACKING', '_NET_ACTIVE_WINDOW'];
const CLIENT_MASK = EVENT_MASK.PropertyChange | EVENT_MASK.StructureNotify;

export class X11Watcher {
  private readonly watched = new Set<number>();
  private readonly atomNames = new Map<number, string>();
  private readonly onEvent = (event: XEvent) => void this.handle(event);
  private readonly onClose = () => this.listener({ kind: 'disconnected' });
  private stopped = false;

  private constructor(
    private readonly conn: X11Connection,
    private readonly listener: (change: X11Change) => void,
  ) {}

  /** Subscribes to the root and every current client; `listener` gets each change. */
  static async start(conn: X11Connection, listener: (change: X11Change) => void): Promise<X11Watcher> {
    const watcher = new X11Watcher(conn, listener);
    for (const name of [...ROOT_PROPERTIES, ...Object.keys(WINDOW_PROPERTIES)]) watcher.atomNames.set(await conn.atom(name), name);
    conn.on('event', watcher.onEvent);
    conn.once('close', watcher.onClose);
    await conn.selectEvents(conn.root, EVENT_MASK.PropertyChange);
    await watcher.refreshClients();
    return watcher;
  }

  /** The client windows currently subscribed to. */
  get windows(): number[] {
    return [...this.watched];
  }

  stop(): void {
    this.stopped = true;
    this.conn.removeListener('event', this.onEvent);
    this.conn.removeListener('close', this.onClose);
  }

  private async handle(event: XEvent): Promise<void> {
    if (this.stopped) return;
    let change: X11Change | null;
    try {
      change = await this.translate(event);
    } catch {
      return; // a query about a window that vanished meanwhile: the client-list event covers it
    }
    if (change && !this.stopped) this.listener(change);
  }

  private async translate(event: XEvent): Promise<X11Change | null> {
    const wid = event.wid ?? 0;
    if (event.name === 'DestroyNotify' && this.watched.delete(wid)) return { kind: 'window-destroyed', xid: wid };
    if (event.name === 'ConfigureNotify' && this.watched.has(wid)) return { kind: 'window-geometry', xid: wid };
    if (event.name !== 'PropertyNotify' || event.atom === undefined) return null;
    const name = this.atomNames.get(event.atom);
    if (!name) return null;
    if (wid === this.conn.root) return this.rootChange(name);
    const property = own(WINDOW_PROPERTIES, name);
    return property && this.watched.has(wid) ? { kind: 'window-property', xid: wid, property } : null;
  }

  private async rootChange(name: string): Promise<X11Change | null> {
    if (name === '_NET_ACTIVE_WINDOW') {
      const [active] = await readCardinals(this.conn, this.conn.root, '_NET_ACTIVE_WINDOW');
      return { kind: 'active-window', xid: active ? active : null };
    }
    if (name === '_NET_CLIENT_LIST' || name === '_NET_CLIENT_LIST_STACKING') {
      await this.refreshClients();
      return { kind: 'client-list' };
    }
    return null;
  }

  /** Subscribes to new clients and forgets vanished ones, before the change is reported. */
  private async refreshClients(): Promise<void> {
    const clients = new Set(await readCardinals(this.conn, this.conn.root, '_NET_CLIENT_LIST'));
    for (const xid of this.watched) if (!clients.has(xid)) this.watched.delete(xid);
    const fresh = [...clients].filter((xid) => !this.watched.has(xid));
    for (const xid of fresh) this.watched.add(xid);
    await Promise.all(fresh.map((xid) => this.conn.selectEvents(xid, CLIENT_MASK)));
  }
}
