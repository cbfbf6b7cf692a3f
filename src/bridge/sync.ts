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
import { IncompleteReads } from './rereads.js';
import type { BridgeChange, BridgeState, WindowRecord } from './state.js';
import { capWindows, DEFAULT_MAX_WINDOWS_PER_APP } from './windowCap.js';
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
  now?: () => number;
}

export class StateSync {
  private readonly ids = new WindowIdAllocator();
  private readonly events = new EventEmitter();
  private readonly byNative = new Map<string, WindowRecord>();
  private listing: NativeWindow[] = [];
  private apps: AppInfo[] = [];
  private topologyDirty = true;
  private appsDirty = true;
  private readonly contentDirty = new Set<string>();
  /** Of those, the windows to read whole again (after an action), not only where events pointed. */
  private readonly freshDirty = new Set<string>();
  private running: Promise<void> | null = null;
  private debounce: NodeJS.Timeout | null = null;
  private rescan: NodeJS.Timeout | null = null;
  private unsubscribe: (() => void) | null = null;
  private healthWarning: string | null = null;
  /** The window-cap notice each window carries now, and how many windows the cap hides. */
  private capNotices = new Map<string, string>();
  private readonly shownNotices = new Map<string, string | undefined>();
  private hiddenWindows = 0;
  private closed = false;
  private readonly rereads = new IncompleteReads((nativeId) => this.markContent([nativeId]));

  constructor(private readonly options: SyncOptions) {
    this.events.setMaxListeners(0);
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
  }

  /** Listens to applied changes (after the state has taken effect: P-NOTE-1). */
  onApplied(listener: (change: BridgeChange) => void): () => void {
    this.events.on('applied', listener);
    return () => this.events.off('applied', listener);
  }

  /** Marks windows (or everything) dirty, as if the platform had said so; `fresh`: read them whole. */
  markContent(nativeIds: string[], fresh = false): void {
    for (const id of nativeIds) {
      this.contentDirty.add(id);
      if (fresh) this.freshDirty.add(id);
    }
    this.schedule();
  }

  markTopology(): void {
    this.topologyDirty = true;
    this.schedule();
  }

  markAll(): void {
    this.topologyDirty = true;
    this.appsDirty = true;
    for (const id of this.byNative.keys()) this.contentDirty.add(id);
    this.schedule();
  }

  /** Resolves once everything marked dirty so far has been applied. */
  async flush(): Promise<void> {
    if (this.debounce) {
      clearTimeout(this.debounce);
      this.debounce = null;
    }
    while (!this.closed && (this.running || this.isDirty())) {
      if (!this.running) this.running = this.loop();
      await this.running;
    }
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
    if (change.kind === 'windows') this.topologyDirty = true;
    else if (change.kind === 'apps') this.appsDirty = true;
    else if (change.kind === 'content') {
      for (const id of change.nativeIds) {
        this.contentDirty.add(id);
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

  private isDirty(): boolean {
    return this.topologyDirty || this.appsDirty || this.contentDirty.size > 0;
  }

  private schedule(): void {
    if (this.closed || this.running || this.debounce) return;
    const delay = this.options.probe.settleMs;
    this.debounce = setTimeout(() => {
      this.debounce = null;
      void this.flush();
    }, delay);
  }

  private async loop(): Promise<void> {
    try {
      while (!this.closed && this.isDirty()) await this.refreshOnce();
    } catch (error) {
      this.options.log.error('refresh failed; keeping the last state and retrying', {
        error: error instanceof Error ? error.message : String(error),
      });
      setTimeout(() => this.markAll(), 1000).unref();
      this.topologyDirty = this.appsDirty = false;
      this.contentDirty.clear();
      this.freshDirty.clear();
    } finally {
      this.running = null;
      if (this.isDirty()) this.schedule();
    }
  }

  private async refreshOnce(): Promise<void> {
    const { probe, state } = this.options;
    const topology = this.topologyDirty;
    const appsChanged = this.appsDirty;
    const dirty = new Set(this.contentDirty);
    const fresh = new Set(this.freshDirty);
    this.topologyDirty = this.appsDirty = false;
    this.contentDirty.clear();
    this.freshDirty.clear();

    if (appsChanged || topology) {
      const read = await probe.readTopology();
      this.apps = read.apps.filter(this.options.inScope);
      this.listing = read.windows;
    }
    const appByKey = new Map(this.apps.map((a) => [a.key, a]));
    const served = this.capListing(this.listing.filter((w) => appByKey.has(w.appKey)));
    const servedIds = new Set(served.map((w) => w.nativeId));
    const winIdOf = (nativeId: string) => (servedIds.has(nativeId) ? this.ids.idFor(nativeId).winId : undefined);

    // Without a new listing, only dirty windows can have changed: reuse every other record as is.
    const listingChanged = topology || appsChanged || this.healthWarning !== null;
    const records = await Promise.all(
      served.map((native) => {
        const previous = this.byNative.get(native.nativeId);
        if (previous && !listingChanged && !dirty.has(native.nativeId)) return previous;
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
        this.shownNotices.delete(nativeId);
        this.ids.retire(nativeId);
        this.rereads.forget(nativeId);
      }
    }
    for (const record of records) this.byNative.set(record.facts.nativeId, record);
    const change = state.apply(records, this.apps, (collapsed) => this.options.appTools.build(this.apps, records, collapsed));
    this.events.emit('applied', change);
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
    const notice = this.capNotices.get(native.nativeId);
    const sameNotice = this.shownNotices.get(native.nativeId) === notice;
    if (!needsTree && previous && factsKey(previous.facts) === factsKey(facts) && !this.healthWarning && sameNotice) return previous;
    const tree = needsTree ? await this.readTree(native, fresh) : (previous as WindowRecord).tree;
    if (needsTree) this.rereads.noteRead(native.nativeId, tree.incomplete === true);
    const warnings = this.healthWarning ? [...tree.warnings, this.healthWarning] : tree.warnings;
    this.shownNotices.set(native.nativeId, notice);
    const translation = translateWindow(
      this.options.registry,
      facts,
      tree,
      { platform: this.options.probe.platform, warnings, truncated: tree.truncated },
      this.options.log,
    );
    // Added by the bridge itself: not every translator shows probe warnings.
    if (notice)
      translation.view = { ...translation.view, blocks: [...translation.view.blocks, { type: 'notice', id: 'window-limit', severity: 'warn', text: notice }] };
    // Before the screenshot: its alt text repeats the summary, which then says what the pixels show.
    const pixels = this.options.pixelText;
    if (pixels) translation.view = await pixels.decorate(translation.view, { facts, root: tree.root, fresh: needsTree });
    const shots = this.options.screenshots;
    if (shots) {
      const target = { winId, nativeId: native.nativeId, title: native.title, root: tree.root, fresh: needsTree };
      translation.view = await shots.decorate(translation.view, target);
    }
    return buildRecord(previous, { winId, order, facts, tree, translation }, (this.options.now ?? Date.now)());
  }

  private capListing(listing: NativeWindow[]): NativeWindow[] {
    const max = this.options.maxWindowsPerApp ?? DEFAULT_MAX_WINDOWS_PER_APP;
    const capped = capWindows(listing, max, (nativeId) => this.byNative.has(nativeId));
    if (capped.hidden !== this.hiddenWindows) {
      if (capped.hidden > 0) this.options.log.warn(`window limit: ${capped.hidden} windows not published (at most ${max} per application)`);
      this.hiddenWindows = capped.hidden;
    }
    this.capNotices = capped.notices;
    return capped.kept;
  }

  private async readTree(native: NativeWindow, fresh: boolean): Promise<WindowTree> {
    try {
      return await this.options.probe.readTree(native.nativeId, this.options.budget, fresh ? { fresh } : undefined);
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      // A window that closed between listing and reading goes away with the platform's close
      // event; one that cannot be read keeps a warning until its next change or re-scan.
      this.options.log.warn(`could not read window ${native.nativeId}`, { error: message });
      return emptyTree(native, `The content of this window could not be read (${message}).`);
    }
  }
}
