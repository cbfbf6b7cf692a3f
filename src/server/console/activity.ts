/**
 * The console's activity feed: every tool call from every client and every
 * notification sent, newest last, in a bounded ring. Entries hold only what may leave the
 * process: arguments arrive already masked (audit.ts maskArguments), notifications carry URIs.
 */
import type { AuditEntry } from '../audit.js';

export type ActivityEntry =
  | ({ seq: number; kind: 'call' } & AuditEntry)
  | { seq: number; kind: 'notification'; time: string; session: number; client?: string; method: string; uri?: string }
  | { seq: number; kind: 'owner'; time: string; text: string };

/** An entry as reported, before the feed numbers it. */
export type ActivityInput = ActivityEntry extends infer E ? (E extends ActivityEntry ? Omit<E, 'seq'> : never) : never;

export const DEFAULT_FEED_SIZE = 500;

export class ActivityFeed {
  private readonly entries: ActivityEntry[] = [];
  private readonly listeners = new Set<(entry: ActivityEntry) => void>();
  private nextSeq = 1;

  constructor(private readonly size = DEFAULT_FEED_SIZE) {}

  /** A finished tool call, exactly as the audit log records it. */
  call(entry: AuditEntry): void {
    this.add({ kind: 'call', ...entry });
  }

  notification(session: number, client: string | undefined, method: string, uri?: string): void {
    this.add({ kind: 'notification', time: new Date().toISOString(), session, ...(client ? { client } : {}), method, ...(uri ? { uri } : {}) });
  }

  /** What the desktop owner did from the console (pause, resume, an answer). */
  owner(text: string): void {
    this.add({ kind: 'owner', time: new Date().toISOString(), text });
  }

  /** The most recent entries, oldest first. */
  recent(): ActivityEntry[] {
    return [...this.entries];
  }

  listen(listener: (entry: ActivityEntry) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  private add(input: ActivityInput): void {
    const entry = { ...input, seq: this.nextSeq++ } as ActivityEntry;
    this.entries.push(entry);
    if (this.entries.length > this.size) this.entries.splice(0, this.entries.length - this.size);
    for (const listener of this.listeners) listener(entry);
  }
}
