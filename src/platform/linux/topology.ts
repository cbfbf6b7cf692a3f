/**
 * The Linux desktop as the bridge sees it: X11 is the source of truth for windows (ids, owners,
 * modality, activity), AT-SPI for applications and content. This pure step pairs them
 * (correlate.ts) and names each window's application. Windows with no accessible (toolkits
 * without AT-SPI) still appear, as an application of their own process, in window-only mode.
 */
import type { AppActionInfo, AppInfo, NativeWindow } from '../probe.js';
import type { AtspiApplication } from './atspi/apps.js';
import { correlateWindows } from './correlate.js';
import type { X11Window } from './x11/windows.js';
import { toNativeWindow } from './x11/nativeWindow.js';

export interface LinuxWindow {
  native: NativeWindow;
  x11: X11Window;
  /** The matched AT-SPI top-level, or null (window-only). */
  ref: string | null;
}

export interface Topology {
  apps: AppInfo[];
  windows: LinuxWindow[];
  /** AT-SPI top-level ref → X11 native id, to route content events. */
  nativeOfRef: Map<string, string>;
}

/** Application-level actions per AT-SPI bus name (GTK GActions), when known. */
export type AppActionsByBus = Map<string, AppActionInfo[]>;

export function buildTopology(x11Windows: X11Window[], atspiApps: AtspiApplication[], actions: AppActionsByBus = new Map()): Topology {
  const visible = x11Windows.filter((w) => !w.hidden);
  const topLevels = atspiApps.flatMap((app) => app.topLevels);
  const { matches } = correlateWindows(visible, topLevels);
  const refOfNative = new Map(matches.map((m) => [m.nativeId, m.ref]));
  const busOfRef = new Map(atspiApps.flatMap((app) => app.topLevels.map((t) => [t.ref, app.bus] as const)));
  const nameOfRef = new Map(topLevels.map((t) => [t.ref, t.name]));
  const busOfPid = new Map(atspiApps.filter((a) => a.pid !== null).map((a) => [a.pid as number, a.bus]));

  const windows: LinuxWindow[] = visible.map((x11) => {
    const ref = refOfNative.get(x11.nativeId) ?? null;
    // A window with no matched accessible still belongs to its process's AT-SPI app if there is one.
    const bus = (ref ? busOfRef.get(ref) : undefined) ?? (x11.pid !== null ? busOfPid.get(x11.pid) : undefined);
    const appKey = bus ?? processKey(x11);
    const native = toNativeWindow(x11, appKey);
    // GTK3 message dialogs have no X title; their accessible name ("Question") is what a user reads.
    if (native.title === '' && ref) native.title = nameOfRef.get(ref) ?? '';
    return { native, x11, ref };
  });

  const apps: AppInfo[] = atspiApps.map((app) => {
    const mine = windows.filter((w) => w.native.appKey === app.bus).map((w) => w.x11);
    return { key: app.bus, id: appId(mine, app.name), name: app.name || appId(mine, ''), pid: app.pid, actions: actions.get(app.bus) ?? [] };
  });
  const known = new Set(apps.map((a) => a.key));
  for (const w of windows) {
    if (known.has(w.native.appKey)) continue;
    known.add(w.native.appKey);
    const mine = windows.filter((o) => o.native.appKey === w.native.appKey).map((o) => o.x11);
    const id = appId(mine, 'unknown');
    apps.push({ key: w.native.appKey, id, name: w.x11.wmClass?.instance || id, pid: w.x11.pid, actions: [] });
  }
  const nativeOfRef = new Map(matches.map((m) => [m.ref, m.nativeId]));
  return { apps, windows, nativeOfRef };
}

/** GTK application id, else WM_CLASS class, else the AT-SPI name. */
function appId(windows: X11Window[], fallback: string): string {
  for (const w of windows) if (w.gtkApplicationId) return w.gtkApplicationId;
  for (const w of windows) if (w.wmClass?.className) return w.wmClass.className;
  return fallback;
}

function processKey(window: X11Window): string {
  return window.pid !== null ? `pid:${window.pid}` : `x11:${window.wmClass?.className ?? window.nativeId}`;
}
