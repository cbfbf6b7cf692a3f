/**
 * Keeps the bridge state in step with the platform: change events mark windows dirty, one refresh
 * at a time re-reads only what is dirty, translates it and applies the result atomically. Event
 * driven, with an optional slow safety re-scan; never polls on reads.
 */
import { EventEmitter } from 'node:events';
import type { AppInfo, NativeWindow, Probe, ProbeChange, TreeBudget, WindowTree } from '../platform/probe.js';
import { translateWindow, type TranslatorRegistry } from '../translate/registry.js';
import type { Logger } from '../util/logger.js';
import type { AppToolBuilder } from './appTools.js';
import type { PixelTextReader } from './pixelText.js';
import type { ScreenshotStore } from './screenshots.js';
import { buildRecord, emptyTree, factsKey, toFacts } from './records.js';
import { BridgeNotices } from './bridgeNotices.js';
import { DirtyMarks } from './dirtyMarks.js';
import { ReadPacer } from './pacing.js';
import { IncompleteReads } from './rereads.js';
import { RefreshWatch } from './refreshWatch.js';
import { SettleReads } from './settleReads.js';
import type { BridgeChange, BridgeState, WindowRecord } from './state.js';
import { WindowIdAllocator } from './windowIds.js';

export interface SyncOptions {
  probe: Probe;
  state: BridgeState;
  registry: TranslatorRegistry;
  appTools: AppToolBuilder;
  budget: TreeBudget;
  /** Which applications this server serves (D-4). */
  inScope: (app: AppInfo) => boolean;
  log: Logger;
  /** Re-scan everything this often as a safety net for lost events (0 = never). */
  rescanMs?: number;
  /** Screenshot blocks and capture actions, for the windows of the store's scope. */
  screenshots?: ScreenshotStore;
  /** Text read from pixels for window-only windows and opaque regions (OCR). */
  pixelText?: PixelTextReader;
  /** Windows published per application (windowCap.ts). */
  maxWindowsPerApp?: number;
  /** Whole re-reads of a new window (settleReads.ts); [] for none. */
  settleReadsMs?: readonly number[];
  now?: () => number;
}

export class StateSync {
  private readonly ids = new WindowIdAllocator();
  private readonly events = new EventEmitter();
  private readonly byNative = new Map<string, WindowRecord>();
  private listing: NativeWindow[] = [];
  private apps: AppInfo[] = [];
  private readonly marks: DirtyMarks;
  private running: Promise<void> | null = null;
  private debounce: NodeJS.Timeout | null = null;
  private debounceAt = 0;
  /** Refreshes begun and finished; refreshes numbered up to `forcedThrough` read every dirty window, paced or not. */
  private begun = 0;
  private finished = 0;
  private forcedThrough = 0;
  private readonly finishWaiters = new Set<{ target: number; wake: () => void }>();
  private rescan: NodeJS.Timeout | null = null;
  private unsubscribe: (() => void) | null = null;
  private healthWarning: string | null = null;
  private readonly notices: BridgeNotices;
  private closed = false;
  private readonly rereads = new IncompleteReads((nativeId) => this.markContent([nativeId]));
  private readonly settling: SettleReads;
  private readonly watch: RefreshWatch;
  private readonly pacer: ReadPacer;

  constructor(private readonly options: SyncOptions) {
    this.events.setMaxListeners(0);
    this.pacer = new ReadPacer(options.now ?? Date.now);
    this.marks = new DirtyMarks(this.pacer, options.now ?? Date.now);
    this.notices = new BridgeNotices(this.pacer, options.log, options.maxWindowsPerApp);
    this.watch = new RefreshWatch(options.log);
    this.settling = new SettleReads((nativeId) => this.markContent([nativeId], true, true), options.settleReadsMs);
  }

  async start(): Promise<void> {
    this.unsubscribe = this.options.probe.subscribe((change) => this.onProbeChange(change));
    await this.flush();
    if (this.options.rescanMs) {
      this.rescan = setInterval(() => this.markAll(), this.options.rescanMs);
      this.rescan.unref();
    }
  }

  stop(): void {
    this.closed = true;
    this.unsubscribe?.();
    if (this.debounce) clearTimeout(this.debounce);
    if (this.rescan) clearInterval(this.rescan);
    this.rereads.stop();
    this.settling.stop();
    for (const waiter of this.finishWaiters) waiter.wake();
    this.finishWaiters.clear();
  }

  /** Listens to applied changes (after the state has taken effect: P-NOTE-1). */
  onApplied(listener: (change: BridgeChange) => void): () => void {
    this.events.on('applied', listener);
    return () => this.events.off('applied', listener);
  }

  /**
   * Marks windows (or everything) dirty, as if the platform had said so; `fresh`: read them whole;
   * `unpaced`: read at the next refresh, not at the window's paced turn (a bounded few reads only:
   * pacing.ts holds floods of events, and a slow first read would put these off for seconds).
   */
  markContent(nativeIds: string[], fresh = false, unpaced = false): void {
    this.marks.markContent(nativeIds, fresh, unpaced);
    this.schedule();
  }

  markTopology(): void {
    this.marks.markTopology();
    this.schedule();
  }

  markAll(): void {
    this.marks.markTopology();
    this.marks.markApps();
    this.marks.markContent(this.byNative.keys());
    this.schedule();
  }

  /**
   * Resolves once everything marked dirty so far has been applied: the refresh under way, then one
   * more that reads every window dirty now, paced or not. Never waits for marks that arrive
   * meanwhile, so an application that sends events without end cannot hold a caller (the
   * first read, a tool call) forever.
   */
  async flush(): Promise<void> {
    if (this.closed) return;
    const target = this.marks.any() ? this.begun + 1 : this.running ? this.begun : this.finished;
    if (target <= this.finished) return;
    this.forcedThrough = Math.max(this.forcedThrough, target);
    const done = new Promise<void>((wake) => this.finishWaiters.add({ target, wake }));
    this.kick();
    await done;
  }

  /** Resolves at the next applied refresh, or after `timeoutMs`. */
  nextApplied(timeoutMs: number): Promise<void> {
    return new Promise((resolve) => {
      const done = () => {
        clearTimeout(timer);
        this.events.off('applied', done);
        resolve();
      };
      const timer = setTimeout(done, Math.max(0, timeoutMs));
      this.events.on('applied', done);
    });
  }

  nativeIdOf(winId: string): string | undefined {
    return this.options.state.window(winId)?.facts.nativeId;
  }

  private onProbeChange(change: ProbeChange): void {
    if (change.kind === 'windows') this.marks.markTopology();
    else if (change.kind === 'apps') this.marks.markApps();
    else if (change.kind === 'content') {
      for (const id of change.nativeIds) {
        const verdict = this.pacer.noteEvent(id, change.causes?.[id]);
        if (verdict === 'ignore') continue; // an echo of our own read (pacing.ts)
        if (verdict === 'churn') {
          // Confirmed now: the window gets its notice instead of a read.
          this.options.log.info('window changes whenever it is read; ignoring those changes', { nativeId: id });
          this.marks.markNotices([id]);
          continue;
        }
        this.marks.markContent([id]);
        this.rereads.changed(id);
      }
    } else this.onHealth(change.ok, change.message);
    this.schedule();
  }

  private onHealth(ok: boolean, message: string): void {
    this.options.log[ok ? 'info' : 'warn'](message);
    this.healthWarning = ok ? null : message;
    this.markAll();
  }

  /** When the next refresh may run (null: nothing to do). */
  private nextDueAt(): number | null {
    return this.marks.dueAt(this.begun < this.forcedThrough);
  }

  private schedule(): void {
    if (this.closed || this.running) return;
    const due = this.nextDueAt();
    if (due === null) return;
    const now = (this.options.now ?? Date.now)();
    const at = Math.max(now + this.options.probe.settleMs, due);
    if (this.debounce && this.debounceAt <= at) return;
    if (this.debounce) clearTimeout(this.debounce);
    this.debounceAt = at;
    this.debounce = setTimeout(() => {
      this.debounce = null;
      this.kick();
    }, at - now);
  }

  /** Starts the refresh loop unless it runs. */
  private kick(): void {
    if (this.closed || this.running) return;
    if (this.debounce) {
      clearTimeout(this.debounce);
      this.debounce = null;
    }
    // Nothing due now (a paced window's turn moved later after its timer was set): wait for it.
    // A loop with nothing to do would end before it awaits anything, its `finally` clearing
    // `running` before `running` is assigned the finished loop: no refresh would ever start again,
    // and every flush, read and tool call would wait forever.
    if (!this.hasWorkNow()) return this.schedule();
    this.running = this.loop();
  }

  private hasWorkNow(): boolean {
    const due = this.nextDueAt();
    return due !== null && due <= (this.options.now ?? Date.now)();
  }

  private async loop(): Promise<void> {
    try {
      while (!this.closed && this.hasWorkNow()) await this.watch.watch(this.refreshOnce());
    } catch (error) {
      this.options.log.error('refresh failed; keeping the last state and retrying', {
        error: error instanceof Error ? error.message : String(error),
      });
      setTimeout(() => this.markAll(), 1000).unref();
      this.marks.clear();
    } finally {
      this.running = null;
      // A flush waits for a refresh number: one that failed counts as done (its marks are dropped above).
      this.finished = Math.max(this.finished, this.begun);
      this.wakeFinished();
      if (this.marks.any()) this.schedule();
    }
  }

  private wakeFinished(): void {
    for (const waiter of this.finishWaiters) {
      if (waiter.target > this.finished && !this.closed) continue;
      this.finishWaiters.delete(waiter);
      waiter.wake();
    }
  }

  private async refreshOnce(): Promise<void> {
    const { probe, state } = this.options;
    const number = ++this.begun;
    const { topology, apps: appsChanged, content: dirty, fresh, notices: renotice } = this.marks.take(number <= this.forcedThrough);

    if (appsChanged || topology) {
      const read = await this.watch.stage('listing the windows', probe.readTopology());
      this.apps = read.apps.filter(this.options.inScope);
      this.listing = read.windows;
    }
    const appByKey = new Map(this.apps.map((a) => [a.key, a]));
    const listed = this.listing.filter((w) => appByKey.has(w.appKey));
    const served = this.notices.capListing(listed, (nativeId) => this.byNative.has(nativeId));
    const servedIds = new Set(served.map((w) => w.nativeId));
    const winIdOf = (nativeId: string) => (servedIds.has(nativeId) ? this.ids.idFor(nativeId).winId : undefined);

    // Without a new listing, only dirty windows can have changed: reuse every other record as is.
    const listingChanged = topology || appsChanged || this.healthWarning !== null;
    const records = await Promise.all(
      served.map((native) => {
        const previous = this.byNative.get(native.nativeId);
        if (previous && !listingChanged && !dirty.has(native.nativeId) && !renotice.has(native.nativeId)) return previous;
        return this.recordFor(native, appByKey.get(native.appKey) as AppInfo, dirty, winIdOf, fresh.has(native.nativeId));
      }),
    );
    for (const nativeId of this.byNative.keys()) {
      if (!servedIds.has(nativeId)) {
        const gone = this.byNative.get(nativeId);
        const winId = gone?.winId;
        // Why a window left the state is otherwise invisible afterwards (a closed app, a lost listing).
        this.options.log.debug('window gone', { winId, nativeId, title: gone?.facts.title, listed: this.listing.some((w) => w.nativeId === nativeId) });
        if (winId) this.options.screenshots?.forget(winId);
        if (winId) this.options.pixelText?.forget(winId);
        this.byNative.delete(nativeId);
        this.notices.forget(nativeId);
        this.ids.retire(nativeId);
        this.rereads.forget(nativeId);
        this.settling.forget(nativeId);
        this.pacer.forget(nativeId);
      }
    }
    for (const record of records) this.byNative.set(record.facts.nativeId, record);
    const change = state.apply(records, this.apps, (collapsed) => this.options.appTools.build(this.apps, records, collapsed));
    this.finished = number;
    this.events.emit('applied', change);
    this.wakeFinished();
  }

  private async recordFor(
    native: NativeWindow,
    app: AppInfo,
    dirty: Set<string>,
    winIdOf: (nativeId: string) => string | undefined,
    fresh: boolean,
  ): Promise<WindowRecord> {
    const { winId, order } = this.ids.idFor(native.nativeId);
    const previous = this.byNative.get(native.nativeId);
    const facts = toFacts(native, winId, app, winIdOf);
    const needsTree = !previous || dirty.has(native.nativeId);
    const tree = needsTree ? await this.watch.stage(`reading ${native.nativeId}`, this.readTree(native, fresh)) : (previous as WindowRecord).tree;
    const notices = this.notices.of(native.nativeId);
    const sameNotice = this.notices.unchanged(native.nativeId, notices);
    if (!needsTree && previous && factsKey(previous.facts) === factsKey(facts) && !this.healthWarning && sameNotice) return previous;
    if (needsTree) this.rereads.noteRead(native.nativeId, tree.incomplete === true);
    if (!previous) this.settling.appeared(native.nativeId);
    const warnings = this.healthWarning ? [...tree.warnings, this.healthWarning] : tree.warnings;
    this.notices.showing(native.nativeId, notices);
    const translation = translateWindow(
      this.options.registry,
      facts,
      tree,
      { platform: this.options.probe.platform, warnings, truncated: tree.truncated },
      this.options.log,
    );
    // Added by the bridge itself: not every translator shows probe warnings.
    if (notices.length > 0) translation.view = { ...translation.view, blocks: [...translation.view.blocks, ...notices] };
    // Before the screenshot: its alt text repeats the summary, which then says what the pixels show.
    const pixels = this.options.pixelText;
    if (pixels)
      translation.view = await this.watch.stage(
        `reading pixels of ${native.nativeId}`,
        pixels.decorate(translation.view, { facts, root: tree.root, fresh: needsTree }),
      );
    const shots = this.options.screenshots;
    if (shots) {
      const target = { winId, nativeId: native.nativeId, title: native.title, root: tree.root, fresh: needsTree };
      translation.view = await this.watch.stage(`a screenshot of ${native.nativeId}`, shots.decorate(translation.view, target));
    }
    return buildRecord(previous, { winId, order, facts, tree, translation }, (this.options.now ?? Date.now)());
  }

  private async readTree(native: NativeWindow, fresh: boolean): Promise<WindowTree> {
    this.pacer.readStarted(native.nativeId);
    try {
      return await this.options.probe.readTree(native.nativeId, this.options.budget, fresh ? { fresh } : undefined);
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      // A window that closed between listing and reading goes away with the platform's close
      // event; one that cannot be read keeps a warning until its next change or re-scan.
      this.options.log.warn(`could not read window ${native.nativeId}`, { error: message });
      return emptyTree(native, `The content of this window could not be read (${message}).`);
    } finally {
      this.pacer.readEnded(native.nativeId);
    }
  }
}
