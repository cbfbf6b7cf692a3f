/**
 * What the next refresh must read: the window listing, the application list, and windows whose
 * content changed. A content mark can also ask for a whole read (`fresh`) or for a read at the next
 * refresh rather than at the window's paced turn (`unpaced`); a notice mark re-translates a window
 * whose bridge notices changed without reading it. The refresh loop (sync.ts) takes the marks
 * whose time has come; marks that arrive meanwhile wait for the next refresh.
 */
import type { ReadPacer } from './pacing.js';

/** The marks one refresh took: everything it must read or re-translate. */
export interface TakenMarks {
  topology: boolean;
  apps: boolean;
  /** Windows to read (their paced turn has come, or the refresh is forced). */
  content: Set<string>;
  /** Of those, the ones to read whole. */
  fresh: Set<string>;
  /** Windows to re-translate for their notices. */
  notices: Set<string>;
}

export class DirtyMarks {
  private topology = true;
  private apps = true;
  private readonly content = new Set<string>();
  /** Marked windows to read whole, not only their changed parts. */
  private readonly fresh = new Set<string>();
  /** Marked windows read at the next refresh whatever their paced turn. */
  private readonly unpaced = new Set<string>();
  /** Windows whose bridge notices changed: re-translated without a read. */
  private readonly notices = new Set<string>();

  constructor(
    private readonly pacer: ReadPacer,
    private readonly now: () => number,
  ) {}

  markContent(nativeIds: Iterable<string>, fresh = false, unpaced = false): void {
    for (const id of nativeIds) {
      this.content.add(id);
      if (fresh) this.fresh.add(id);
      if (unpaced) this.unpaced.add(id);
    }
  }

  markTopology(): void {
    this.topology = true;
  }

  markApps(): void {
    this.apps = true;
  }

  any(): boolean {
    return this.topology || this.apps || this.content.size > 0 || this.notices.size > 0;
  }

  /**
   * When the next refresh may run: at once for a listing, a notice or a forced read, else at the
   * first paced window's turn; null when nothing is marked.
   */
  dueAt(forced: boolean): number | null {
    if (this.topology || this.apps || this.notices.size > 0 || forced) return 0;
    let first: number | null = null;
    for (const id of this.content) {
      const at = this.unpaced.has(id) ? 0 : this.pacer.dueAt(id);
      if (first === null || at < first) first = at;
    }
    return first;
  }

  /** Windows whose notices changed without a change of content: re-translated at the next refresh. */
  markNotices(nativeIds: Iterable<string>): void {
    for (const id of nativeIds) this.notices.add(id);
  }

  /**
   * Takes the marks a refresh handles now: every content mark when `forced`, else those whose
   * paced turn has come (pacing.ts: a window due after a quiet probe is read to confirm churn).
   */
  take(forced: boolean): TakenMarks {
    const now = this.now();
    const content = new Set<string>();
    for (const id of this.content) {
      const unpaced = this.unpaced.delete(id);
      if (!forced && !unpaced && this.pacer.dueAt(id) > now) continue;
      this.content.delete(id);
      if (!forced) this.pacer.take(id);
      content.add(id);
    }
    const fresh = new Set([...this.fresh].filter((id) => content.has(id)));
    for (const id of fresh) this.fresh.delete(id);
    const taken = { topology: this.topology, apps: this.apps, content, fresh, notices: new Set(this.notices) };
    this.topology = this.apps = false;
    this.notices.clear();
    return taken;
  }

  /** Drops every mark (a refresh failed: the safety re-scan marks everything again). */
  clear(): void {
    this.topology = this.apps = false;
    this.content.clear();
    this.fresh.clear();
    this.unpaced.clear();
    this.notices.clear();
  }
}
