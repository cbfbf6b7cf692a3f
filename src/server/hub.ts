/**
 * All live MCP connections on one shared bridge (P-SESS-2/5). Notifications are broadcast to
 * every connection; `resources/updated` goes only to connections subscribed to the URI
 * (P-SESS-4), and only after the state change has been applied (P-NOTE-1).
 */
import type { Server } from '@modelcontextprotocol/sdk/server/index.js';
import type { Bridge } from '../bridge/bridge.js';
import type { BridgeChange } from '../bridge/state.js';
import type { LoggingLevel } from '@modelcontextprotocol/sdk/types.js';
import type { LogEntry, Logger } from '../util/logger.js';
import { WINDOWS_URI, type ResourceExtension } from './resources.js';
import type { SessionOptions } from './sessionOptions.js';
import { listedTools } from './toolList.js';

export interface Connection {
  readonly id: number;
  readonly server: Server;
  readonly subscriptions: Set<string>;
  /** Transport label for logs: "stdio", "http", "memory". */
  readonly transport: string;
  /** The client's `logging/setLevel`; until it sets one it gets warnings and worse. */
  logLevel?: LoggingLevel;
}

/** MCP's log levels, least to most severe (RFC 5424 order). */
const MCP_LEVELS: LoggingLevel[] = ['debug', 'info', 'notice', 'warning', 'error', 'critical', 'alert', 'emergency'];
const FROM_OURS = { debug: 'debug', info: 'info', warn: 'warning', error: 'error' } as const;

export class SessionHub {
  private readonly connections = new Set<Connection>();
  private nextId = 1;
  private readonly unsubscribe: () => void;
  private readonly stopLogs: () => void;
  /** With a tool filter: the list clients were last told about (see `toolListChanged`). */
  private listedKey: string | undefined;

  constructor(
    readonly bridge: Bridge,
    readonly log: Logger,
    readonly extension?: ResourceExtension,
    readonly options: SessionOptions = {},
  ) {
    this.unsubscribe = bridge.onChange((change) => this.broadcast(change));
    this.stopLogs = options.logTap?.listen((entry) => this.forwardLog(entry)) ?? (() => undefined);
    if (options.filter) this.listedKey = JSON.stringify(listedTools(this));
  }

  get size(): number {
    return this.connections.size;
  }

  add(server: Server, transport: string): Connection {
    const connection: Connection = { id: this.nextId++, server, subscriptions: new Set(), transport };
    this.connections.add(connection);
    this.log.debug('connection opened', { id: connection.id, transport, open: this.connections.size });
    return connection;
  }

  remove(connection: Connection): void {
    if (this.connections.delete(connection)) {
      this.log.debug('connection closed', { id: connection.id, open: this.connections.size });
    }
  }

  close(): void {
    this.unsubscribe();
    this.stopLogs();
    for (const c of [...this.connections]) void c.server.close().catch(() => undefined);
    this.connections.clear();
  }

  private broadcast(change: BridgeChange): void {
    const extra = this.extension?.changesFor(change) ?? { updatedUris: [], listChanged: false };
    const updated = change.resourcesChanged ? [WINDOWS_URI, ...extra.updatedUris] : extra.updatedUris;
    const toolsChanged = change.toolsChanged && this.toolListChanged();
    if (updated.length === 0 && !toolsChanged && !extra.listChanged) return;
    for (const connection of this.connections) {
      for (const uri of updated) {
        if (connection.subscriptions.has(uri))
          this.send(connection, 'notifications/resources/updated', () => connection.server.sendResourceUpdated({ uri }), uri);
      }
      if (extra.listChanged) this.send(connection, 'notifications/resources/list_changed', () => connection.server.sendResourceListChanged());
      if (toolsChanged) this.send(connection, 'notifications/tools/list_changed', () => connection.server.sendToolListChanged());
    }
  }

  /**
   * Whether `tools/list` now answers differently (P-TOOL-3: every hide or restore, and nothing
   * else, since each notification costs every client a re-read of the list). The bridge already
   * compares its tools; a filter (--read-only, --tools) hides some, so a bridge change may leave
   * the filtered list as it was: then the list every connection gets (the filter is the same for
   * all) is compared with the one last announced. With --stable-tools the list never changes.
   */
  private toolListChanged(): boolean {
    if (this.options.stableTools) return false; // its two tools never change
    if (!this.options.filter) return true;
    const key = JSON.stringify(listedTools(this));
    if (key === this.listedKey) return false;
    this.listedKey = key;
    return true;
  }

  /** MCP logging capability: `notifications/message` to each connection at or above its level. */
  private forwardLog(entry: LogEntry): void {
    const level = FROM_OURS[entry.level];
    for (const connection of this.connections) {
      if (MCP_LEVELS.indexOf(level) < MCP_LEVELS.indexOf(connection.logLevel ?? 'warning')) continue;
      this.options.activity?.notification(connection.id, connection.server.getClientVersion()?.name, 'notifications/message');
      // Delivery failures are dropped silently: logging them would log again (a loop).
      connection.server.sendLoggingMessage({ level, logger: 'gui-bridge', data: entry.text }).catch(() => undefined);
    }
  }

  private send(connection: Connection, method: string, notify: () => Promise<void>, uri?: string): void {
    this.options.activity?.notification(connection.id, connection.server.getClientVersion()?.name, method, uri);
    // A connection that went away mid-broadcast must not affect the others.
    notify().catch((error: unknown) => this.log.debug('notification not delivered', { id: connection.id, error: String(error) }));
  }
}
