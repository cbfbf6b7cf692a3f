/**
 * What the two Linux probes share (X11: probe.ts; Wayland: wayland/probe.ts): AT-SPI for
 * content, a change feed, and a topology read from window sources (windowSource.ts) in one
 * reading, so that applications and windows always agree (`readTopology`).
 */
import type { A11yNode, AppInfo, DesktopTopology, NativeWindow, ProbeChange, TreeBudget, WindowTree } from '../probe.js';
import { windowOnlyTree } from '../shared-desktop/windowOnly.js';
import type { AtspiApplication } from './atspi/apps.js';
import type { AtspiAccess } from './atspi/index.js';
import { parseRef } from './atspi/refs.js';
import type { ChangeFeed } from './changeFeed.js';
import type { SourceWindow } from './windowSource.js';

export interface ProbeTopology<W extends SourceWindow> {
  apps: AppInfo[];
  windows: W[];
  /** AT-SPI top-level ref → native id, to route content events. */
  nativeOfRef: Map<string, string>;
}

export abstract class AtspiProbe<W extends SourceWindow> {
  readonly platform = 'linux';
  /** Storms (a file chooser opening: 600–880 signals in 150 ms) coalesce further while a read runs. */
  readonly settleMs: number = 15;
  protected topology: ProbeTopology<W> = { apps: [], windows: [], nativeOfRef: new Map() };
  /** The last listing of AT-SPI applications, by bus name: what a slow or hung one said last. */
  private atspiApps = new Map<string, AtspiApplication>();
  /** Each window's last tree read in full: shown, with a notice, while its application does not respond. */
  private readonly lastTrees = new Map<string, WindowTree>();

  protected constructor(
    protected readonly atspi: AtspiAccess,
    protected readonly feed: ChangeFeed,
  ) {
    feed.routeContent((ref) => this.topology.nativeOfRef.get(ref));
  }

  subscribe(listener: (change: ProbeChange) => void): () => void {
    return this.feed.subscribe(listener);
  }

  async readTopology(): Promise<DesktopTopology> {
    this.topology = await this.readSources();
    return { apps: this.topology.apps, windows: this.topology.windows.map((w) => w.native) };
  }

  readText = (ref: string) => this.atspi.primitives.readText(ref);
  readChildren = (ref: string, offset: number, limit: number): Promise<A11yNode[]> => this.atspi.primitives.readChildren(ref, offset, limit);

  /** One reading of the window sources (and the AT-SPI applications they pair with). */
  protected abstract readSources(): Promise<ProbeTopology<W>>;

  /**
   * The AT-SPI applications, each one that misses the listing's deadline or does not respond
   * given as it was last listed (apps.ts): dropping it would make all its windows leave the state
   * for one slow answer. Without the bus: none (the window sources still list the windows).
   */
  protected async listAtspiApps(): Promise<AtspiApplication[]> {
    const apps = this.atspi.health.ok ? await this.atspi.listApplications(this.atspiApps).catch(() => []) : [];
    this.atspiApps = new Map(apps.map((app) => [app.bus, app]));
    return apps;
  }

  /** Forgets what is kept for windows that are gone (last trees, incremental reads). */
  protected retainWindows(topology: ProbeTopology<W>): void {
    const present = new Set(topology.windows.map((w) => w.native.nativeId));
    for (const id of this.lastTrees.keys()) if (!present.has(id)) this.lastTrees.delete(id);
    this.atspi.retainTrees(new Set(topology.windows.flatMap((w) => (w.ref ? [w.ref] : []))));
  }

  /** A window's tree through its accessible; its last content with a notice while its application does not respond. */
  protected async readAccessible(native: NativeWindow, ref: string, budget: TreeBudget, incremental: boolean): Promise<WindowTree> {
    const app = this.topology.apps.find((a) => a.key === native.appKey);
    const bus = parseRef(ref).bus;
    if (this.atspi.responsiveness.isSilent(bus)) return this.notResponding(native, bus, app?.name);
    const tree = await this.atspi.readTree(ref, budget, app?.name, incremental);
    if (this.atspi.responsiveness.isSilent(bus)) return this.notResponding(native, bus, app?.name);
    this.lastTrees.set(native.nativeId, tree);
    return tree;
  }

  /** Its last content with a notice, never "exposes no accessibility": the app is there, just not answering. */
  private notResponding(native: NativeWindow, bus: string, name?: string): WindowTree {
    const problem = this.atspi.responsiveness.describe(bus, name);
    const last = this.lastTrees.get(native.nativeId);
    if (!last) return windowOnlyTree({ window: native, reason: `${problem}: its content cannot be read until it answers again.` });
    return { ...last, warnings: [...last.warnings, `${problem}: this is its last known content, and calls into it time out until it answers again.`] };
  }

  protected window(nativeId: string): W {
    const window = this.topology.windows.find((w) => w.native.nativeId === nativeId);
    if (!window) throw new Error(`window ${nativeId} is gone`);
    return window;
  }
}
