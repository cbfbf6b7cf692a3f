/**
 * The Computer's Socket.IO link to an A2C-SMCP server (a2c-smcp-protocol/docs/specification
 * events.md "连接握手", versioning.md, error-handling.md "协议版本不匹配（4008）"; seed §4.4):
 * - namespace `/smcp`, URL query `a2c_version=0.2.0`, `auth.role = "computer"` (+ token);
 * - transports polling first, so the first handshake is an HTTP request whose 400 body is
 *   readable (versioning.md: polling-first is a MUST);
 * - HTTP 400 with code 4008 (body, or the `X-A2C-Error-Code` header): disconnect, no retry, report
 *   the server's supported range; any other connection loss: reconnect with exponential backoff
 *   and jitter (socket.io-client's Manager) and join the office again, since room membership
 *   belongs to the Socket.IO session (python-sdk computer/socketio/client.py #203);
 * - `server:join_office {role: "computer", name, office_id}`, acked `(ok, error)`;
 * - `server:update_tool_list` / `server:update_desktop` / `server:update_config {computer}` when the
 *   hosted servers' tools or windows change, or a server is added.
 */
import { io, type Socket } from 'socket.io-client';
import type { Logger } from '../../util/logger.js';
import { A2C_PROTOCOL_VERSION, EVENTS, SMCP_NAMESPACE, VERSION_QUERY_KEY } from '../protocol.js';
import type { Computer, ComputerChange } from './computer.js';
import { ConnectionRejectedError, versionRejection, VersionMismatchError } from './rejection.js';
import { registerHandlers } from './handlers.js';

export { ConnectionRejectedError, VersionMismatchError } from './rejection.js';

export interface ConnectorOptions {
  /** Base URL of the A2C-SMCP server, e.g. http://127.0.0.1:8000 (the /smcp namespace is added). */
  serverUrl: string;
  office: string;
  token?: string;
  /** Engine.IO HTTP path (deployment-specific, versioning.md); default /socket.io. */
  socketioPath?: string;
  log: Logger;
  reconnectionDelayMs?: number;
  reconnectionDelayMaxMs?: number;
  joinTimeoutMs?: number;
}

export class ComputerConnector {
  private socket: Socket | null = null;
  private joined = false;
  private stopped = false;
  private unsubscribe: (() => void) | null = null;
  private firstJoin: { resolve: () => void; reject: (error: Error) => void } | null = null;
  private finish: (error: Error | null) => void = () => undefined;
  /** Settles once the connector has stopped for good: null after stop(), the error otherwise. */
  readonly finished: Promise<Error | null>;

  constructor(
    private readonly computer: Computer,
    private readonly options: ConnectorOptions,
  ) {
    this.finished = new Promise((resolve) => (this.finish = resolve));
  }

  /** Connects and joins the office; rejects on a version mismatch or a refused connection or join. */
  start(): Promise<void> {
    const socket = io(namespaceUrl(this.options.serverUrl), {
      path: this.options.socketioPath ?? '/socket.io',
      query: { [VERSION_QUERY_KEY]: A2C_PROTOCOL_VERSION },
      transports: ['polling', 'websocket'],
      auth: { role: 'computer', ...(this.options.token ? { token: this.options.token } : {}) },
      forceNew: true,
      autoConnect: false,
      reconnection: true,
      reconnectionDelay: this.options.reconnectionDelayMs ?? 1000,
      reconnectionDelayMax: this.options.reconnectionDelayMaxMs ?? 10_000,
      randomizationFactor: 0.5,
    });
    this.socket = socket;
    registerHandlers(socket, this.computer, this.options.log);
    socket.on('connect', () => this.join(socket));
    socket.on('connect_error', (error) => this.onConnectError(socket, error));
    socket.on('disconnect', (reason) => this.onDisconnect(reason));
    socket.io.on('reconnect_attempt', (attempt) => this.options.log.info('reconnecting to the A2C-SMCP server', { attempt }));
    this.unsubscribe = this.computer.onChange((change) => this.report(change));
    const joined = new Promise<void>((resolve, reject) => (this.firstJoin = { resolve, reject }));
    socket.connect();
    return joined;
  }

  get isJoined(): boolean {
    return this.joined;
  }

  /** Leaves the office and disconnects; no reconnection afterwards. */
  stop(): Promise<void> {
    const socket = this.socket;
    // Sent before the disconnect packet: the engine flushes its buffer before closing.
    if (socket && this.joined) socket.emit(EVENTS.leaveOffice, { office_id: this.options.office });
    this.end(null);
    return this.finished.then(() => undefined);
  }

  private join(socket: Socket): void {
    if (this.stopped) return;
    const { office, log } = this.options;
    socket
      .timeout(this.options.joinTimeoutMs ?? 10_000)
      .emit(EVENTS.joinOffice, { role: 'computer', name: this.computer.name, office_id: office }, (error: Error | null, ...ack: unknown[]) => {
        if (error) {
          log.warn('server:join_office got no answer; retrying', { office });
          if (socket.connected && !this.stopped) setTimeout(() => this.join(socket), this.options.reconnectionDelayMs ?? 1000);
          return;
        }
        const [ok, message] = Array.isArray(ack[0]) ? (ack[0] as unknown[]) : ack;
        if (ok !== true)
          return this.end(
            new ConnectionRejectedError(`the server refused to let "${this.computer.name}" join office "${office}": ${String(message ?? 'no reason given')}`),
          );
        this.joined = true;
        log.info('joined the A2C-SMCP office', { office, computer: this.computer.name });
        this.firstJoin?.resolve();
        this.firstJoin = null;
      });
  }

  private onConnectError(socket: Socket, error: Error): void {
    const mismatch = versionRejection(error);
    if (mismatch) {
      // 4008 MUST end the attempt: disconnect, never retry (error-handling.md "SDK 实现要求").
      return this.end(new VersionMismatchError(mismatch.body));
    }
    if (!socket.active) {
      return this.end(new ConnectionRejectedError(`the A2C-SMCP server refused the connection: ${error.message}`));
    }
    this.options.log.warn('cannot reach the A2C-SMCP server; retrying with backoff', { error: error.message });
  }

  private onDisconnect(reason: Socket.DisconnectReason): void {
    this.joined = false;
    if (this.stopped) return;
    if (reason === 'io server disconnect') return this.end(new ConnectionRejectedError('the A2C-SMCP server closed the connection'));
    this.options.log.warn('lost the A2C-SMCP server; reconnecting with backoff', { reason });
  }

  private report(change: ComputerChange): void {
    if (!this.joined || !this.socket) return;
    const event = { tools: EVENTS.updateToolList, desktop: EVENTS.updateDesktop, config: EVENTS.updateConfig }[change];
    this.socket.emit(event, { computer: this.computer.name });
  }

  private end(error: Error | null): void {
    if (this.stopped) return;
    this.stopped = true;
    this.joined = false;
    this.unsubscribe?.();
    this.socket?.disconnect();
    this.firstJoin?.reject(error ?? new Error('stopped before joining the office'));
    this.firstJoin = null;
    this.finish(error);
  }
}

/** `http://host:port` + `/smcp`; a path other than `/` or `/smcp` is refused. */
export function namespaceUrl(serverUrl: string): string {
  const url = new URL(serverUrl);
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new Error(`the A2C-SMCP server URL must be http(s)://, not "${url.protocol}"`);
  if (url.pathname !== '/' && url.pathname !== SMCP_NAMESPACE) {
    throw new Error(`give the server's base URL (the ${SMCP_NAMESPACE} namespace is added), not a path like "${url.pathname}"`);
  }
  return `${url.origin}${SMCP_NAMESPACE}`;
}
