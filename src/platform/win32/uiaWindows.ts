/**
 * Windows topology: node-window-manager lists the top-level windows (HWND, pid, exe, title,
 * bounds, owner via GWLP_HWNDPARENT); the UI Automation helper adds WindowPattern.IsModal, the
 * class name and GetWindow(GW_OWNER) with the owner's enabled state.
 */
import type { AppInfo, NativeWindow } from '../probe.js';
import type { NwmWindow } from '../shared-desktop/nativeModules.js';
import { appMatches, appOf, listBaseWindows, type BaseWindow, type NwmWindowsOptions } from '../shared-desktop/nwmWindows.js';
import type { DesktopSnapshot, PlatformWindows } from '../shared-desktop/types.js';
import { UiaDoneSchema, UiaWindowsResultSchema, type UiaWindowInfo } from './uiaSchemas.js';

/**
 * P-WIN-2 modality. With UI Automation: WindowPattern.IsModal, or an owned window whose owner is
 * disabled (how Win32 modal dialogs block their owner). Without it, a heuristic: owned windows
 * are taken as modal, since in legacy apps they are mostly dialogs (tool palettes are rarer).
 */
export function isModalWindow(base: BaseWindow, info: UiaWindowInfo | undefined): boolean {
  const owner = info?.ownerHwnd !== undefined ? String(info.ownerHwnd) : base.ownerNativeId;
  if (!info?.found) return owner !== null;
  return info.modal === true || (owner !== null && info.ownerEnabled === false);
}

export function toNativeWindow(base: BaseWindow, app: AppInfo, info: UiaWindowInfo | undefined): NativeWindow {
  const modal = isModalWindow(base, info);
  const owner = info?.ownerHwnd !== undefined ? String(info.ownerHwnd) : base.ownerNativeId;
  return {
    nativeId: base.nativeId,
    appKey: app.key,
    pid: base.pid,
    title: base.nwmTitle,
    ownerNativeId: owner,
    modal,
    active: base.active,
    fullscreen: false,
    bounds: base.bounds,
    // #32770 is the Win32 dialog class (MessageBox, common dialogs).
    windowType: modal || info?.className === '#32770' ? 'dialog' : 'normal',
    ...(info?.className ? { className: info.className } : {}),
  };
}

export class Win32Windows implements PlatformWindows {
  private readonly byId = new Map<string, NwmWindow>();

  constructor(private readonly options: NwmWindowsOptions) {}

  async snapshot(): Promise<DesktopSnapshot> {
    const { windowManager, selector, excludePids } = this.options;
    const apps = new Map<number, AppInfo>();
    const served: Array<{ base: BaseWindow; app: AppInfo }> = [];
    for (const base of listBaseWindows(windowManager, { excludePids, requireTitle: true })) {
      const app = apps.get(base.pid) ?? appOf(base.pid, base.path);
      if (!appMatches(selector, app, base.path)) continue;
      apps.set(base.pid, app);
      served.push({ base, app });
    }
    const infos = await this.windowInfos(served.map((s) => s.base.nativeId));
    this.byId.clear();
    for (const { base } of served) this.byId.set(base.nativeId, base.nwm);
    return {
      apps: [...apps.values()],
      windows: served.map(({ base, app }) => toNativeWindow(base, app, infos.get(base.nativeId))),
    };
  }

  async activate(nativeId: string): Promise<void> {
    const window = this.byId.get(nativeId);
    if (!window) throw new Error(`window ${nativeId} is gone`);
    // SetForegroundWindow does not restore a minimised window; WindowPattern can.
    await this.options.helper?.request('activate', { hwnd: Number(nativeId) }, UiaDoneSchema).catch(() => undefined);
    window.bringToTop();
  }

  private async windowInfos(hwnds: string[]): Promise<Map<string, UiaWindowInfo>> {
    const infos = new Map<string, UiaWindowInfo>();
    const helper = this.options.helper;
    if (!helper || hwnds.length === 0 || helper.isDown) return infos;
    try {
      const result = await helper.request('windows', { hwnds: hwnds.map(Number) }, UiaWindowsResultSchema);
      for (const info of result.windows) infos.set(String(info.hwnd), info);
    } catch {
      // Topology must not fail with the helper: node-window-manager alone still lists windows.
    }
    return infos;
  }
}
