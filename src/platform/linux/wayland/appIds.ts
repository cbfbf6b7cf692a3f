/**
 * Application ids on Wayland. X11 has _GTK_APPLICATION_ID; a Wayland client's app_id is often
 * just its program name ("gedit" when started --standalone) and AT-SPI has no id at all. As
 * docks and compositors do, the reverse-DNS id comes from the desktop entry that launches the
 * program: `org.gnome.gedit.desktop` has `Exec=gedit …`, so "gedit" → "org.gnome.gedit".
 */
import { readdirSync, readFileSync } from 'node:fs';
import { basename, join } from 'node:path';

function dataDirs(env: NodeJS.ProcessEnv): string[] {
  const dirs = (env.XDG_DATA_DIRS || '/usr/local/share:/usr/share').split(':').filter(Boolean);
  return dirs.map((dir) => join(dir, 'applications'));
}

/** Program name → desktop id, from the Exec lines of installed desktop entries. */
export function desktopIdsByProgram(env: NodeJS.ProcessEnv = process.env): Map<string, string> {
  const ids = new Map<string, string>();
  for (const dir of dataDirs(env)) {
    let entries: string[];
    try {
      entries = readdirSync(dir).filter((f) => f.endsWith('.desktop'));
    } catch {
      continue;
    }
    for (const file of entries) {
      try {
        const exec = /^Exec=(\S+)/m.exec(readFileSync(join(dir, file), 'utf8'))?.[1];
        const program = exec ? basename(exec.replace(/^"|"$/g, '')) : null;
        if (program && !ids.has(program)) ids.set(program, file.slice(0, -'.desktop'.length));
      } catch {
        // an unreadable entry names nothing
      }
    }
  }
  return ids;
}

/** The program a process runs (argv[0]'s base name), or null when /proc does not say. */
export function programOf(pid: number | null): string | null {
  if (pid === null) return null;
  try {
    const argv0 = readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0')[0] ?? '';
    return argv0 ? basename(argv0) : null;
  } catch {
    return null;
  }
}

/**
 * The best application id: the compositor's when it is reverse-DNS already, else the desktop
 * entry of the compositor's id or of the process's program, else what the compositor or
 * AT-SPI called it.
 */
export function resolveAppId(compositorId: string | undefined, pid: number | null, atspiName: string, byProgram: Map<string, string>): string {
  if (compositorId && compositorId.includes('.')) return compositorId;
  const program = programOf(pid);
  return (compositorId && byProgram.get(compositorId)) || (program && byProgram.get(program)) || byProgram.get(atspiName) || compositorId || atspiName;
}
