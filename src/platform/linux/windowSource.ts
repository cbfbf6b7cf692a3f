/**
 * Window sources below the Linux probes. A source lists the windows it can see,
 * paired with their AT-SPI top-levels where it can, and acts on them (activate, close):
 *   - X11/EWMH (`X11WindowSource`): the X11 desktop, and XWayland clients on a Wayland one;
 *   - Wayland (`wayland/windowSource.ts`): AT-SPI top-levels, with titles, app ids, activity,
 *     activation and parents from the compositor's foreign-toplevel list where it has one.
 * `mergeTopologies` composes them: a top-level X11 already paired is never listed twice.
 */
import type { AppInfo, NativeWindow } from '../probe.js';
import type { AtspiApplication } from './atspi/apps.js';
import { buildTopology, type AppActionsByBus, type Topology } from './topology.js';
import { activateWindow, closeWindow, listWindows, waitActive, type ActivateResult, type X11Connection, type X11Window } from './x11/index.js';

/** A window as a source lists it: X11 windows carry their X11 record, Wayland ones do not. */
export interface SourceWindow {
  native: NativeWindow;
  /** The paired AT-SPI top-level, or null (window-only). */
  ref: string | null;
  x11?: X11Window;
}

export interface SourceTopology {
  apps: AppInfo[];
  windows: SourceWindow[];
  /** AT-SPI top-level ref → native id, to route content events. */
  nativeOfRef: Map<string, string>;
}

export interface WindowSource {
  readonly kind: 'x11' | 'wayland';
  /** The windows of this source, leaving out what another source already lists (`claimed`). */
  read(apps: AtspiApplication[], claimed: Claimed): Promise<SourceTopology>;
  activate(window: SourceWindow): Promise<void>;
  close(window: SourceWindow): Promise<void>;
  stop(): void;
}

/** What an earlier source listed: its paired top-levels and its windows. */
export interface Claimed {
  refs: ReadonlySet<string>;
  windows: readonly NativeWindow[];
}

export const NOTHING_CLAIMED: Claimed = { refs: new Set(), windows: [] };

/** Application-level actions of the apps, found from their X11 windows (GTK GActions). */
export type AppActionsReader = (windows: X11Window[], apps: AtspiApplication[]) => Promise<AppActionsByBus>;

export class X11WindowSource implements WindowSource {
  readonly kind = 'x11';
  constructor(
    readonly conn: X11Connection,
    private readonly appActions?: AppActionsReader,
  ) {}

  /** Every X11 window here carries its X11 record (`Topology`: the X11 probe relies on it). */
  async read(apps: AtspiApplication[]): Promise<Topology> {
    const windows = await listWindows(this.conn);
    return buildTopology(windows, apps, this.appActions ? await this.appActions(windows, apps) : new Map());
  }

  async activate(window: SourceWindow): Promise<void> {
    if (!window.x11) throw new Error(`window ${window.native.nativeId} is not an X11 window`);
    frontOrThrow(window, await activateWindow(this.conn, window.x11.xid));
  }

  /**
   * Waits until X11 names the window active after someone else (the Wayland compositor) focused
   * it. XWayland delivers keys to its X focus, which its window manager sets over X after the
   * compositor's focus change: keys sent before that went to the window focused before.
   */
  async awaitActive(window: SourceWindow): Promise<void> {
    if (!window.x11) throw new Error(`window ${window.native.nativeId} is not an X11 window`);
    frontOrThrow(window, await waitActive(this.conn, window.x11.xid));
  }

  async close(window: SourceWindow): Promise<void> {
    if (!window.x11) throw new Error(`window ${window.native.nativeId} is not an X11 window`);
    await closeWindow(this.conn, window.x11.xid);
  }

  stop(): void {
    void this.conn.close().catch(() => undefined);
  }
}

/** X11's topology first (it is exact for its windows), then the other source's new windows. */
export function mergeTopologies(first: SourceTopology, second: SourceTopology): SourceTopology {
  const windows = [...first.windows, ...second.windows];
  const apps = new Map<string, AppInfo>();
  for (const app of [...first.apps, ...second.apps]) {
    const known = apps.get(app.key);
    // An app with windows in both sources: keep the more specific id (X11's GTK application id).
    if (!known || (known.id === known.name && app.id !== app.name)) apps.set(app.key, app);
  }
  return { apps: [...apps.values()], windows, nativeOfRef: new Map([...first.nativeOfRef, ...second.nativeOfRef]) };
}

function frontOrThrow(window: SourceWindow, result: ActivateResult): void {
  if (!result.active) throw new Error(`window ${window.native.nativeId} could not be brought to the front (a modal window may hold the focus)`);
}
