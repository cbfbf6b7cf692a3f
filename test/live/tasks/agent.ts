/**
 * A scripted agent: it sees only what an MCP client sees — app://windows (operableWindowIds,
 * windows, blocks), tools/list, structured results and errors — and counts what it costs: tool
 * calls, bytes read (resource reads, tool lists, results) and wall time.
 */
import type { CallToolResult, Tool } from '@modelcontextprotocol/sdk/types.js';
import type { ProtocolWindow, Snapshot } from '../../../src/protocol/schemas.js';
import type { TestClient } from '../../helpers/demoServer.js';

export interface AgentMetrics {
  toolCalls: number;
  reads: number;
  bytes: number;
  /** Of `bytes`: what tools/list answers cost. */
  toolListBytes: number;
  /** ~4 bytes per token, the usual estimate for JSON-heavy English text. */
  estimatedTokens: number;
  ms: number;
}

export interface ToolOutcome {
  isError: boolean;
  structured: Record<string, unknown>;
}

export class ScriptedAgent {
  private toolCalls = 0;
  private reads = 0;
  private bytes = 0;
  private toolListBytes = 0;
  private subscribed = false;
  private updatesAtLastRead = 0;
  private readonly started = performance.now();

  constructor(readonly client: TestClient) {}

  async read(): Promise<Snapshot> {
    if (!this.subscribed) {
      // Like an agent that waits for news instead of polling: a re-read follows a notification.
      await this.client.client.subscribeResource({ uri: 'app://windows' });
      this.subscribed = true;
    }
    this.updatesAtLastRead = this.updates();
    const result = await this.client.client.readResource({ uri: 'app://windows' });
    const text = (result.contents[0] as { text: string }).text;
    this.reads++;
    this.bytes += Buffer.byteLength(text);
    return JSON.parse(text) as Snapshot;
  }

  async tools(): Promise<Tool[]> {
    const { tools } = await this.client.client.listTools();
    const size = Buffer.byteLength(JSON.stringify(tools));
    this.bytes += size;
    this.toolListBytes += size;
    return tools;
  }

  async call(name: string, args: Record<string, unknown> = {}): Promise<ToolOutcome> {
    this.toolCalls++;
    const result = (await this.client.client.callTool({ name, arguments: args })) as CallToolResult;
    this.bytes += Buffer.byteLength(JSON.stringify(result.structuredContent ?? {}));
    return { isError: result.isError === true, structured: (result.structuredContent ?? {}) as Record<string, unknown> };
  }

  /** Like `call`, but a failure is an Error carrying the structured error. */
  async must(name: string, args: Record<string, unknown> = {}): Promise<Record<string, unknown>> {
    const outcome = await this.call(name, args);
    if (outcome.isError) throw new Error(`${name} failed: ${JSON.stringify(outcome.structured)}`);
    return outcome.structured;
  }

  /** The operable window whose title matches, from a fresh read. */
  async operableWindow(title: RegExp): Promise<ProtocolWindow | undefined> {
    const snapshot = await this.read();
    // A window whose notice says its content has not appeared yet is read again, as an agent would.
    const pending = (w: ProtocolWindow) => w.blocks.some((b) => b.type === 'notice' && /has not appeared yet/.test(b.text));
    return snapshot.windows.find((w) => title.test(w.title) && snapshot.operableWindowIds.includes(w.id) && !pending(w));
  }

  /**
   * Re-reads until an operable window matches (notifications are asynchronous; so are apps). It
   * re-reads after each `resources/updated`, or after a second without one, so the bytes it counts
   * do not grow with the machine's load as a fixed-interval poll's would.
   */
  async waitForWindow(title: RegExp, timeoutMs = 20_000): Promise<ProtocolWindow> {
    const until = Date.now() + timeoutMs;
    for (;;) {
      const window = await this.operableWindow(title);
      if (window) return window;
      if (Date.now() > until) throw new Error(`no operable window titled ${title} after ${timeoutMs} ms`);
      await this.waitForUpdate(Math.min(1000, Math.max(0, until - Date.now())));
    }
  }

  /** Waits for a `resources/updated` newer than the last read, at most `maxMs`. */
  async waitForUpdate(maxMs = 1000): Promise<void> {
    const until = Date.now() + maxMs;
    while (this.updates() === this.updatesAtLastRead && Date.now() < until) await new Promise((r) => setTimeout(r, 10));
  }

  private updates(): number {
    return this.client.recorder.events.filter((e) => e === 'resources/updated app://windows').length;
  }

  metrics(): AgentMetrics {
    return {
      toolCalls: this.toolCalls,
      reads: this.reads,
      bytes: this.bytes,
      toolListBytes: this.toolListBytes,
      estimatedTokens: Math.round(this.bytes / 4),
      ms: Math.round(performance.now() - this.started),
    };
  }
}
