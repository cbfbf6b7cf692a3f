/**
 * The bridge: platform probe → translators → shared state → tools, with one serialized executor.
 * The MCP layer and the A2C adapter talk only to this object.
 */
import type { CallToolResult, Tool } from '@modelcontextprotocol/sdk/types.js';
import { buildInstructions } from '../protocol/instructions.js';
import type { Snapshot } from '../protocol/schemas.js';
import { DEFAULT_TREE_BUDGET, type AppInfo, type Probe, type TreeBudget } from '../platform/probe.js';
import type { TranslatorRegistry } from '../translate/registry.js';
import { silentLogger, type Logger } from '../util/logger.js';
import { AppToolBuilder, type AppToolNaming } from './appTools.js';
import { Executor } from './executor.js';
import { PixelTextReader } from './pixelText.js';
import { ScreenshotStore, type ScreenshotOptions } from './screenshots.js';
import { BridgeState, type BridgeChange, type WindowRecord } from './state.js';
import { StateSync } from './sync.js';

export interface BridgeOptions {
  probe: Probe;
  registry: TranslatorRegistry;
  log?: Logger;
  budget?: TreeBudget;
  /** Which applications to serve (D-4); all by default. */
  inScope?: (app: AppInfo) => boolean;
  appToolNaming?: AppToolNaming;
  rescanMs?: number;
  defaultTimeoutMs?: number;
  /** Adds a screenshot block and a capture action to every window, not only to window-only ones (needs `probe.capture`). */
  screenshots?: boolean;
  /** Windows published per application; more become a notice (windowCap.ts). */
  maxWindowsPerApp?: number;
  /** How screenshots travel and their size limits; file:// and 1280 px by default. */
  screenshotOptions?: ScreenshotOptions;
  /**
   * Text read from pixels (OCR) for windows the platform reads nothing of and for opaque regions
   * of readable ones; on by default where the probe can capture. The engine loads on first need.
   */
  ocr?: boolean;
  /**
   * Also OCR the opaque regions of readable windows (a terminal widget, a page the app draws).
   * Off by default for its cost: about 1 s of CPU per region read (docs/legacy-apps.md).
   * Window-only windows are read without any accessibility call.
   */
  ocrRegions?: boolean;
  /** Whole re-reads of a window after it appeared, ms after its first read (settleReads.ts); [] for none. */
  settleReadsMs?: readonly number[];
}

export class Bridge {
  readonly state = new BridgeState();
  readonly sync: StateSync;
  readonly probe: Probe;
  private readonly executor: Executor;
  private readonly registry: TranslatorRegistry;
  private readonly screenshots: ScreenshotStore | undefined;
  /** Text from pixels (OCR), when the probe can capture and it is not turned off. */
  readonly pixelText: PixelTextReader | undefined;

  private constructor(options: BridgeOptions) {
    const log = options.log ?? silentLogger;
    this.probe = options.probe;
    this.registry = options.registry;
    const appTools = new AppToolBuilder(options.registry, options.appToolNaming ?? 'single');
    // One screenshot path: window-only windows always get their picture, every window with --screenshots.
    const scope = options.screenshots ? 'all' : 'window-only';
    this.screenshots = options.probe.capture ? new ScreenshotStore(options.probe, options.screenshotOptions, scope) : undefined;
    this.pixelText =
      options.probe.capture && options.ocr !== false
        ? new PixelTextReader(options.probe, log, (nativeId) => this.sync.markContent([nativeId], true), options.ocrRegions === true)
        : undefined;
    this.sync = new StateSync({
      probe: options.probe,
      state: this.state,
      registry: options.registry,
      appTools,
      budget: options.budget ?? DEFAULT_TREE_BUDGET,
      inScope: options.inScope ?? (() => true),
      log,
      rescanMs: options.rescanMs,
      screenshots: this.screenshots,
      pixelText: this.pixelText,
      maxWindowsPerApp: options.maxWindowsPerApp,
      settleReadsMs: options.settleReadsMs,
    });
    this.executor = new Executor({
      state: this.state,
      sync: this.sync,
      probe: options.probe,
      appTools,
      log,
      defaultTimeoutMs: options.defaultTimeoutMs,
      showsPixels: (winId) => this.pixelText?.shows(winId) === true,
    });
  }

  static async start(options: BridgeOptions): Promise<Bridge> {
    const bridge = new Bridge(options);
    await bridge.sync.start();
    return bridge;
  }

  /** The §8.1 text plus the notes of the translators in use (P-INIT-3). */
  instructions(): string {
    const inUse = new Set(this.state.windows().map((w) => w.translatorId));
    const notes = this.registry.translators.filter((t) => t.notes && inUse.has(t.id)).map((t) => t.notes as string);
    return buildInstructions(notes.length > 0 ? notes.join('\n\n') : undefined);
  }

  snapshotJson(): string {
    return this.state.snapshotJson();
  }

  /** A screenshot served over HTTP (`urls: 'http'`), by its file name under MEDIA_PATH. */
  media(name: string): Buffer | undefined {
    return this.screenshots?.media(name);
  }

  snapshot(): Snapshot {
    return this.state.snapshotValue();
  }

  tools(): Tool[] {
    return this.state.tools();
  }

  windows(): WindowRecord[] {
    return this.state.windows();
  }

  /**
   * What a human is shown for a tool (e.g. asked to approve it): its title and the window or
   * application it acts on. Tool titles leave the window out (tools/list bytes).
   */
  toolTitleForHumans(name: string): string | undefined {
    const target = this.state.toolTarget(name);
    if (!target) return undefined;
    const title = target.prepared.descriptor.title ?? name;
    if (target.kind !== 'window') return title;
    const where = this.state.windows().find((w) => w.winId === target.winId)?.facts.title;
    return where ? `${title} · ${where} (window ${target.winId})` : title;
  }

  /** `caller` identifies the session, so that sessions take turns in the queue. */
  callTool(name: string, args: unknown, caller?: string | number, signal?: AbortSignal): Promise<CallToolResult> {
    return this.executor.call(name, args, caller, signal);
  }

  /** Changes after they have been applied (P-NOTE-1). */
  onChange(listener: (change: BridgeChange) => void): () => void {
    return this.sync.onApplied(listener);
  }

  /** Applies every pending platform change now. */
  flush(): Promise<void> {
    return this.sync.flush();
  }

  async close(): Promise<void> {
    this.sync.stop();
    this.screenshots?.close();
    await this.pixelText?.close();
    await this.probe.close();
  }
}
