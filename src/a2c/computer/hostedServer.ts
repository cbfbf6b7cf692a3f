/**
 * One MCP server hosted by the Computer, reached through a real SDK `Client` on any transport.
 * It keeps what the Computer needs to answer agents without re-asking on every event (the tool
 * list, the set of window URIs) and turns the server's notifications into the two changes the
 * A2C-SMCP server cares about (a2c-smcp-protocol/docs/specification/desktop.md "变化检测"):
 * - `tools/list_changed` → tools changed;
 * - `resources/list_changed` → desktop changed when the set of `window://` URIs changed;
 * - `resources/updated` of a `window://` URI → desktop changed.
 * It subscribes to every window URI it sees, since updates only reach subscribers (P-SESS-4).
 */
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import type { Transport } from '@modelcontextprotocol/sdk/shared/transport.js';
import {
  ResourceListChangedNotificationSchema,
  ResourceUpdatedNotificationSchema,
  ToolListChangedNotificationSchema,
  type CallToolResult,
  type ListResourcesResult,
  type ReadResourceResult,
  type Resource,
  type Tool,
} from '@modelcontextprotocol/sdk/types.js';
import { SERVER_VERSION } from '../../version.js';
import type { Logger } from '../../util/logger.js';
import { isWindowUri } from '../windowUri.js';
import type { ServerLaunch } from './serverConfig.js';

export type HostedChange = 'tools' | 'desktop';

/** Guard against a server whose cursor never ends. */
const MAX_PAGES = 1000;

export class HostedServer {
  private toolList: Tool[] = [];
  private windowUris = new Set<string>();
  private readonly listeners = new Set<(change: HostedChange) => void>();
  /** Notifications are handled one at a time, so refreshes never interleave. */
  private queue: Promise<void> = Promise.resolve();

  private constructor(
    readonly name: string,
    readonly client: Client,
    /** How it is started or reached, reported by `client:get_config`. */
    readonly launch: ServerLaunch,
    private readonly log: Logger,
  ) {}

  /** Connects a client to the server on `transport` and reads its tools and windows. */
  static async connect(name: string, transport: Transport, launch: ServerLaunch, log: Logger): Promise<HostedServer> {
    const client = new Client({ name: 'gui-bridge-a2c-computer', version: SERVER_VERSION });
    const server = new HostedServer(name, client, launch, log);
    server.listen();
    await client.connect(transport);
    // Queued like notifications, but a failure here fails the registration.
    const initial = server.queue.then(async () => {
      await server.refreshTools();
      await server.refreshWindows();
    });
    server.queue = initial.catch(() => undefined);
    await initial;
    return server;
  }

  get hasTools(): boolean {
    return this.client.getServerCapabilities()?.tools !== undefined;
  }

  get hasResources(): boolean {
    return this.client.getServerCapabilities()?.resources !== undefined;
  }

  tools(): readonly Tool[] {
    return this.toolList;
  }

  onChange(listener: (change: HostedChange) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /**
   * Aborting `signal` makes the SDK send MCP `notifications/cancelled` for this request and reject
   * with the abort reason (events.md "notify:tool_call_cancel": SHOULD cancel downstream).
   */
  callTool(name: string, args: Record<string, unknown>, timeoutMs: number, signal?: AbortSignal): Promise<CallToolResult> {
    return this.client.callTool({ name, arguments: args }, undefined, { timeout: timeoutMs, signal }) as Promise<CallToolResult>;
  }

  /** One page of `resources/list`, as the server sent it. */
  listResourcesPage(cursor: string | undefined): Promise<ListResourcesResult> {
    return this.client.listResources(cursor === undefined ? {} : { cursor });
  }

  /** Every `window://` resource over all pages. */
  async windowResources(): Promise<Resource[]> {
    if (!this.hasResources) return [];
    const windows: Resource[] = [];
    let cursor: string | undefined;
    for (let page = 0; page < MAX_PAGES; page++) {
      const result = await this.listResourcesPage(cursor);
      windows.push(...result.resources.filter((r) => isWindowUri(r.uri)));
      cursor = result.nextCursor;
      if (!cursor) return windows;
    }
    this.log.warn('resources/list cursor did not end; using the pages read so far', { server: this.name });
    return windows;
  }

  read(uri: string): Promise<ReadResourceResult> {
    return this.client.readResource({ uri });
  }

  close(): Promise<void> {
    return this.client.close();
  }

  private listen(): void {
    this.client.setNotificationHandler(ToolListChangedNotificationSchema, () =>
      this.serial(async () => {
        await this.refreshTools();
        this.emit('tools');
      }),
    );
    this.client.setNotificationHandler(ResourceListChangedNotificationSchema, () =>
      this.serial(async () => {
        if (await this.refreshWindows()) this.emit('desktop');
      }),
    );
    this.client.setNotificationHandler(ResourceUpdatedNotificationSchema, (n) =>
      this.serial(async () => {
        if (isWindowUri(n.params.uri)) this.emit('desktop');
      }),
    );
  }

  private serial(task: () => Promise<void>): Promise<void> {
    const run = this.queue.then(task).catch((error: unknown) => {
      this.log.warn('could not follow a change of the MCP server', { server: this.name, error: String(error) });
    });
    this.queue = run;
    return run;
  }

  private async refreshTools(): Promise<void> {
    if (!this.hasTools) return;
    const tools: Tool[] = [];
    let cursor: string | undefined;
    for (let page = 0; page < MAX_PAGES; page++) {
      const result = await this.client.listTools(cursor === undefined ? {} : { cursor });
      tools.push(...result.tools);
      cursor = result.nextCursor;
      if (!cursor) break;
    }
    this.toolList = tools;
  }

  /** Re-reads the window URIs, subscribes to new ones; true when the set changed. */
  private async refreshWindows(): Promise<boolean> {
    const uris = new Set((await this.windowResources()).map((r) => r.uri));
    const changed = uris.size !== this.windowUris.size || [...uris].some((u) => !this.windowUris.has(u));
    if (this.client.getServerCapabilities()?.resources?.subscribe) {
      for (const uri of uris) if (!this.windowUris.has(uri)) await this.client.subscribeResource({ uri });
    }
    this.windowUris = uris;
    return changed;
  }

  private emit(change: HostedChange): void {
    for (const listener of this.listeners) {
      try {
        listener(change);
      } catch (error) {
        this.log.warn('change listener failed', { server: this.name, error: String(error) });
      }
    }
  }
}
