/**
 * The raw window list from node-window-manager, made safe to use: windows vanish between calls
 * (every getter may throw), invisible and zero-sized windows are dropped, and each window gets
 * its application (by process id) and the application selector is applied.
 */
import { basename, extname } from 'node:path';
import type { AppInfo, Rect } from '../probe.js';
import type { HelperRequester } from './helperClient.js';
import type { NwmRectangle, NwmWindow, WindowManagerApi } from './nativeModules.js';

export interface BaseWindow {
  nwm: NwmWindow;
  nativeId: string;
  pid: number;
  /** Executable (Windows) or bundle (macOS) path. */
  path: string;
  /** Windows: the window title. macOS: the application name (see NwmWindow.getTitle). */
  nwmTitle: string;
  bounds: Rect | null;
  active: boolean;
  /** Windows: the owner window (GWLP_HWNDPARENT); macOS: always null here. */
  ownerNativeId: string | null;
}

/** Which application(s) a probe serves (D-4): a pid, or a name matched against id, name, exe. */
export type AppSelector = { pid: number } | { name: string };

export function parseAppSelector(value: string): AppSelector {
  return /^\d+$/.test(value.trim()) ? { pid: Number(value.trim()) } : { name: value.trim() };
}

export function appMatches(selector: AppSelector | undefined, app: AppInfo, path: string): boolean {
  if (!selector) return true;
  if ('pid' in selector) return app.pid === selector.pid;
  const wanted = selector.name.toLowerCase();
  const exe = basename(path).toLowerCase();
  return [app.id, app.name, exe, exe.replace(/\.(exe|app)$/, ''), path].some((candidate) => candidate.toLowerCase() === wanted);
}

/** The application a window belongs to, from its process; `displayName` overrides the name. */
export function appOf(pid: number, path: string, displayName?: string): AppInfo {
  const file = basename(path);
  const stem = file.slice(0, file.length - extname(file).length) || file || `process ${pid}`;
  return { key: `pid:${pid}`, id: stem.toLowerCase(), name: displayName || stem, pid, actions: [] };
}

function toRect(bounds: NwmRectangle | undefined): Rect | null {
  if (!bounds || bounds.width === undefined || bounds.height === undefined) return null;
  return { x: bounds.x ?? 0, y: bounds.y ?? 0, width: bounds.width, height: bounds.height };
}

function describe(window: NwmWindow, activeId: number | undefined, requireTitle: boolean): BaseWindow | null {
  if (!window.path || !window.isVisible()) return null;
  const bounds = toRect(window.getBounds());
  if (bounds && (bounds.width < 2 || bounds.height < 2)) return null;
  const title = window.getTitle() ?? '';
  if (requireTitle && title.trim() === '') return null;
  const owner = window.getOwner();
  return {
    nwm: window,
    nativeId: String(window.id),
    pid: window.processId,
    path: window.path,
    nwmTitle: title,
    bounds,
    active: window.id === activeId,
    ownerNativeId: owner && owner.id ? String(owner.id) : null,
  };
}

/** What a platform's window lister is made with. */
export interface NwmWindowsOptions {
  windowManager: WindowManagerApi;
  /** The platform's accessibility helper; null when it cannot run. */
  helper: HelperRequester | null;
  selector?: AppSelector;
  excludePids: ReadonlySet<number>;
}

export interface ListOptions {
  /** Processes whose windows are never served (our own, our helpers). */
  excludePids: ReadonlySet<number>;
  /** Windows: untitled top-level windows are tool and message windows, not user windows. */
  requireTitle: boolean;
}

export function listBaseWindows(wm: WindowManagerApi, options: ListOptions): BaseWindow[] {
  let activeId: number | undefined;
  try {
    activeId = wm.getActiveWindow()?.id;
  } catch {
    activeId = undefined;
  }
  const found: BaseWindow[] = [];
  for (const window of wm.getWindows()) {
    try {
      if (options.excludePids.has(window.processId)) continue;
      const described = describe(window, activeId, options.requireTitle);
      if (described) found.push(described);
    } catch {
      // The window closed while we looked at it: the next listing no longer has it.
    }
  }
  return found;
}
