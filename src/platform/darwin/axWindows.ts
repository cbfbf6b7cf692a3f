/**
 * macOS topology: node-window-manager lists on-screen windows (CGWindowID, pid, bundle path,
 * bounds; its "title" is the application name); the AX helper adds window titles, sheets
 * (AXSheet → modal, owned by their window), app-modal dialogs (AXModal, no owner) and the
 * bundle id. Without the accessibility permission, windows are listed from node-window-manager
 * alone and shown in window-only mode.
 */
import type { AppInfo, NativeWindow, WindowType } from '../probe.js';
import type { NwmWindow } from '../shared-desktop/nativeModules.js';
import { appMatches, appOf, listBaseWindows, type BaseWindow, type NwmWindowsOptions } from '../shared-desktop/nwmWindows.js';
import type { DesktopSnapshot, PlatformWindows } from '../shared-desktop/types.js';
import { AxDoneSchema, AxWindowsResultSchema, type AxWindow } from './axSchemas.js';

interface AxListing {
  trusted: boolean;
  windows: Map<string, AxWindow>;
  apps: Map<number, { bundleId: string; name: string }>;
}

function windowTypeOf(ax: AxWindow | undefined): WindowType {
  if (!ax) return 'normal';
  if (ax.modal || ax.subrole === 'AXDialog' || ax.subrole === 'AXSystemDialog') return 'dialog';
  return ax.subrole === 'AXFloatingWindow' ? 'utility' : 'normal';
}

export function toNativeWindow(base: BaseWindow, app: AppInfo, ax: AxWindow | undefined, activePid: number | undefined): NativeWindow {
  return {
    nativeId: base.nativeId,
    appKey: app.key,
    pid: base.pid,
    title: ax?.title || app.name,
    ownerNativeId: ax?.ownerWindowId != null ? String(ax.ownerWindowId) : null,
    modal: ax?.modal ?? false,
    active: ax ? ax.focused && activePid === base.pid : base.active,
    fullscreen: false,
    bounds: base.bounds,
    windowType: windowTypeOf(ax),
    ...(ax?.subrole ? { className: ax.subrole } : {}),
  };
}

export class DarwinWindows implements PlatformWindows {
  private readonly byId = new Map<string, { nwm: NwmWindow; pid: number }>();

  constructor(private readonly options: NwmWindowsOptions) {}

  async snapshot(): Promise<DesktopSnapshot> {
    const { windowManager, selector, excludePids } = this.options;
    const all = listBaseWindows(windowManager, { excludePids, requireTitle: false });
    const ax = await this.axListing([...new Set(all.map((w) => w.pid))]);
    const apps = new Map<number, AppInfo>();
    const windows: NativeWindow[] = [];
    const activePid = all.find((w) => w.active)?.pid;
    this.byId.clear();
    for (const base of all) {
      const axApp = ax.apps.get(base.pid);
      const app = apps.get(base.pid) ?? { ...appOf(base.pid, base.path, axApp?.name || base.nwmTitle), ...(axApp?.bundleId ? { id: axApp.bundleId } : {}) };
      if (!appMatches(selector, app, base.path)) continue;
      const axWindow = ax.windows.get(base.nativeId);
      // With the permission, AX tells real windows from the menu bar, Dock and status items.
      if (ax.trusted && !axWindow) continue;
      apps.set(base.pid, app);
      this.byId.set(base.nativeId, { nwm: base.nwm, pid: base.pid });
      windows.push(toNativeWindow(base, app, axWindow, activePid));
    }
    return { apps: [...apps.values()], windows };
  }

  async activate(nativeId: string): Promise<void> {
    const known = this.byId.get(nativeId);
    if (!known) throw new Error(`window ${nativeId} is gone`);
    known.nwm.bringToTop(); // makes the app frontmost and the window main
    await this.options.helper?.request('activate', { pid: known.pid, windowId: Number(nativeId) }, AxDoneSchema).catch(() => undefined);
  }

  private async axListing(pids: number[]): Promise<AxListing> {
    const listing: AxListing = { trusted: false, windows: new Map(), apps: new Map() };
    const helper = this.options.helper;
    if (!helper || helper.isDown || pids.length === 0) return listing;
    try {
      const result = await helper.request('windows', { pids }, AxWindowsResultSchema);
      listing.trusted = result.trusted;
      for (const app of result.apps) {
        listing.apps.set(app.pid, { bundleId: app.bundleId, name: app.name });
        for (const window of app.windows) if (window.windowId !== null) listing.windows.set(String(window.windowId), window);
      }
    } catch {
      // Topology must not fail with the helper: node-window-manager alone still lists windows.
    }
    return listing;
  }
}
