/**
 * Whether a process can ever expose an accessible: every toolkit that speaks AT-SPI on X11 does
 * it through a library mapped into the process (GTK 3, Chromium/Electron, Firefox and the Java
 * ATK wrapper through atk-bridge; GTK 4 and Qt 5/6 through their own bridge). A window of a
 * process that maps none of them (xterm, Xaw, Tk, LibreOffice's "gen" X11 back end) is served
 * window-only at once instead of after the pairing retries (pairing.ts); an accessible that
 * appears later is still paired by events.
 */
import { readFileSync } from 'node:fs';

const BRIDGES = /\/lib(atk-bridge-2\.0|atspi|gtk-4|Qt[56]Gui|Qt[56]XcbQpa|atk-wrapper|xul)\.so/;

/** False when the process maps no accessibility bridge; null when that cannot be known (no pid, no /proc). */
export function mapsAccessibilityBridge(pid: number | null, read: (path: string) => string = (path) => readFileSync(path, 'utf8')): boolean | null {
  if (pid === null || !Number.isInteger(pid) || pid <= 0) return null;
  let maps: string;
  try {
    maps = read(`/proc/${pid}/maps`);
  } catch {
    return null; // gone, another user's process, or not Linux: keep looking the usual way
  }
  return BRIDGES.test(maps);
}
