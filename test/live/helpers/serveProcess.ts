/**
 * The built CLI's `serve` as a child process on a live desktop, spoken to over its stdio like an
 * MCP client: requests by id, replies matched by id, its exit awaited.
 */
import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { join, resolve } from 'node:path';
import { createInterface } from 'node:readline';
import { desktopProcessEnv } from '../../../src/platform/linux/desktop/index.js';

export const CLI = join(resolve(import.meta.dirname, '../../..'), 'dist/src/cli.js');

export interface ServeProcess {
  child: ChildProcessWithoutNullStreams;
  /** Exit code (or the signal's name) once it has exited. */
  exited: Promise<number | string | null>;
  stderr(): string;
  /** Sends a request and resolves with its reply's `result` (rejects on an error reply). */
  request(method: string, params?: object): Promise<Record<string, unknown>>;
  notify(method: string, params?: object): void;
  initialize(): Promise<Record<string, unknown>>;
  /** app://windows as read now. */
  snapshot(): Promise<{ windows: Array<{ id: string; title: string; blocks: Array<{ type: string; id?: string; text?: string }> }> }>;
}

export function startServe(args: string[], desktopEnv: Record<string, string>): ServeProcess {
  const child = spawn(process.execPath, [CLI, 'serve', ...args], { stdio: ['pipe', 'pipe', 'pipe'], env: desktopProcessEnv(desktopEnv) });
  let stderr = '';
  child.stderr.on('data', (c: Buffer) => (stderr += c.toString()));
  child.stdin.on('error', () => undefined); // a server that exited first: EPIPE is expected
  const exited = new Promise<number | string | null>((done) => child.on('exit', (code, signal) => done(code ?? signal)));
  const waiting = new Map<number, { resolve: (v: Record<string, unknown>) => void; reject: (e: Error) => void }>();
  createInterface({ input: child.stdout }).on('line', (line) => {
    const reply = JSON.parse(line) as { id?: number; result?: Record<string, unknown>; error?: { message: string } };
    const entry = reply.id === undefined ? undefined : waiting.get(reply.id);
    if (!entry) return;
    waiting.delete(reply.id as number);
    if (reply.error) entry.reject(new Error(reply.error.message));
    else entry.resolve(reply.result ?? {});
  });
  // A server that exits leaves no request waiting: the test fails with what it wrote.
  void exited.then((code) => {
    for (const entry of waiting.values()) entry.reject(new Error(`serve exited (${String(code)}) before answering: ${stderr.trim()}`));
    waiting.clear();
  });
  let nextId = 1;
  const send = (message: object) => child.stdin.write(`${JSON.stringify({ jsonrpc: '2.0', ...message })}\n`);
  const request = (method: string, params?: object) =>
    new Promise<Record<string, unknown>>((resolveReply, reject) => {
      const id = nextId++;
      waiting.set(id, { resolve: resolveReply, reject });
      send({ id, method, ...(params ? { params } : {}) });
    });
  const serve: ServeProcess = {
    child,
    exited,
    stderr: () => stderr,
    request,
    notify: (method, params) => send({ method, ...(params ? { params } : {}) }),
    initialize: async () => {
      const result = await request('initialize', { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'live-test', version: '1' } });
      serve.notify('notifications/initialized');
      return result;
    },
    snapshot: async () => {
      const result = (await request('resources/read', { uri: 'app://windows' })) as { contents: Array<{ text: string }> };
      return JSON.parse(result.contents[0]?.text ?? '{}');
    },
  };
  return serve;
}
