/**
 * A `gui-bridge serve --http 0` child process for benchmarks, and the URL it listens on (read from
 * the connect hint it prints on stderr: port 0 means the OS picks the port).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';

export const CLI = join(resolve(import.meta.dirname, '..'), 'dist/src/cli.js');

/** Benchmarks wait as long as a loaded machine needs, rather than the SDK's 60 s default. */
export const PATIENT = { timeout: 600_000 };

/** Resident memory of a process, from /proc (MB). */
export function rssMb(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  return Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0) / 1024;
}

/** User + system CPU time a process has used so far (/proc/PID/stat, clock ticks of 10 ms). */
export function cpuMs(pid: number): number {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.split(' ') ?? [];
  return (Number(fields[11]) + Number(fields[12])) * 10;
}

/** What `serve` logs at debug level once it serves: ms since its start and CPU ms by then (src/cli/startupMarks.ts). */
export type Milestones = Record<string, { ms: number; cpuMs: number }>;

export interface FirstReadOptions {
  /** The CLI entry to run (default: the build's, CLI). */
  cli?: string;
  /** The Node binary that runs it (default: this process's). */
  node?: string;
  /** Read the server's start-up milestones from its debug log. */
  milestones?: boolean;
}

/**
 * Spawns `gui-bridge serve` over stdio (with `nodeArgs` before the CLI), connects an SDK client and
 * reads app://windows once: the time from spawn to that answer, and what it takes to go on.
 */
export async function stdioServeFirstRead(
  nodeArgs: string[],
  serveArgs: string[],
  env: NodeJS.ProcessEnv,
  name: string,
  options: FirstReadOptions = {},
): Promise<{ client: Client; pid: number; ms: number; text: string; milestones?: Milestones }> {
  const start = performance.now();
  const transport = new StdioClientTransport({
    command: options.node ?? process.execPath,
    args: [...nodeArgs, options.cli ?? CLI, 'serve', ...serveArgs, '--log-level', options.milestones ? 'debug' : 'error'],
    env: env as Record<string, string>,
    stderr: options.milestones ? 'pipe' : 'ignore',
  });
  let log = '';
  transport.stderr?.on('data', (chunk: Buffer) => (log += chunk.toString()));
  const client = new Client({ name, version: '1' });
  await client.connect(transport, PATIENT);
  const read = await client.readResource({ uri: 'app://windows' }, PATIENT);
  const ms = performance.now() - start;
  const text = read.contents[0] && 'text' in read.contents[0] ? read.contents[0].text : '';
  const line = /start-up milestones (\{.*\})/.exec(log)?.[1];
  if (options.milestones && !line) throw new Error(`serve logged no start-up milestones: ${log.slice(0, 300)}`);
  return { client, pid: transport.pid as number, ms, text, ...(line ? { milestones: JSON.parse(line) as Milestones } : {}) };
}

export async function startHttpServe(args: string[], env: NodeJS.ProcessEnv = process.env): Promise<{ child: ChildProcess; url: URL }> {
  const child = spawn(process.execPath, [CLI, 'serve', ...args, '--http', '0'], { env, stdio: ['ignore', 'ignore', 'pipe'] });
  const url = await new Promise<string>((found, fail) => {
    let err = '';
    child.stderr?.on('data', (c: Buffer) => {
      err += c.toString();
      const match = /(http:\/\/127\.0\.0\.1:\d+\/mcp)/.exec(err);
      if (match) found(match[1] as string);
    });
    child.on('exit', () => fail(new Error(err)));
  });
  return { child, url: new URL(url) };
}
