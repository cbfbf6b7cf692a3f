/**
 * The HTTP sessions of one server, bounded: at most `maxSessions` at once (a new session evicts
 * the least recently active idle one, or gets 503 when all are busy), and a session idle for
 * `idleTimeoutMs` is closed (its client gets 404 and, as MCP asks, initializes again).
 * A session is busy while one of its HTTP requests is open (a GET event stream counts).
 */
import type { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import type { Logger } from '../util/logger.js';

import { DEFAULT_MAX_SESSIONS, DEFAULT_SESSION_IDLE_MS } from '../util/limits.js';

export { DEFAULT_MAX_SESSIONS, DEFAULT_SESSION_IDLE_MS };

export interface SessionLimits {
  maxSessions?: number;
  idleTimeoutMs?: number;
}

interface Entry {
  transport: StreamableHTTPServerTransport;
  lastActive: number;
  openRequests: number;
}

export class HttpSessions {
  private readonly entries = new Map<string, Entry>();
  private readonly maxSessions: number;
  private readonly idleTimeoutMs: number;
  private readonly sweeper: NodeJS.Timeout;
  private capReported = false;

  constructor(
    limits: SessionLimits,
    private readonly log: Logger,
    private readonly now: () => number = Date.now,
  ) {
    this.maxSessions = limits.maxSessions ?? DEFAULT_MAX_SESSIONS;
    this.idleTimeoutMs = limits.idleTimeoutMs ?? DEFAULT_SESSION_IDLE_MS;
    this.sweeper = setInterval(() => this.expireIdle(), Math.max(250, Math.min(60_000, this.idleTimeoutMs / 4)));
    this.sweeper.unref();
  }

  get size(): number {
    return this.entries.size;
  }

  get(id: string): StreamableHTTPServerTransport | undefined {
    return this.entries.get(id)?.transport;
  }

  /** Marks a request of session `id` open until `done` fires (the response closed). */
  track(id: string, onDone: (listener: () => void) => void): void {
    const entry = this.entries.get(id);
    if (!entry) return;
    entry.openRequests++;
    entry.lastActive = this.now();
    onDone(() => {
      entry.openRequests--;
      entry.lastActive = this.now();
    });
  }

  /** Room for one more session: evicts the oldest idle one if full; false when all are busy. */
  makeRoom(): boolean {
    while (this.entries.size >= this.maxSessions) {
      if (!this.evictOldestIdle('the session limit was reached')) return false;
    }
    return true;
  }

  add(id: string, transport: StreamableHTTPServerTransport): void {
    this.entries.set(id, { transport, lastActive: this.now(), openRequests: 0 });
    // Initializations running side by side may overshoot: trim back to the cap.
    // eslint-disable-next-line no-empty -- evicting is the loop's whole work
    while (this.entries.size > this.maxSessions && this.evictOldestIdle('the session limit was reached')) {}
  }

  remove(id: string): void {
    this.entries.delete(id);
  }

  expireIdle(): void {
    const cutoff = this.now() - this.idleTimeoutMs;
    for (const [id, entry] of this.entries) {
      if (entry.openRequests === 0 && entry.lastActive <= cutoff) this.closeSession(id, entry, 'it was idle too long');
    }
  }

  async closeAll(): Promise<void> {
    clearInterval(this.sweeper);
    const all = [...this.entries.values()];
    this.entries.clear();
    for (const entry of all) await entry.transport.close().catch(() => undefined);
  }

  private evictOldestIdle(reason: string): boolean {
    if (!this.capReported) {
      // Once: a flood of initializations must not become a flood of log lines.
      this.capReported = true;
      this.log.info(`HTTP session limit (${this.maxSessions}) reached: idle sessions are closed to make room (--max-sessions)`);
    }
    let oldest: [string, Entry] | undefined;
    for (const item of this.entries) {
      if (item[1].openRequests > 0) continue;
      if (!oldest || item[1].lastActive < oldest[1].lastActive) oldest = item;
    }
    if (!oldest) return false;
    this.closeSession(oldest[0], oldest[1], reason);
    return true;
  }

  private closeSession(id: string, entry: Entry, reason: string): void {
    this.entries.delete(id);
    this.log.debug(`closed an HTTP session: ${reason}`, { open: this.entries.size });
    void entry.transport.close().catch(() => undefined);
  }
}
