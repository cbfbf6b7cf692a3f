/**
 * All live MCP connections on one shared bridge (P-SESS-2/5). Notifications are broadcast to
 * every connection; `resources/updated` goes only to connections subscribed to the URI
 * (P-SESS-4), and only after the state change has been applied (P-NOTE-1).
 */
import type { Server } from '@modelcontextprotocol/sdk/server/index.js';
import type { Bridge } from '../bridge/bridge.js';
import type { BridgeChange } from '../bridge/state.js';
import type { Logger } from '../util/logger.js';
import { WINDOWS_URI, type ResourceExtension } from './resources.js';

export interface Connection {
  readonly id: number;
  readonly server: Server;
  readonly subscriptions: Set<string>;
  /** Transport label for logs: "stdio", "http", "memory". */
  readonly transport: string;
}

export class SessionHub {
  private readonly connections = new Set<Connection>();
  private nextId = 1;
  private readonly unsubscribe: () => void;

  constructor(
    readonly bridge: Bridge,
    readonly log: Logger,
    readonly extension?: ResourceExtension,
  ) {
    this.unsubscribe = bridge.onChange((change) => this.broadcast(change));
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
    for (const c of [...this.connections]) void c.server.close().catch(() => undefined);
    this.connections.clear();
  }

  private broadcast(change: BridgeChange): void {
    const extra = this.extension?.changesFor(change) ?? { updatedUris: [], listChanged: false };
    const updated = change.resourcesChanged ? [WINDOWS_URI, ...extra.updatedUris] : extra.updatedUris;
    if (updated.length === 0 && !change.toolsChanged && !extra.listChanged) return;
    for (const connection of this.connections) {
      for (const uri of updated) {
        if (connection.subscriptions.has(uri)) this.send(connection, () => connection.server.sendResourceUpdated({ uri }));
      }
      if (extra.listChanged) this.send(connection, () => connection.server.sendResourceListChanged());
      if (change.toolsChanged) this.send(connection, () => connection.server.sendToolListChanged());
    }
  }

  private send(connection: Connection, notify: () => Promise<void>): void {
    // A connection that went away mid-broadcast must not affect the others.
    notify().catch((error: unknown) =>
      this.log.debug('notification not delivered', { id: connection.id, error: String(error) }),
    );
  }
}
