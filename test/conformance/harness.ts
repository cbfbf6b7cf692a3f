/**
 * The conformance suite runs every check over two transports: InMemoryTransport and Streamable
 * HTTP, each with real SDK clients against the demo app. Every tool result is validated with Ajv
 * against the outputSchema the tool advertised (the low-level Server does not do it for us).
 */
import { Ajv } from 'ajv';
import type { CallToolResult, Tool } from '@modelcontextprotocol/sdk/types.js';
import { afterEach, beforeEach, expect } from 'vitest';
import { ERROR_OUTPUT_SCHEMA } from '../../src/translate/jsonSchema.js';
import type { DemoOptions } from '../../src/platform/demo/model.js';
import { connectMemoryClient, startDemoServer, type DemoServer, type TestClient } from '../helpers/demoServer.js';
import { connectHttpClient, startTappedHttp } from '../helpers/httpClient.js';

export interface Rig {
  server: DemoServer;
  connect(): Promise<TestClient>;
  /** Every byte any client received so far. */
  bytes(): string;
  close(): Promise<void>;
}

export type RigFactory = (options?: DemoOptions) => Promise<Rig>;

const memoryRig: RigFactory = async (options) => {
  const server = await startDemoServer(options);
  const clients: TestClient[] = [];
  return {
    server,
    connect: async () => {
      const c = await connectMemoryClient(server.hub);
      clients.push(c);
      return c;
    },
    bytes: () => clients.flatMap((c) => c.recorder.bytes).join('\n'),
    close: async () => {
      for (const c of clients) await c.close();
      await server.close();
    },
  };
};

const httpRig: RigFactory = async (options) => {
  const server = await startDemoServer(options);
  const tapped = await startTappedHttp(server.hub);
  const clients: TestClient[] = [];
  return {
    server,
    connect: async () => {
      const c = await connectHttpClient(tapped.http.url);
      clients.push(c);
      return c;
    },
    bytes: () => tapped.wire.join(''),
    close: async () => {
      for (const c of clients) await c.close();
      await tapped.http.close();
      await server.close();
    },
  };
};

export const RIGS: Array<[string, RigFactory]> = [
  ['memory', memoryRig],
  ['http', httpRig],
];

const ajv = new Ajv({ strict: false, allErrors: true });
const errorOnly = ajv.compile(ERROR_OUTPUT_SCHEMA);

/** Calls a tool and checks the result against the outputSchema the tool advertised right before. */
export async function checkedCall(client: TestClient, name: string, args: Record<string, unknown> = {}): Promise<CallToolResult> {
  const tools = (await client.client.listTools()).tools;
  const tool: Tool | undefined = tools.find((t) => t.name === name);
  const result = await client.call(name, args);
  expect(result.structuredContent, `${name} must return structuredContent`).toBeDefined();
  const validate = tool?.outputSchema ? ajv.compile(tool.outputSchema) : errorOnly;
  const valid = validate(result.structuredContent);
  expect(valid, `${name} result ${JSON.stringify(result.structuredContent)} vs outputSchema: ${ajv.errorsText(validate.errors)}`).toBe(true);
  if (result.isError) expect(errorOnly(result.structuredContent)).toBe(true);
  // P-TOOL-10 + The first item is the compact JSON of structuredContent; only images may follow.
  const [text, ...rest] = result.content;
  expect(text).toEqual({ type: 'text', text: JSON.stringify(result.structuredContent) });
  expect(rest.every((item) => item.type === 'image')).toBe(true);
  return result;
}

export function sc(result: CallToolResult): Record<string, unknown> {
  return result.structuredContent as Record<string, unknown>;
}

/** Waits until `check` passes (notifications arrive asynchronously). */
export async function eventually(check: () => void | Promise<void>, timeoutMs = 3000): Promise<void> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    try {
      await check();
      return;
    } catch (error) {
      if (Date.now() > until) throw error;
      await new Promise((r) => setTimeout(r, 10));
    }
  }
}

export interface RigContext {
  rig: Rig;
  client: TestClient;
}

/** One fresh demo rig and client per test; optionally subscribed to app://windows. */
export function useRig(makeRig: RigFactory, options: { subscribe?: boolean } = {}): RigContext {
  const ctx = {} as RigContext;
  beforeEach(async () => {
    ctx.rig = await makeRig();
    ctx.client = await ctx.rig.connect();
    if (options.subscribe) await ctx.client.client.subscribeResource({ uri: 'app://windows' });
  });
  afterEach(() => ctx.rig.close());
  return ctx;
}
