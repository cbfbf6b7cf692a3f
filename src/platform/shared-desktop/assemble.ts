/**
 * What both desktop factories do alike: refuse the wrong OS, load the optional native packages
 * lazily (or take injected fakes in tests), and set up input and screenshots when nut-js works.
 */
import { silentLogger, type Logger } from '../../util/logger.js';
import { DesktopProbe } from './desktopProbe.js';
import { HelperClient, type HelperRequester, type HelperSpawn } from './helperClient.js';
import { DesktopInput } from './input.js';
import { loadNut, loadWindowManager, type NutApi, type WindowManagerApi } from './nativeModules.js';
import { parseAppSelector, type AppSelector, type NwmWindowsOptions } from './nwmWindows.js';
import { RegionGrabber } from './screenshots.js';
import type { PlatformWindows, TreeSource } from './types.js';
import { treesUnavailableText } from './windowOnly.js';

/** Options both `openWin32Probe` and `openDarwinProbe` accept. */
export interface DesktopProbeOptionsBase {
  /** The application to serve (D-4): a pid, or an executable / application name. All when omitted. */
  app?: string | AppSelector;
  log?: Logger;
  /** Topology poll interval in ms (0 = off). */
  pollMs?: number;
  /** Content re-read interval in ms (0 = off). */
  contentPollMs?: number;
  /** Test seams: fakes of the native packages. `nut: null` simulates nut-js missing. */
  windowManager?: WindowManagerApi;
  nut?: NutApi | null;
  /** Test seam: run this instead of the platform's helper (it must speak the helper protocol). */
  helperSpawn?: HelperSpawn;
  /** Test seam: an in-memory helper. */
  helper?: HelperRequester;
}

/** What differs between the Windows and the macOS probe. */
export interface PlatformWiring {
  platform: 'win32' | 'darwin';
  /** For messages: "the UI Automation helper". */
  helperName: string;
  /** How to start the helper; null when it is turned off. */
  spawn: HelperSpawn | null;
  closeChord: string;
  windows: new (options: NwmWindowsOptions) => PlatformWindows;
  trees(helper: HelperRequester): TreeSource;
}

/** Loads the native packages, starts the helper lazily and wires the shared desktop probe. */
export async function openDesktopProbe(options: DesktopProbeOptionsBase, wiring: PlatformWiring): Promise<DesktopProbe> {
  const log = options.log ?? silentLogger;
  const parts = await assembleDesktop(wiring.platform, options);
  const spawn = options.helperSpawn ?? wiring.spawn;
  let probe: DesktopProbe | null = null;
  const helper = options.helper ?? (spawn ? new HelperClient({ name: wiring.helperName, spawn, log, onHealth: () => probe?.helperHealthChanged() }) : null);
  probe = new DesktopProbe({
    platform: wiring.platform,
    windows: new wiring.windows({
      windowManager: parts.windowManager,
      helper,
      excludePids: new Set([process.pid]),
      ...(parts.selector ? { selector: parts.selector } : {}),
    }),
    trees: helper ? wiring.trees(helper) : null,
    treesMissing: treesUnavailableText(`${wiring.helperName} is turned off`),
    input: parts.input,
    screenshots: parts.screenshots,
    ...(parts.inputMissing ? { inputMissing: parts.inputMissing } : {}),
    closeChord: wiring.closeChord,
    log,
    ...(options.pollMs !== undefined ? { pollMs: options.pollMs } : {}),
    ...(options.contentPollMs !== undefined ? { contentPollMs: options.contentPollMs } : {}),
  });
  return probe;
}

export interface DesktopParts {
  windowManager: WindowManagerApi;
  input: DesktopInput | null;
  screenshots: RegionGrabber | null;
  /** Why there is no input / screenshot, when nut-js is missing. */
  inputMissing?: string;
  selector?: AppSelector;
}

export async function assembleDesktop(platform: 'win32' | 'darwin', options: DesktopProbeOptionsBase): Promise<DesktopParts> {
  const injected = options.windowManager !== undefined;
  if (!injected && process.platform !== platform) {
    throw new Error(`the ${platform === 'win32' ? 'Windows' : 'macOS'} probe runs on ${platform} only (this is ${process.platform})`);
  }
  const windowManager = options.windowManager ?? (await requireWindowManager());
  const nut =
    options.nut !== undefined
      ? { api: options.nut, reason: 'keyboard input and screenshots are unavailable (nut-js is missing)' }
      : await optionalNut(options.log);
  const selector = typeof options.app === 'string' ? parseAppSelector(options.app) : options.app;
  if (!nut.api) {
    return { windowManager, input: null, screenshots: null, inputMissing: nut.reason, ...(selector ? { selector } : {}) };
  }
  return { windowManager, input: new DesktopInput(nut.api), screenshots: new RegionGrabber(nut.api), ...(selector ? { selector } : {}) };
}

async function requireWindowManager(): Promise<WindowManagerApi> {
  const loaded = await loadWindowManager();
  if (!loaded.ok) throw new Error(`cannot list windows: ${loaded.reason}`);
  return loaded.api;
}

async function optionalNut(log: Logger | undefined): Promise<{ api: NutApi | null; reason: string }> {
  const loaded = await loadNut();
  if (loaded.ok) return { api: loaded.api, reason: '' };
  log?.warn(`keyboard input and screenshots are unavailable: ${loaded.reason}`);
  return { api: null, reason: `keyboard input and screenshots are unavailable (${loaded.reason})` };
}
