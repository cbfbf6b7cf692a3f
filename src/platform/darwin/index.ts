/**
 * The macOS probe: node-window-manager for windows, the AX helper (`osascript -l JavaScript
 * ax-helper.js`) for titles, sheets, trees and node actions, nut-js for keys, clicks and
 * screenshots. Without the accessibility permission every window is in window-only mode with a
 * notice saying how to grant it.
 */
import type { ProbeFactory } from '../probe.js';
import type { DesktopProbe } from '../shared-desktop/desktopProbe.js';
import { openDesktopProbe, type DesktopProbeOptionsBase } from '../shared-desktop/assemble.js';
import type { HelperSpawn } from '../shared-desktop/helperClient.js';
import { helperScriptPath } from '../shared-desktop/helperScript.js';
import { AxTreeSource } from './axTreeSource.js';
import { DarwinWindows } from './axWindows.js';

export const AX_HELPER_SCRIPT = 'src/platform/darwin/ax-helper.js';

export interface DarwinProbeOptions extends DesktopProbeOptionsBase {
  /** The osascript to run the helper with. Null: no AX helper (window-only mode). */
  osascript?: string | null;
}

export function osascriptSpawn(executable = '/usr/bin/osascript'): HelperSpawn {
  return { command: executable, args: ['-l', 'JavaScript', helperScriptPath(AX_HELPER_SCRIPT)] };
}

export const openDarwinProbe: ProbeFactory<DarwinProbeOptions, DesktopProbe> = (options = {}) => {
  const usesOsascript = options.osascript !== null && !options.helperSpawn && !options.helper;
  return openDesktopProbe(options, {
    platform: 'darwin',
    helperName: 'the accessibility helper',
    spawn: usesOsascript ? osascriptSpawn(options.osascript ?? undefined) : null,
    closeChord: 'cmd+w',
    windows: DarwinWindows,
    trees: (helper) => new AxTreeSource(helper),
  });
};
