/**
 * A client for a persistent helper process speaking JSON lines (helperProtocol.ts): spawns it on
 * first use, correlates answers by id, applies per-request deadlines, and restarts it after it
 * dies or hangs. After too many failures in a row it stays down for a cool-down period, so a
 * broken helper never turns into a restart loop; callers then fall back to window-only mode.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import type { z } from 'zod';
import type { Logger } from '../../util/logger.js';
import { HelperError, ReadyLineSchema, ResponseLineSchema, requestLine, type ResponseLine } from './helperProtocol.js';

export interface HelperSpawn {
  command: string;
  args: string[];
  env?: NodeJS.ProcessEnv;
}

export interface HelperClientOptions {
  /** For messages: "the UI Automation helper". */
  name: string;
  spawn: HelperSpawn;
  log: Logger;
  startTimeoutMs?: number;
  requestTimeoutMs?: number;
  /** Failures (crash, hang, failed start) tolerated within `failureWindowMs` before giving up. */
  maxFailures?: number;
  failureWindowMs?: number;
  cooldownMs?: number;
  /** Called when the helper goes down or comes back (for re-reads and notices). */
  onHealth?: (ok: boolean, message: string) => void;
}

/** What the tree sources need from a helper: the seam unit tests fake. */
export interface HelperRequester {
  request<T>(method: string, params: Record<string, unknown>, schema: z.ZodType<T>, timeoutMs?: number): Promise<T>;
  readonly isDown: boolean;
  close(): Promise<void>;
}

interface Pending {
  resolve: (line: ResponseLine) => void;
  reject: (error: HelperError) => void;
  timer: NodeJS.Timeout;
}

export class HelperClient implements HelperRequester {
  private child: ChildProcess | null = null;
  private ready: Promise<ChildProcess> | null = null;
  private readonly pending = new Map<number, Pending>();
  private nextId = 1;
  private buffer = '';
  private stderrTail = '';
  private failures: number[] = [];
  private downUntil = 0;
  private lastProblem = '';
  private degraded = false;
  private closed = false;
  /** Startup info the helper sent with its ready line. */
  info: Record<string, unknown> = {};

  constructor(private readonly options: HelperClientOptions) {}

  /** True while the helper is given up on (cool-down after repeated failures). */
  get isDown(): boolean {
    return Date.now() < this.downUntil;
  }

  /** The last failure, in words, for notices. */
  get problem(): string {
    return this.lastProblem;
  }

  async request<T>(method: string, params: Record<string, unknown>, schema: z.ZodType<T>, timeoutMs?: number): Promise<T> {
    const child = await this.start();
    const id = this.nextId++;
    const deadline = timeoutMs ?? this.options.requestTimeoutMs ?? 10_000;
    const line = await new Promise<ResponseLine>((resolve, reject) => {
      const timer = setTimeout(() => this.onTimeout(id, method, deadline), deadline);
      this.pending.set(id, { resolve, reject, timer });
      child.stdin?.write(requestLine(id, method, params));
    });
    if (!line.ok) throw new HelperError('remote', `${method}: ${line.error.message}`, line.error.code);
    const parsed = schema.safeParse(line.result);
    if (!parsed.success) throw new HelperError('protocol', `${this.options.name} sent a malformed ${method} result: ${parsed.error.message.slice(0, 300)}`);
    return parsed.data;
  }

  async close(): Promise<void> {
    this.closed = true;
    const child = this.child;
    if (!child || child.exitCode !== null || child.signalCode !== null) return;
    child.stdin?.end();
    const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
    const timer = setTimeout(() => child.kill(), 1000);
    await exited;
    clearTimeout(timer);
  }

  private start(): Promise<ChildProcess> {
    if (this.closed) return Promise.reject(new HelperError('unavailable', `${this.options.name} is closed`));
    if (this.isDown) return Promise.reject(new HelperError('unavailable', `${this.options.name} is unavailable: ${this.lastProblem}`));
    this.ready ??= this.spawnHelper().catch((error: unknown) => {
      this.ready = null;
      throw error;
    });
    return this.ready;
  }

  private spawnHelper(): Promise<ChildProcess> {
    const { command, args, env } = this.options.spawn;
    const child = spawn(command, args, { stdio: ['pipe', 'pipe', 'pipe'], windowsHide: true, env: env ?? process.env });
    this.child = child;
    this.buffer = '';
    this.stderrTail = '';
    child.stdout?.setEncoding('utf8');
    child.stderr?.setEncoding('utf8');
    child.stdin?.on('error', () => undefined); // EPIPE after a crash: the exit handler reports it
    child.stderr?.on('data', (chunk: string) => (this.stderrTail = (this.stderrTail + chunk).slice(-2000)));
    return new Promise<ChildProcess>((resolve, reject) => {
      let settled = false;
      /** Ends the start phase once; false when it had already ended. */
      const settle = (error?: string): boolean => {
        if (settled) return false;
        settled = true;
        clearTimeout(timer);
        if (error === undefined) {
          resolve(child);
        } else {
          this.recordFailure(error);
          this.stopChild(child);
          reject(new HelperError('unavailable', error));
        }
        return true;
      };
      const timer = setTimeout(() => settle(`${this.options.name} did not start within ${this.startTimeoutMs} ms`), this.startTimeoutMs);
      child.once('error', (error) => settle(`${this.options.name} could not be started (${command}: ${error.message})`));
      child.once('exit', (code, signal) => {
        const message = this.exitMessage(code, signal);
        if (!settle(message)) this.onExit(child, message);
      });
      child.stdout?.on('data', (chunk: string) =>
        this.onData(chunk, () => {
          if (settle()) this.onReady();
        }),
      );
    });
  }

  private exitMessage(code: number | null, signal: NodeJS.Signals | null): string {
    const detail = this.stderrTail.trim().split('\n').slice(-3).join(' | ');
    return `${this.options.name} stopped (${signal ?? `exit code ${code}`})${detail ? `: ${detail}` : ''}`;
  }

  /** Stops a child on purpose: its exit is then not counted as another failure. */
  private stopChild(child: ChildProcess): void {
    if (this.child === child) {
      this.child = null;
      this.ready = null;
    }
    this.rejectAll(`${this.options.name} was stopped`);
    child.kill();
  }

  private get startTimeoutMs(): number {
    return this.options.startTimeoutMs ?? 20_000;
  }

  private onData(chunk: string, onReady: () => void): void {
    this.buffer += chunk;
    let newline = this.buffer.indexOf('\n');
    while (newline >= 0) {
      const text = this.buffer.slice(0, newline).trim();
      this.buffer = this.buffer.slice(newline + 1);
      if (text) this.onLine(text, onReady);
      newline = this.buffer.indexOf('\n');
    }
  }

  private onLine(text: string, onReady: () => void): void {
    let value: unknown;
    try {
      value = JSON.parse(text);
    } catch {
      this.options.log.debug(`${this.options.name} wrote a non-JSON line`, { line: text.slice(0, 200) });
      return;
    }
    const ready = ReadyLineSchema.safeParse(value);
    if (ready.success) {
      this.info = ready.data.info ?? {};
      return onReady();
    }
    const response = ResponseLineSchema.safeParse(value);
    if (!response.success) return;
    const pending = this.pending.get(response.data.id);
    if (!pending) return; // an answer after its deadline
    this.pending.delete(response.data.id);
    clearTimeout(pending.timer);
    pending.resolve(response.data);
  }

  private onReady(): void {
    if (this.degraded) {
      this.degraded = false;
      this.options.onHealth?.(true, `${this.options.name} is running again.`);
    }
  }

  private onTimeout(id: number, method: string, deadline: number): void {
    const pending = this.pending.get(id);
    if (!pending) return;
    this.pending.delete(id);
    // The helper is single-threaded: one that misses a deadline is stuck (often inside a hung
    // application). Stop it; the next request starts a fresh one.
    pending.reject(new HelperError('timeout', `${this.options.name} did not answer ${method} within ${deadline} ms`));
    this.recordFailure(`${this.options.name} did not answer ${method} within ${deadline} ms`);
    if (this.child) this.stopChild(this.child);
  }

  /** An exit nobody asked for: a crash. */
  private onExit(child: ChildProcess, message: string): void {
    if (this.child !== child) return;
    this.child = null;
    this.ready = null;
    this.rejectAll(message);
    if (!this.closed) this.recordFailure(message);
  }

  private rejectAll(message: string): void {
    for (const pending of this.pending.values()) {
      clearTimeout(pending.timer);
      pending.reject(new HelperError('crashed', message));
    }
    this.pending.clear();
  }

  private recordFailure(message: string): void {
    const now = Date.now();
    this.lastProblem = message;
    this.failures = [...this.failures.filter((t) => now - t < (this.options.failureWindowMs ?? 60_000)), now];
    if (this.failures.length >= (this.options.maxFailures ?? 3)) {
      this.downUntil = now + (this.options.cooldownMs ?? 30_000);
      this.failures = [];
    }
    this.options.log.warn(message);
    if (!this.degraded) {
      this.degraded = true;
      this.options.onHealth?.(false, message);
    }
  }
}
