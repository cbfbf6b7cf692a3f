/**
 * One D-Bus socket (a bus or an application's peer-to-peer socket) with raw method calls:
 * pipelined calls matched by serial, a timeout on every call, every pending call rejected when
 * the socket closes, and no exception escaping to the process (a D-Bus failure is a value).
 * Authentication is ours (auth.ts; dbus-next's when a server refuses EXTERNAL); messages go
 * through our own codec (wire.ts, wireRead.ts):
 * dbus-next's general one cost more CPU and garbage than the applications spent answering.
 */
import { EventEmitter } from 'node:events';
import type { Socket } from 'node:net';
import { openSocket, socketTarget } from './address.js';
import { authenticateExternal, AuthRejected } from './auth.js';
import { AtspiError } from './errors.js';
import { busDaemonCall } from './names.js';
import { MessageWriter } from './wire.js';
import { MessageReader, type WireMessage } from './wireRead.js';

const MESSAGE_TYPE = { call: 1, reply: 2, error: 3, signal: 4 } as const;
const NO_AUTO_START = 2;
const NO_REPLY_EXPECTED = 1;

export interface DbusCall {
  destination?: string;
  path: string;
  interface: string;
  member: string;
  signature?: string;
  body?: unknown[];
  /** Do not let the bus activate a service to answer this call. */
  noAutoStart?: boolean;
}

export interface DbusSignal {
  sender: string;
  path: string;
  interface: string;
  member: string;
  body: unknown[];
}

/** A failed call: the remote D-Bus error name in `type` (same field as dbus-next's DBusError). */
export class DbusCallError extends Error {
  constructor(
    readonly type: string,
    message: string,
  ) {
    super(message);
    this.name = 'DbusCallError';
  }
}

interface Pending {
  resolve(body: unknown[]): void;
  reject(error: Error): void;
  /** Date.now() after which the call fails with a timeout. */
  expires: number;
  call: DbusCall;
  timeoutMs: number;
}

/** How often pending calls are checked for their timeout (one timer per socket, not per call). */
const SWEEP_MS = 100;

export interface LinkOptions {
  /** Say Hello (a message bus); false for a peer-to-peer socket. */
  hello: boolean;
  /** Default per-call timeout. */
  timeoutMs: number;
}

export class DbusLink extends EventEmitter<{ close: [reason: string]; signal: [signal: DbusSignal] }> {
  private serial = 1;
  private readonly pending = new Map<number, Pending>();
  private closedReason: string | null = null;
  private sweeper: NodeJS.Timeout | null = null;
  /** Messages encoded in this turn of the event loop, written together (one syscall, not one per call). */
  private readonly outgoing = new MessageWriter();
  private readonly reader = new MessageReader();
  private timeoutMs = 5000;
  /** Our unique name on a bus (null on a peer-to-peer socket). */
  uniqueName: string | null = null;

  private constructor(private readonly socket: Socket) {
    super();
    socket.on('error', (err: unknown) => this.shutdown(`socket error: ${errorText(err)}`));
    socket.on('end', () => this.shutdown('socket closed by the other side'));
    socket.on('close', () => this.shutdown('socket closed'));
  }

  /** Opens and authenticates a socket; on a bus, also registers with Hello. */
  static async open(address: string, options: LinkOptions): Promise<DbusLink> {
    let link: DbusLink;
    try {
      link = await DbusLink.authenticated(address, options.timeoutMs, 'external');
    } catch (err) {
      if (!(err instanceof AuthRejected)) throw err;
      // A server without EXTERNAL (a bus over TCP): dbus-next's cookie or anonymous handshake.
      link = await DbusLink.authenticated(address, options.timeoutMs, 'dbus-next');
    }
    if (options.hello) {
      const [name] = await link.call(busDaemonCall('Hello'));
      link.uniqueName = typeof name === 'string' ? name : null;
    }
    return link;
  }

  get closed(): boolean {
    return this.closedReason !== null;
  }

  /** The unix pid behind a bus connection (the message bus's own answer, not the peer's claim). */
  async unixPidOf(bus: string): Promise<number> {
    const [pid] = await this.call(busDaemonCall('GetConnectionUnixProcessID', 's', [bus]));
    return Number(pid);
  }

  call(call: DbusCall, timeoutMs = this.timeoutMs): Promise<unknown[]> {
    if (this.closedReason !== null) return Promise.reject(new AtspiError('disconnected', this.closedReason));
    const serial = this.serial++;
    return new Promise<unknown[]>((resolve, reject) => {
      this.pending.set(serial, { resolve, reject, expires: Date.now() + timeoutMs, call, timeoutMs });
      if (!this.sweeper) {
        this.sweeper = setInterval(() => this.sweep(), SWEEP_MS);
        this.sweeper.unref();
      }
      try {
        const first = this.beforeAppend();
        this.outgoing.appendCall(call, serial, call.noAutoStart ? NO_AUTO_START : 0);
        if (first) setImmediate(this.flushBatch);
      } catch (err) {
        const malformed = err instanceof TypeError; // the body does not fit its signature
        const error = malformed
          ? new AtspiError('bad_argument', `${call.interface}.${call.member}: ${err.message}`)
          : new AtspiError('disconnected', `cannot send: ${errorText(err)}`);
        this.settle(serial)?.reject(error);
      }
    });
  }

  close(): void {
    this.shutdown('closed by us');
  }

  private static async authenticated(address: string, timeoutMs: number, how: 'external' | 'dbus-next'): Promise<DbusLink> {
    // Loaded only for a server that refused EXTERNAL (it loads node:crypto); before the socket
    // opens, so that its connect event cannot pass while the module loads.
    const cookieOrAnonymous = how === 'dbus-next' ? (await import('dbus-next/lib/handshake.js')).default : undefined;
    let link: DbusLink;
    try {
      link = new DbusLink(openSocket(socketTarget(address)));
    } catch (err) {
      throw new AtspiError('disconnected', `cannot open D-Bus address: ${errorText(err)}`);
    }
    link.timeoutMs = timeoutMs;
    const socket = link.socket;
    await link.authenticate(timeoutMs, (done) => {
      if (!cookieOrAnonymous) return authenticateExternal(socket, process.getuid?.() ?? 0, done);
      cookieOrAnonymous(socket, { authMethods: ['DBUS_COOKIE_SHA1', 'ANONYMOUS'] }, (error) =>
        done(error ? (error instanceof Error ? error : new Error(String(error))) : null),
      );
    });
    return link;
  }

  /** Runs a handshake on our socket once it connects; then we read the stream ourselves. */
  private authenticate(timeoutMs: number, handshake: (done: (error: Error | null, rest?: Buffer) => void) => void): Promise<void> {
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => this.shutdown(`no authentication within ${timeoutMs} ms`), timeoutMs);
      const onClose = (reason: string): void => {
        clearTimeout(timer);
        reject(new AtspiError('disconnected', reason));
      };
      this.once('close', onClose);
      this.socket.once('connect', () =>
        handshake((error, rest) => {
          clearTimeout(timer);
          this.off('close', onClose);
          if (error) {
            this.shutdown(`authentication failed: ${errorText(error)}`);
            return reject(error instanceof AuthRejected ? error : new AtspiError('disconnected', `authentication failed: ${errorText(error)}`));
          }
          // Attached in the handshake's own callback: no chunk can arrive unread in between.
          this.socket.on('data', (chunk: Buffer) => this.receive(chunk));
          if (rest && rest.length > 0) this.receive(rest);
          resolve();
        }),
      );
    });
  }

  /** Adds a message to the batch; the batch is written once this turn's calls are in. */
  private queue(append: () => void): void {
    const first = this.beforeAppend();
    append();
    if (first) setImmediate(this.flushBatch);
  }

  /** Whether the next message starts a batch (then it must be flushed); throws when closed. */
  private beforeAppend(): boolean {
    if (!this.socket.writable) throw new Error('the socket is closed');
    return this.outgoing.empty;
  }

  /**
   * One function for every flush (calls are many; no closure per batch). It runs once the event
   * loop has handled all the input it has (setImmediate): the calls made in answer to several
   * replies that arrived together leave in one write, so the bus daemon is woken once for them,
   * not once per reply (138 → 67 writes on the bus from spawn to the first read).
   */
  private readonly flushBatch = (): void => this.flush();

  private flush(): void {
    if (this.outgoing.empty || this.closed) return;
    const batch = this.outgoing.take();
    try {
      this.socket.write(batch);
    } catch (err) {
      this.shutdown(`cannot write: ${errorText(err)}`);
    }
  }

  private receive(chunk: Buffer): void {
    let messages: WireMessage[];
    try {
      messages = this.reader.push(chunk);
    } catch (err) {
      this.shutdown(`unreadable data: ${errorText(err)}`);
      return;
    }
    for (const msg of messages) this.dispatch(msg);
  }

  private dispatch(msg: WireMessage): void {
    if (msg.type === MESSAGE_TYPE.reply || msg.type === MESSAGE_TYPE.error) {
      const pending = this.settle(Number(msg.replySerial));
      if (!pending) return;
      if (msg.type === MESSAGE_TYPE.reply) pending.resolve(msg.body);
      else
        pending.reject(
          new DbusCallError(msg.errorName ?? 'org.freedesktop.DBus.Error.Failed', typeof msg.body[0] === 'string' ? msg.body[0] : (msg.errorName ?? '')),
        );
    } else if (msg.type === MESSAGE_TYPE.signal) {
      this.emit('signal', { sender: msg.sender ?? '', path: msg.path ?? '', interface: msg.interface ?? '', member: msg.member ?? '', body: msg.body });
    } else if (msg.type === MESSAGE_TYPE.call && !(msg.flags & NO_REPLY_EXPECTED)) {
      // We export nothing; answer so the caller does not wait for its timeout.
      const reply = {
        serial: this.serial++,
        replySerial: msg.serial,
        destination: msg.sender,
        errorName: 'org.freedesktop.DBus.Error.UnknownMethod',
        text: 'no such object',
      };
      try {
        this.queue(() => this.outgoing.appendError(reply));
      } catch {
        // The socket is closing; the close handler reports it.
      }
    }
  }

  private settle(serial: number): Pending | undefined {
    const pending = this.pending.get(serial);
    if (!pending) return undefined;
    this.pending.delete(serial);
    if (this.pending.size === 0) this.stopSweeper();
    return pending;
  }

  private sweep(): void {
    const now = Date.now();
    for (const [serial, pending] of this.pending) {
      if (pending.expires > now) continue;
      const what = `${pending.call.interface}.${pending.call.member}`;
      this.settle(serial)?.reject(new AtspiError('timeout', `${what} got no answer within ${pending.timeoutMs} ms`));
    }
  }

  private stopSweeper(): void {
    if (this.sweeper) clearInterval(this.sweeper);
    this.sweeper = null;
  }

  private shutdown(reason: string): void {
    if (this.closedReason !== null) return;
    this.closedReason = reason;
    this.stopSweeper();
    for (const serial of [...this.pending.keys()]) this.settle(serial)?.reject(new AtspiError('disconnected', reason));
    this.socket.destroy();
    this.emit('close', reason);
  }
}

function errorText(err: unknown): string {
  return err instanceof Error ? err.message : String(err);
}
