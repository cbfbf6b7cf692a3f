/**
 * Fuzzing the built `gui-bridge serve --demo`: fast-check generates tool
 * calls from the inputSchemas the server advertises (fitting and broken arguments) and sends them
 * with real SDK clients over both real transports, stdio and Streamable HTTP, several at a time.
 * Required: every call answered (a result or a JSON-RPC error, never a timeout), every
 * structuredContent valid against the tool's outputSchema (Ajv), and the server still alive.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { join, resolve } from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { McpError, ToolListChangedNotificationSchema, type CallToolResult, type Tool } from '@modelcontextprotocol/sdk/types.js';
import { Ajv, type ValidateFunction } from 'ajv';
import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { toolArguments, type JsonSchema } from './schemaArbitrary.js';

const CLI = join(resolve(import.meta.dirname, '../..'), 'dist/src/cli.js');
const RUNS = 125; // × CONCURRENT calls per transport
const CONCURRENT = 8;
const CALL_TIMEOUT_MS = 30_000;

interface Tally {
  calls: number;
  results: number;
  rpcErrors: number;
  problems: string[];
}

class Fuzzer {
  private tools: Tool[] = [];
  private stale = true;
  private readonly ajv = new Ajv({ strict: false, allErrors: false });
  private readonly validators = new Map<string, ValidateFunction>();
  readonly tally: Tally = { calls: 0, results: 0, rpcErrors: 0, problems: [] };

  constructor(private readonly client: Client) {
    client.setNotificationHandler(ToolListChangedNotificationSchema, async () => void (this.stale = true));
  }

  async currentTools(): Promise<Tool[]> {
    if (this.stale) {
      this.stale = false;
      this.tools = (await this.client.listTools()).tools;
    }
    return this.tools;
  }

  async call(tool: Tool, args: unknown): Promise<void> {
    this.tally.calls++;
    try {
      const result = (await this.client.callTool({ name: tool.name, arguments: args as Record<string, unknown> }, undefined, {
        timeout: CALL_TIMEOUT_MS,
      })) as CallToolResult;
      this.tally.results++;
      this.check(tool, result);
    } catch (error) {
      if (error instanceof McpError && error.code !== -32001 /* request timeout */ && !/output schema/i.test(error.message)) {
        this.tally.rpcErrors++;
        if (error.code === -32603) this.tally.problems.push(`${tool.name}: internal error ${error.message.slice(0, 200)}`);
        return;
      }
      this.tally.problems.push(`${tool.name}: ${error instanceof Error ? error.message.slice(0, 300) : String(error)}`);
    }
  }

  private check(tool: Tool, result: CallToolResult): void {
    if (!tool.outputSchema) return;
    const key = JSON.stringify(tool.outputSchema);
    let validate = this.validators.get(key);
    if (!validate) {
      validate = this.ajv.compile(tool.outputSchema);
      this.validators.set(key, validate);
    }
    if (!validate(result.structuredContent)) {
      this.tally.problems.push(`${tool.name}: outputSchema violation ${this.ajv.errorsText(validate.errors)}`);
    }
  }
}

async function fuzz(client: Client, seed: number): Promise<Tally> {
  const fuzzer = new Fuzzer(client);
  await fc.assert(
    fc.asyncProperty(fc.gen(), async (g) => {
      const tools = await fuzzer.currentTools();
      const batch = Array.from({ length: CONCURRENT }, () => {
        const tool = g(fc.constantFrom, ...tools);
        return fuzzer.call(tool, g(toolArguments, (tool.inputSchema ?? {}) as JsonSchema));
      });
      await Promise.all(batch);
    }),
    { numRuns: RUNS, seed, endOnFailure: true },
  );
  return fuzzer.tally;
}

function expectClean(tally: Tally): void {
  expect(tally.problems).toEqual([]);
  expect(tally.calls).toBe(RUNS * CONCURRENT);
  expect(tally.results + tally.rpcErrors).toBe(tally.calls); // every call answered
  expect(tally.results).toBeGreaterThan(tally.calls / 2);
}

const seed = Number(process.env.FUZZ_SEED ?? Date.now() % 1_000_000);

// The two transports run side by side: separate server processes, and half the wall time.
describe.concurrent(`fuzzing serve --demo (seed ${seed}; FUZZ_SEED=${seed} replays it)`, () => {
  test('stdio: ≥1,000 fuzzed calls, all answered, 0 schema violations, server alive', async () => {
    const transport = new StdioClientTransport({ command: process.execPath, args: [CLI, 'serve', '--demo', '--log-level', 'error'], stderr: 'pipe' });
    const client = new Client({ name: 'fuzz-stdio', version: '1' });
    let closedEarly = false;
    await client.connect(transport);
    transport.onclose = () => void (closedEarly = true);
    const tally = await fuzz(client, seed);
    expect(closedEarly).toBe(false);
    await client.ping(); // still serving
    await client.close();
    expectClean(tally);
  }, 300_000);

  test('HTTP: ≥1,000 fuzzed calls, all answered, 0 schema violations, server alive', async () => {
    const server = spawn(process.execPath, [CLI, 'serve', '--demo', '--http', '0', '--log-level', 'error'], { stdio: ['ignore', 'ignore', 'pipe'] });
    try {
      const url = await serverUrl(server);
      const client = new Client({ name: 'fuzz-http', version: '1' });
      await client.connect(new StreamableHTTPClientTransport(new URL(url)));
      const tally = await fuzz(client, seed + 1);
      await client.ping();
      await client.close();
      expect(server.exitCode).toBeNull();
      expectClean(tally);
    } finally {
      server.kill('SIGTERM');
    }
  }, 300_000);
});

function serverUrl(server: ChildProcess): Promise<string> {
  return new Promise((found, fail) => {
    let err = '';
    server.stderr?.on('data', (c: Buffer) => {
      err += c.toString();
      const match = /(http:\/\/127\.0\.0\.1:\d+\/mcp)/.exec(err);
      if (match) found(match[1] as string);
    });
    server.on('exit', () => fail(new Error(`server exited: ${err}`)));
  });
}
