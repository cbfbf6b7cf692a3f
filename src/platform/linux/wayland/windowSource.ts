/**
 * The Wayland window source: the AT-SPI top-levels are the windows (frame, dialog, file chooser,
 * alert…, while showing), with the compositor's foreign-toplevel list for titles, app ids,
 * activity, parents, activation and closing where it publishes one. Native ids are `wl:` + the
 * top-level's ref. Top-levels another source (XWayland through X11) already lists are skipped.
 */
import type { AppInfo, NativeWindow } from '../../probe.js';
import type { AtspiApplication, AtspiTopLevel } from '../atspi/apps.js';
import type { Claimed, SourceTopology, SourceWindow, WindowSource } from '../windowSource.js';
import type { ForeignToplevel, ForeignToplevels } from './foreignToplevel.js';
import { desktopIdsByProgram, resolveAppId } from './appIds.js';
import { OwnerMemory } from './owners.js';

const WINDOW_ROLES = new Set(['frame', 'dialog', 'file_chooser', 'alert', 'color_chooser', 'font_chooser']);
const DIALOG_ROLES = new Set(['dialog', 'file_chooser', 'alert', 'color_chooser', 'font_chooser']);
const norm = (word: string) => word.replace(/ /g, '_');
export const WAYLAND_ID_PREFIX = 'wl:';
/** Windows known only to the compositor (no accessible): `wlt:` + the foreign-toplevel handle. */
export const WAYLAND_HANDLE_PREFIX = 'wlt:';

export interface WaylandWindow extends SourceWindow {
  /** The compositor's handle, when the window was paired with its foreign toplevel. */
  handle: number | null;
}

/** Loose app-id ↔ AT-SPI app name agreement: "org.gnome.Calculator" ~ "gnome-calculator". */
export function sameApp(appId: string, appName: string): boolean {
  const id = appId.toLowerCase();
  const name = appName.toLowerCase();
  if (!id || !name) return false;
  const last = id.split('.').at(-1) ?? id;
  return id === name || last === name || name.endsWith(last) || name.includes(last) || last.includes(name);
}

/** Pairs top-levels with foreign toplevels: same title first, then untitled ones of the same app. */
export function pairToplevels(tops: Array<{ top: AtspiTopLevel; app: AtspiApplication }>, foreign: ForeignToplevel[]): Map<string, ForeignToplevel> {
  const pairs = new Map<string, ForeignToplevel>();
  const used = new Set<number>();
  const pick = (match: (f: ForeignToplevel, t: { top: AtspiTopLevel; app: AtspiApplication }) => boolean) => {
    for (const entry of tops) {
      if (pairs.has(entry.top.ref)) continue;
      const candidates = foreign.filter((f) => !used.has(f.handle) && match(f, entry));
      const best = candidates.find((f) => sameApp(f.appId, entry.app.name)) ?? candidates[0];
      if (!best) continue;
      pairs.set(entry.top.ref, best);
      used.add(best.handle);
    }
  };
  pick((f, t) => f.title !== '' && f.title === t.top.name);
  pick((f, t) => f.title === '' && sameApp(f.appId, t.app.name));
  return pairs;
}

/** Whether the compositor's toplevel is this XWayland window X11 lists: same title and class. */
function sameXWaylandWindow(window: NativeWindow, toplevel: ForeignToplevel): boolean {
  return window.title === toplevel.title && (!window.className || window.className.toLowerCase() === toplevel.appId.toLowerCase());
}

export class WaylandWindowSource implements WindowSource {
  readonly kind = 'wayland';
  private readonly owners = new OwnerMemory();
  private handles = new Map<string, number>();
  private byProgram: Map<string, string> | null = null;

  constructor(readonly toplevels: ForeignToplevels | null) {}

  async read(apps: AtspiApplication[], claimed: Claimed): Promise<SourceTopology> {
    const tops = apps.flatMap((app) =>
      app.topLevels
        .filter((top) => WINDOW_ROLES.has(norm(top.role)) && !claimed.refs.has(top.ref) && top.states.map(norm).includes('showing'))
        .map((top) => ({ top, app })),
    );
    const foreign = this.toplevels?.connected ? this.toplevels.list() : [];
    const paired = pairToplevels(tops, foreign);
    const nativeOfHandle = new Map([...paired].map(([ref, f]) => [f.handle, WAYLAND_ID_PREFIX + ref]));
    const natives: NativeWindow[] = tops.map(({ top, app }) => {
      const f = paired.get(top.ref);
      const states = new Set(top.states.map(norm));
      const dialog = DIALOG_ROLES.has(norm(top.role)) || top.attributes['window-type'] === 'dialog' || states.has('modal');
      return {
        nativeId: WAYLAND_ID_PREFIX + top.ref,
        appKey: app.bus,
        pid: app.pid,
        title: f?.title || top.name,
        ownerNativeId: null,
        modal: states.has('modal'),
        active: f ? f.activated : states.has('active'),
        fullscreen: f?.fullscreen ?? false,
        bounds: null,
        windowType: dialog ? 'dialog' : 'normal',
      };
    });
    const decisions = this.owners.update(
      natives.map((n, i) => {
        const f = paired.get(tops[i]?.top.ref ?? '');
        return {
          nativeId: n.nativeId,
          appKey: n.appKey,
          dialog: n.windowType === 'dialog',
          active: n.active,
          parentNativeId: f?.parent ? (nativeOfHandle.get(f.parent) ?? null) : null,
        };
      }),
    );
    for (const n of natives) n.ownerNativeId = decisions.get(n.nativeId)?.owner ?? null;
    this.handles = new Map([...paired].map(([ref, f]) => [WAYLAND_ID_PREFIX + ref, f.handle]));
    const windows: WaylandWindow[] = natives.map((native, i) => ({ native, ref: tops[i]?.top.ref ?? null, handle: this.handles.get(native.nativeId) ?? null }));
    const appIdOf = new Map<string, string>();
    for (const { top, app } of tops) {
      const f = paired.get(top.ref);
      if (f?.appId && !appIdOf.has(app.bus)) appIdOf.set(app.bus, f.appId);
    }
    this.byProgram ??= desktopIdsByProgram();
    const byProgram = this.byProgram;
    const appInfos: AppInfo[] = apps.map((app) => ({
      key: app.bus,
      id: resolveAppId(appIdOf.get(app.bus), app.pid, app.name, byProgram),
      name: app.name,
      pid: app.pid,
      actions: [],
    }));
    const inaccessible = this.inaccessible(foreign, new Set([...paired.values()].map((f) => f.handle)), claimed, appInfos, nativeOfHandle);
    return {
      apps: [...appInfos, ...inaccessible.apps],
      windows: [...windows, ...inaccessible.windows],
      nativeOfRef: new Map(windows.map((w) => [w.ref ?? '', w.native.nativeId])),
    };
  }

  /**
   * The compositor's windows no accessible stands for: apps without accessibility still have
   * windows, served window-only (title, keys, screenshot). Left out: XWayland windows (X11 lists
   * them) and windows of an app that has accessibles (its window may be about to pair: a title
   * change not yet seen on both sides), so a window is never listed twice.
   */
  private inaccessible(
    foreign: ForeignToplevel[],
    paired: Set<number>,
    claimed: Claimed,
    apps: AppInfo[],
    nativeOfHandle: Map<number, string>,
  ): { windows: WaylandWindow[]; apps: AppInfo[] } {
    const byProgram = this.byProgram ?? new Map<string, string>();
    const orphans = foreign.filter(
      (f) =>
        !paired.has(f.handle) &&
        !f.minimized &&
        !claimed.windows.some((w) => sameXWaylandWindow(w, f)) &&
        !apps.some((a) => sameApp(f.appId, a.name) || a.id.toLowerCase() === f.appId.toLowerCase()),
    );
    const windows: WaylandWindow[] = orphans.map((f) => {
      const nativeId = `${WAYLAND_HANDLE_PREFIX}${f.handle}`;
      this.handles.set(nativeId, f.handle);
      nativeOfHandle.set(f.handle, nativeId);
      return {
        native: {
          nativeId,
          appKey: `wayland:${f.appId || f.handle}`,
          pid: null,
          title: f.title,
          ownerNativeId: null,
          modal: false,
          active: f.activated,
          fullscreen: f.fullscreen,
          bounds: null,
          windowType: f.parent ? 'dialog' : 'normal',
          ...(f.appId ? { className: f.appId } : {}),
        },
        ref: null,
        handle: f.handle,
      };
    });
    for (const w of windows) {
      const parent = orphans.find((f) => `${WAYLAND_HANDLE_PREFIX}${f.handle}` === w.native.nativeId)?.parent;
      w.native.ownerNativeId = parent ? (nativeOfHandle.get(parent) ?? null) : null;
    }
    const orphanApps = new Map<string, AppInfo>();
    for (const w of windows) {
      const appId = w.native.className ?? '';
      if (!orphanApps.has(w.native.appKey))
        orphanApps.set(w.native.appKey, {
          key: w.native.appKey,
          id: resolveAppId(appId, null, appId, byProgram),
          name: appId || w.native.title,
          pid: null,
          actions: [],
        });
    }
    return { windows, apps: [...orphanApps.values()] };
  }

  /** Whether the compositor lets us bring a window forward (its foreign-toplevel list). */
  get canActivate(): boolean {
    return this.toplevels !== null;
  }

  /** The bridge acted in this window (owner inference, owners.ts rule 2). */
  noteUsed(nativeId: string): void {
    this.owners.touch(nativeId);
  }

  async activate(window: SourceWindow): Promise<void> {
    const handle = this.handleOf(window, 'activate');
    await this.toplevels?.activate(handle);
  }

  /**
   * Brings an XWayland window forward through the compositor, as a user's click would. Its EWMH
   * request (_NET_ACTIVE_WINDOW) only marks it urgent on sway (focus_on_window_activation
   * defaults to "urgent"), so keys from the virtual keyboard went to the previous window. False
   * when the compositor lists no single toplevel for it (no protocol, or same-titled twins).
   */
  async activateXWayland(window: NativeWindow): Promise<boolean> {
    const matches = this.toplevels?.connected ? this.toplevels.list().filter((f) => sameXWaylandWindow(window, f)) : [];
    const only = matches.length === 1 ? matches[0] : undefined;
    if (!only || !this.toplevels) return false;
    await this.toplevels.activate(only.handle);
    return true;
  }

  async close(window: SourceWindow): Promise<void> {
    const handle = this.handleOf(window, 'close');
    await this.toplevels?.close(handle);
  }

  stop(): void {
    this.toplevels?.stop();
  }

  private handleOf(window: SourceWindow, what: string): number {
    if (!this.toplevels)
      throw new Error(`this compositor publishes no window list (no foreign-toplevel protocol): cannot ${what} window ${window.native.nativeId}`);
    const handle = this.handles.get(window.native.nativeId);
    if (handle === undefined) throw new Error(`window ${window.native.nativeId} was not found in the compositor's window list: cannot ${what} it`);
    return handle;
  }
}
