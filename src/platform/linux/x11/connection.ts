/**
 * One connection to an X server over the pure-JS `x11` package: promise-returning requests,
 * cached atoms, and errors as values. A window vanishing between two requests is normal on a
 * live desktop, so a failed request rejects its own promise and never reaches the process.
 */
import { EventEmitter } from 'node:events';
import { isolateAtomCache, x11, X_ERROR, type XCallback, type XClient, type XDisplay, type XEvent, type XProtocolError } from './xmodule.js';

export type X11ErrorCode = 'connect_failed' | 'disconnected' | 'gone' | 'unsupported' | 'protocol' | 'timeout';

export class X11Error extends Error {
  constructor(
    readonly code: X11ErrorCode,
    message: string,
    /** The X protocol error code, when the server answered with an error. */
    readonly xError?: number,
  ) {
    super(message);
    this.name = 'X11Error';
  }
}

/** True for the errors that mean "that window (or drawable) no longer exists". */
export function isGoneError(error: unknown): boolean {
  return error instanceof X11Error && error.code === 'gone';
}

const GONE_CODES: ReadonlySet<number> = new Set([X_ERROR.BadWindow, X_ERROR.BadDrawable]);

function fromProtocolError(error: XProtocolError, what: string): X11Error {
  const code = GONE_CODES.has(error.error) ? 'gone' : 'protocol';
  return new X11Error(code, `${what}: ${error.message || `X error ${error.error}`}`, error.error);
}

const CONNECT_TIMEOUT_MS = 5000;

export class X11Connection extends EventEmitter<{ event: [XEvent]; close: [] }> {
  private readonly atoms = new Map<string, Promise<number>>();
  private readonly atomNames = new Map<number, Promise<string>>();
  private readonly pending = new Set<() => void>();
  private closed = false;

  private constructor(
    readonly displayName: string,
    readonly display: XDisplay,
  ) {
    super();
    this.client.on('event', (event) => this.emit('event', event));
    // Errors of requests sent without a callback (event-mask changes on windows that just
    // vanished): expected on a live desktop, never fatal.
    this.client.on('error', () => undefined);
    this.client.on('end', () => this.markClosed());
    this.client.stream.on('close', () => this.markClosed());
  }

  /** Connects to `display` (":N"); rejects with X11Error('connect_failed') when nothing answers. */
  static open(displayName: string): Promise<X11Connection> {
    return new Promise((resolve, reject) => {
      const fail = (error: unknown) =>
        reject(new X11Error('connect_failed', `cannot connect to X display ${displayName}: ${error instanceof Error ? error.message : String(error)}`));
      const timer = setTimeout(() => fail(new Error('timed out')), CONNECT_TIMEOUT_MS);
      try {
        // Requests issued together go out in one write when the event loop is about to wait
        // (the package's own default writes each request that expects a reply at once): a
        // desktop read sends dozens of property requests at a time (start-up). No age limit:
        // the package's default (5 ms) split a burst in two whenever the process was descheduled
        // while issuing it, and a write made inside a synchronous burst gains nothing.
        const client = x11.createClient({ display: displayName, bufferRequests: { flushOnReply: false, maxDelay: Infinity } }, (error, display) => {
          clearTimeout(timer);
          if (error) return fail(error);
          isolateAtomCache(display.client);
          resolve(new X11Connection(displayName, display));
        });
        client.on('error', (error: Error) => {
          clearTimeout(timer);
          fail(error);
        });
      } catch (error) {
        clearTimeout(timer);
        fail(error);
      }
    });
  }

  get client(): XClient {
    return this.display.client;
  }

  get root(): number {
    const screen = this.display.screen[0];
    if (!screen) throw new X11Error('protocol', 'the X server reported no screen');
    return screen.root;
  }

  get isClosed(): boolean {
    return this.closed;
  }

  /** Sends one request; `what` names it in the error message. */
  request<T>(what: string, send: (cb: XCallback<T>) => void): Promise<T> {
    if (this.closed) return Promise.reject(new X11Error('disconnected', `${what}: the X connection is closed`));
    return new Promise<T>((resolve, reject) => {
      // The package never answers requests pending when the socket closes: we reject them.
      const onClose = () => reject(new X11Error('disconnected', `${what}: the X connection closed`));
      this.pending.add(onClose);
      try {
        send((error, result) => {
          this.pending.delete(onClose);
          if (error) reject(fromProtocolError(error, what));
          else resolve(result);
          return true; // handled: keeps the client from emitting 'error'
        });
      } catch (error) {
        this.pending.delete(onClose);
        reject(new X11Error('disconnected', `${what}: ${error instanceof Error ? error.message : String(error)}`));
      }
    });
  }

  atom(name: string): Promise<number> {
    let atom = this.atoms.get(name);
    if (!atom) {
      atom = this.request<number>(`InternAtom ${name}`, (cb) => this.client.InternAtom(false, name, cb));
      atom.catch(() => this.atoms.delete(name));
      this.atoms.set(name, atom);
    }
    return atom;
  }

  atomName(atom: number): Promise<string> {
    let name = this.atomNames.get(atom);
    if (!name) {
      name = this.request<string>(`GetAtomName ${atom}`, (cb) => this.client.GetAtomName(atom, cb));
      name.catch(() => this.atomNames.delete(atom));
      this.atomNames.set(atom, name);
    }
    return name;
  }

  /** A round trip: every request sent before has been processed once it resolves. */
  async sync(): Promise<void> {
    await this.request('GetInputFocus', (cb) => this.client.GetInputFocus(cb));
  }

  /** Loads an X extension through the package (`xtest`, `composite`, `res`, …). */
  extension<T>(name: string): Promise<T> {
    return new Promise((resolve, reject) => {
      this.client.require(name, (error, ext) => {
        if (error) reject(new X11Error('unsupported', `X extension ${name} is not available: ${error.message}`));
        else resolve(ext as T);
      });
    });
  }

  /** Selects events on a window; a window that is already gone is ignored. */
  selectEvents(wid: number, eventMask: number): Promise<void> {
    return this.request<void>(`ChangeWindowAttributes 0x${wid.toString(16)}`, (cb) => this.client.ChangeWindowAttributes(wid, { eventMask }, cb)).catch(
      (error: unknown) => {
        if (!isGoneError(error)) throw error;
      },
    );
  }

  async close(): Promise<void> {
    if (this.closed) return;
    await new Promise<void>((resolve) => {
      const timer = setTimeout(() => {
        this.client.terminate();
        resolve();
      }, 1000);
      try {
        this.client.close(() => {
          clearTimeout(timer);
          resolve();
        });
      } catch {
        clearTimeout(timer);
        resolve();
      }
    });
    this.markClosed();
  }

  private markClosed(): void {
    if (this.closed) return;
    this.closed = true;
    for (const reject of this.pending) reject();
    this.pending.clear();
    this.emit('close');
  }
}

export const EVENT_MASK = {
  PropertyChange: x11.eventMask.PropertyChange ?? 0x400000,
  StructureNotify: x11.eventMask.StructureNotify ?? 0x20000,
  SubstructureNotify: x11.eventMask.SubstructureNotify ?? 0x80000,
} as const;

/** "0x…" lower-case hex, the form xprop and wmctrl print and `NativeWindow.nativeId` uses. */
export function toHexId(xid: number): string {
  return `0x${xid.toString(16)}`;
}

/** Parses "0x3a00007" (or a decimal string) back to an X window id; null when it is not one. */
export function parseHexId(nativeId: string): number | null {
  if (!/^(0x[0-9a-f]+|\d+)$/i.test(nativeId)) return null;
  const xid = Number(nativeId);
  return Number.isSafeInteger(xid) && xid > 0 && xid <= 0xffffffff ? xid : null;
}
