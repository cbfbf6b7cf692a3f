/**
 * The A2C-SMCP Computer: the MCP servers it hosts and the answers to agents' `client:*` events,
 * independent of Socket.IO (the connector carries them). Behaviour follows
 * a2c-smcp-protocol/docs/specification (events.md, desktop.md, error-handling.md) and python-sdk
 * a2c_smcp/computer/computer.py:
 * - tools of all servers under their own names (a duplicate name keeps the first server's tool and
 *   is logged: the Python SDK refuses duplicates, we keep serving);
 * - the last 10 tool calls order the desktop's servers;
 * - window hosts SHOULD be unique across servers: a clash is logged at registration, not refused
 *   (seed §4.2, H1);
 * - a running call can be cancelled by its `req_id` (events.md "notify:tool_call_cancel").
 */
import { ErrorCode, McpError } from '@modelcontextprotocol/sdk/types.js';
import type { Logger } from '../../util/logger.js';
import { organizeDesktop, type DesktopWindow, type ToolCallRecord } from '../desktop.js';
import { A2C_ERRORS, type ErrorPayload, type SmcpTool, type ToolCallReq } from '../protocol.js';
import { parseWindowUri } from '../windowUri.js';
import type { GetComputerConfigRet } from '../schemas/config.js';
import type { A2CResource } from '../schemas/desktop.js';
import type { HostedChange, HostedServer } from './hostedServer.js';
import { BlobSpool } from './blobSpool.js';
import { toServerConfig } from './serverConfig.js';
import { spoolLargeBinaries } from './sideband.js';
import { cancelledResult, toA2cResource, toolErrorResult, toSmcpTool } from './wire.js';

const HISTORY_SIZE = 10;
/** Used when an agent's `client:tool_call` gives no timeout (seconds). */
export const DEFAULT_TOOL_TIMEOUT_S = 60;

export interface ResourcePageResult {
  resources: A2CResource[];
  next_cursor?: string;
}

/** What changed on the Computer: hosted servers' tools or windows, or the set of servers itself. */
export type ComputerChange = HostedChange | 'config';

/** The abort reason of a call cancelled by the agent (tells it apart from a timeout). */
class CancelledByAgent extends Error {
  constructor() {
    super('cancelled by the agent (notify:tool_call_cancel)');
  }
}

export class Computer {
  private readonly servers = new Map<string, HostedServer>();
  private readonly toolOwners = new Map<string, string>();
  private readonly history: ToolCallRecord[] = [];
  private readonly listeners = new Set<(change: ComputerChange) => void>();
  /** Large binary items of tool results, pulled with `client:get_blob`. */
  readonly blobs = new BlobSpool();
  /** Running calls by `req_id`; a set, since nothing stops an agent from reusing one. */
  private readonly running = new Map<string, Set<AbortController>>();

  constructor(
    readonly name: string,
    private readonly log: Logger,
  ) {}

  async addServer(server: HostedServer): Promise<void> {
    if (this.servers.has(server.name)) throw new Error(`an MCP server named "${server.name}" is already hosted`);
    await this.warnOnHostClash(server);
    this.servers.set(server.name, server);
    this.rebuildToolOwners();
    server.onChange((change) => {
      if (change === 'tools') this.rebuildToolOwners();
      this.emit(change);
    });
    // A new server changes the config (client:get_config) and brings its tools and windows.
    for (const change of ['config', 'tools', 'desktop'] as const) this.emit(change);
  }

  /** Tools or the desktop changed in a hosted server, or a server was added. */
  onChange(listener: (change: ComputerChange) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  tools(): SmcpTool[] {
    return [...this.toolOwners].map(([tool, server]) => {
      const found = this.servers
        .get(server)
        ?.tools()
        .find((t) => t.name === tool);
      return toSmcpTool(found ?? { name: tool, inputSchema: { type: 'object' } });
    });
  }

  async callTool(req: ToolCallReq): Promise<Record<string, unknown>> {
    const serverName = this.toolOwners.get(req.tool_name);
    const server = serverName === undefined ? undefined : this.servers.get(serverName);
    if (!server)
      return toolErrorResult(
        A2C_ERRORS.toolNotFound,
        `Tool "${req.tool_name}" is not offered by any MCP server of this Computer; call client:get_tools again.`,
      );
    const record: ToolCallRecord = { server: server.name, tool: req.tool_name, req_id: req.req_id, timestamp: new Date().toISOString(), success: false };
    // Registered before the first await: a cancel arriving right behind the call finds it.
    const controller = this.track(req.req_id);
    try {
      const result = await server.callTool(req.tool_name, req.params, (req.timeout ?? DEFAULT_TOOL_TIMEOUT_S) * 1000, controller.signal);
      record.success = result.isError !== true;
      return spoolLargeBinaries(result, this.blobs);
    } catch (error) {
      if (controller.signal.reason instanceof CancelledByAgent) return cancelledResult();
      return this.callFailure(error, req, server.name);
    } finally {
      this.untrack(req.req_id, controller);
      this.remember(record);
    }
  }

  /**
   * Interrupts the running calls with this `req_id`: the hosted server gets MCP
   * `notifications/cancelled` and the call answers `cancelledResult()`. False, and nothing else
   * happens, when none is running (finished, unknown, or another Computer's: events.md says to
   * ignore it silently).
   */
  cancelToolCall(reqId: string): boolean {
    const controllers = this.running.get(reqId);
    if (!controllers) return false;
    for (const controller of controllers) controller.abort(new CancelledByAgent());
    return true;
  }

  /** `client:get_config`: every hosted server under the name agents pass as `mcp_server`. */
  config(): GetComputerConfigRet {
    const servers: GetComputerConfigRet['servers'] = {};
    for (const server of this.servers.values()) servers[server.name] = toServerConfig(server.name, server.launch);
    // No input placeholders: nothing in these configs asks the user for a value.
    return { servers, inputs: [] };
  }

  async desktop(size: number | undefined, window: string | undefined): Promise<string[]> {
    const windows: DesktopWindow[] = [];
    for (const server of this.servers.values()) windows.push(...(await this.readWindows(server, window)));
    return organizeDesktop({ windows, size, window, history: this.history, log: this.log });
  }

  /**
   * One page of a server's `resources/list`, each resource mapped to `A2CResource` as the official
   * Computer does (events.md `client:get_resources`; data-structures.md "A2CResource").
   */
  async resourcesPage(serverName: string, cursor: string | undefined): Promise<ResourcePageResult | ErrorPayload> {
    const server = this.servers.get(serverName);
    if (!server) return { code: A2C_ERRORS.mcpServerNotFound, message: 'MCP Server not registered', mcp_server_name: serverName };
    if (!server.hasResources) {
      return {
        code: A2C_ERRORS.mcpCapabilityNotSupported,
        message: "MCP Server does not support 'resources' capability",
        mcp_server_name: serverName,
        capability: 'resources',
      };
    }
    try {
      const page = await server.listResourcesPage(cursor);
      const resources = page.resources.map(toA2cResource);
      return page.nextCursor ? { resources, next_cursor: page.nextCursor } : { resources };
    } catch (error) {
      const invalid = error instanceof McpError && error.code === ErrorCode.InvalidParams;
      return { code: invalid ? A2C_ERRORS.badRequest : 500, message: `${serverName}: ${errorText(error)}` };
    }
  }

  /** The recorded tool calls, oldest first. */
  toolHistory(): readonly ToolCallRecord[] {
    return this.history;
  }

  async close(): Promise<void> {
    for (const server of this.servers.values()) await server.close().catch(() => undefined);
    this.servers.clear();
  }

  private async readWindows(server: HostedServer, window: string | undefined): Promise<DesktopWindow[]> {
    const resources = (await server.windowResources()).filter((r) => window === undefined || r.uri === window);
    const read = await Promise.all(
      resources.map(async (resource) => {
        try {
          return { server: server.name, resource, contents: (await server.read(resource.uri)).contents };
        } catch (error) {
          this.log.warn('could not read a window resource', { server: server.name, uri: resource.uri, error: errorText(error) });
          return null;
        }
      }),
    );
    return read.filter((w): w is DesktopWindow => w !== null);
  }

  private callFailure(error: unknown, req: ToolCallReq, server: string): Record<string, unknown> {
    if (error instanceof McpError && error.code === ErrorCode.RequestTimeout) {
      return toolErrorResult(A2C_ERRORS.toolTimeout, `Tool "${req.tool_name}" did not finish within ${req.timeout ?? DEFAULT_TOOL_TIMEOUT_S} s.`, server);
    }
    this.log.warn('tool call failed', { server, tool: req.tool_name, error: errorText(error) });
    return toolErrorResult(A2C_ERRORS.toolExecutionFailed, `Tool "${req.tool_name}" failed: ${errorText(error)}`, server);
  }

  private emit(change: ComputerChange): void {
    for (const listener of this.listeners) listener(change);
  }

  private track(reqId: string): AbortController {
    const controller = new AbortController();
    const set = this.running.get(reqId) ?? new Set<AbortController>();
    set.add(controller);
    this.running.set(reqId, set);
    return controller;
  }

  private untrack(reqId: string, controller: AbortController): void {
    const set = this.running.get(reqId);
    set?.delete(controller);
    if (set?.size === 0) this.running.delete(reqId);
  }

  private remember(record: ToolCallRecord): void {
    this.history.push(record);
    if (this.history.length > HISTORY_SIZE) this.history.shift();
  }

  private rebuildToolOwners(): void {
    this.toolOwners.clear();
    for (const server of this.servers.values()) {
      for (const tool of server.tools()) {
        const owner = this.toolOwners.get(tool.name);
        if (owner === undefined) this.toolOwners.set(tool.name, server.name);
        else this.log.warn('tool name offered by two MCP servers; keeping the first', { tool: tool.name, kept: owner, hidden: server.name });
      }
    }
  }

  private async warnOnHostClash(added: HostedServer): Promise<void> {
    const hostsOf = async (s: HostedServer) => new Set((await s.windowResources()).map((r) => parseWindowUri(r.uri).host));
    const mine = await hostsOf(added);
    for (const other of this.servers.values()) {
      for (const host of await hostsOf(other)) {
        if (mine.has(host)) this.log.warn('window host used by two MCP servers (SHOULD be unique)', { host, servers: [other.name, added.name] });
      }
    }
  }
}

function errorText(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
