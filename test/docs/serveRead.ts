/**
 * A README `serve` command run from the build and read once by a real SDK client: over stdio, or
 * over Streamable HTTP when it has `--http PORT` (served on a free port instead, and its owner's
 * console asked for its page).
 */
import { spawn } from 'node:child_process';
import { join, resolve } from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';

export const CLI = join(resolve(import.meta.dirname, '../..'), 'dist/src/cli.js');

export interface ServedWindows {
  operableWindowIds: string[];
  windows: Array<{ id: string; title: string }>;
  /** The HTTP status of GET /console, when served over HTTP. */
  consoleStatus?: number;
}

/** Reads app://windows through a connected client: the demo's snapshot. */
async function readWindows(client: Client): Promise<ServedWindows> {
  const read = await client.readResource({ uri: 'app://windows' });
  const first = read.contents[0];
  return JSON.parse(first && 'text' in first ? first.text : '{}') as ServedWindows;
}

/** `serve` with these arguments, read once by a real client (HTTP when it has --http). */
export async function serveAndRead(args: string[], env: NodeJS.ProcessEnv = process.env): Promise<ServedWindows> {
  const http = args.indexOf('--http');
  if (http < 0) {
    const client = new Client({ name: 'readme-commands', version: '1' });
    await client.connect(new StdioClientTransport({ command: process.execPath, args: [CLI, ...args], env: env as Record<string, string>, stderr: 'ignore' }));
    try {
      return await readWindows(client);
    } finally {
      await client.close();
    }
  }
  const onFreePort = args.map((arg, i) => (i === http + 1 ? '0' : arg));
  const child = spawn(process.execPath, [CLI, ...onFreePort], { env, stdio: ['ignore', 'ignore', 'pipe'] });
  try {
    const url = await new Promise<string>((found, fail) => {
      let err = '';
      child.stderr.on('data', (chunk: Buffer) => {
        err += chunk.toString();
        const match = /(http:\/\/127\.0\.0\.1:\d+\/mcp)/.exec(err);
        if (match) found(match[1] as string);
      });
      child.on('exit', (code) => fail(new Error(`serve ${onFreePort.join(' ')} exited with ${code}: ${err}`)));
    });
    const client = new Client({ name: 'readme-commands', version: '1' });
    await client.connect(new StreamableHTTPClientTransport(new URL(url)));
    try {
      const windows = await readWindows(client);
      const consoleStatus = (await fetch(url.replace(/\/mcp$/, '/console'))).status;
      return { ...windows, consoleStatus };
    } finally {
      await client.close();
    }
  } finally {
    child.kill('SIGTERM');
  }
}
