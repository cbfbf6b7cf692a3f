/**
 * The Linux change feed: X11 PropertyNotify (client list, active window, titles, states) and
 * AT-SPI events, turned into the probe's few change kinds. Content events name the top-level
 * accessible; they are routed to X11 window ids through the last topology. Debouncing is the
 * bridge's job (Probe.settleMs).
 */
import { EventEmitter } from 'node:events';
import type { ProbeChange } from '../probe.js';
import type { AtspiAccess, AtspiChange } from './atspi/index.js';
import { X11Watcher, type X11Change, type X11Connection } from './x11/index.js';

export class ChangeFeed {
  private readonly events = new EventEmitter<{ change: [ProbeChange] }>();
  private route: (ref: string) => string | undefined = () => undefined;
  private readonly onAtspi = (change: AtspiChange) => this.fromAtspi(change);
  /** The X display went away (the server died): nothing is left to serve. */
  readonly displayLost = new EventEmitter<{ lost: [string] }>();

  private constructor(
    private readonly watcher: X11Watcher | null,
    private readonly atspi: AtspiAccess,
  ) {
    this.events.setMaxListeners(0);
  }

  /** `x11` null: a Wayland session without XWayland (the Wayland probe adds its own events). */
  static async start(x11: X11Connection | null, atspi: AtspiAccess): Promise<ChangeFeed> {
    let feed: ChangeFeed | null = null;
    const watcher = x11 ? await X11Watcher.start(x11, (change) => feed?.fromX11(change)) : null;
    feed = new ChangeFeed(watcher, atspi);
    atspi.events.on('change', feed.onAtspi);
    return feed;
  }

  /** How to find the X11 window of a top-level accessible (set by the probe). */
  routeContent(route: (ref: string) => string | undefined): void {
    this.route = route;
  }

  subscribe(listener: (change: ProbeChange) => void): () => void {
    this.events.on('change', listener);
    return () => this.events.off('change', listener);
  }

  markWindows(): void {
    this.emit({ kind: 'windows' });
  }

  /** `cause`: what the bridge is told changed them (ProbeChange `causes`). */
  markContent(nativeIds: string[], cause: string): void {
    if (nativeIds.length > 0) this.emit({ kind: 'content', nativeIds, causes: Object.fromEntries(nativeIds.map((id) => [id, [cause]])) });
  }

  stop(): void {
    this.atspi.events.off('change', this.onAtspi);
    this.watcher?.stop();
    this.events.removeAllListeners();
  }

  private fromX11(change: X11Change): void {
    if (change.kind === 'window-geometry') return; // moves and resizes change no content
    if (change.kind === 'disconnected') {
      // First: a CLI listener exits with one line (no health warning before it).
      this.displayLost.emit('lost', 'the X display connection was lost (its X server is gone)');
      this.emit({ kind: 'health', ok: false, message: 'the X display connection was lost; windows cannot be listed until the bridge restarts' });
      return;
    }
    this.emit({ kind: 'windows' });
  }

  private fromAtspi(change: AtspiChange): void {
    if (change.kind === 'health') {
      const message = change.ok ? 'the accessibility bus is back' : `the accessibility bus is unavailable (${change.message}); window contents may be stale`;
      this.emit({ kind: 'health', ok: change.ok, message });
      return;
    }
    if (change.kind !== 'content') {
      // A new application announces itself here, not through a window-create event.
      if (change.kind === 'apps') this.emit({ kind: 'apps' });
      this.emit({ kind: 'windows' });
      return;
    }
    const nativeIds: string[] = [];
    const causes: Record<string, string[]> = {};
    let unknown = false;
    for (const ref of change.topLevels) {
      const nativeId = this.route(ref);
      if (nativeId) nativeIds.push(nativeId);
      else unknown = true;
      const said = change.causes[ref];
      if (nativeId && said) causes[nativeId] = [...(causes[nativeId] ?? []), ...said];
    }
    if (nativeIds.length > 0) this.emit({ kind: 'content', nativeIds, causes });
    if (unknown) this.emit({ kind: 'windows' }); // a top-level we have not paired yet
  }

  private emit(change: ProbeChange): void {
    this.events.emit('change', change);
  }
}
