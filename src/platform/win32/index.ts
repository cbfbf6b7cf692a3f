/**
 * The Windows probe: node-window-manager for windows, the UI Automation helper (PowerShell,
 * uia-helper.ps1) for trees and node actions, nut-js for keys, clicks and screenshots. Windows
 * stay listed in window-only mode whenever the helper cannot run.
 */
import type { ProbeFactory } from '../probe.js';
import type { DesktopProbe } from '../shared-desktop/desktopProbe.js';
import { openDesktopProbe, type DesktopProbeOptionsBase } from '../shared-desktop/assemble.js';
import type { HelperSpawn } from '../shared-desktop/helperClient.js';
import { helperScriptPath } from '../shared-desktop/helperScript.js';
import { UiaTreeSource } from './uiaTreeSource.js';
import { Win32Windows } from './uiaWindows.js';

export const UIA_HELPER_SCRIPT = 'src/platform/win32/uia-helper.ps1';

export interface Win32ProbeOptions extends DesktopProbeOptionsBase {
  /** PowerShell to run the helper with: "powershell.exe" (5.1, in every Windows) or "pwsh". Null: no trees. */
  powershell?: string | null;
}

export function powershellSpawn(executable: string): HelperSpawn {
  // -ExecutionPolicy Bypass applies to this process only; a machine-wide Group Policy can still
  // forbid unsigned scripts, which shows as a helper that does not start (window-only mode).
  return {
    command: executable,
    args: ['-NoLogo', '-NoProfile', '-NonInteractive', '-ExecutionPolicy', 'Bypass', '-File', helperScriptPath(UIA_HELPER_SCRIPT)],
  };
}

export const openWin32Probe: ProbeFactory<Win32ProbeOptions, DesktopProbe> = (options = {}) => {
  const usesPowerShell = options.powershell !== null && !options.helperSpawn && !options.helper;
  return openDesktopProbe(options, {
    platform: 'win32',
    helperName: 'the UI Automation helper',
    spawn: usesPowerShell ? powershellSpawn(options.powershell ?? 'powershell.exe') : null,
    closeChord: 'alt+F4',
    windows: Win32Windows,
    trees: (helper) => new UiaTreeSource(helper),
  });
};
