/**
 * What the two Linux probes share (X11: probe.ts; Wayland: wayland/probe.ts): AT-SPI for
 * content, a change feed, and a topology read from window sources (windowSource.ts) in one
 * reading, so that applications and windows always agree (issue 14: `readTopology`).
 */
import type { A11yNode, AppInfo, DesktopTopology, ProbeChange } from '../probe.js';
import type { AtspiAccess } from './atspi/index.js';
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

  protected window(nativeId: string): W {
    const window = this.topology.windows.find((w) => w.native.nativeId === nativeId);
    if (!window) throw new Error(`window ${nativeId} is gone`);
    return window;
  }
}
