/**
 * System programs the headless desktop needs, and the Debian package that provides each: a
 * missing one becomes a single actionable line ("Xvfb not found: apt-get install xvfb").
 */
import { accessSync, constants } from 'node:fs';
import { delimiter, join } from 'node:path';

/** Program → Debian package (bookworm names). */
const DEBIAN_PACKAGES: Record<string, string> = {
  Xvfb: 'xvfb',
  'dbus-daemon': 'dbus-daemon',
  'at-spi-bus-launcher': 'at-spi2-core',
  'at-spi2-registryd': 'at-spi2-core',
  openbox: 'openbox',
  gedit: 'gedit',
  'gnome-calculator': 'gnome-calculator',
  zenity: 'zenity',
  xprop: 'x11-utils',
  xwininfo: 'x11-utils',
  xdotool: 'xdotool',
  wmctrl: 'wmctrl',
  python3: 'python3',
};

/** Where distributions install the AT-SPI daemons (not on PATH). */
const LIBEXEC_DIRS = ['/usr/libexec', '/usr/lib/at-spi2-core', '/usr/libexec/at-spi2-core', '/usr/lib/x86_64-linux-gnu/at-spi2-core'];

export class MissingBinaryError extends Error {
  constructor(
    readonly binary: string,
    readonly debianPackage: string | undefined,
  ) {
    super(`${binary} not found: ${debianPackage ? `apt-get install ${debianPackage}` : `install it or put it on PATH`}`);
    this.name = 'MissingBinaryError';
  }
}

function isExecutable(path: string): boolean {
  try {
    accessSync(path, constants.X_OK);
    return true;
  } catch {
    return false;
  }
}

/** Absolute path of an executable (a path, or a name searched on PATH and the libexec dirs). */
export function findExecutable(name: string, searchPath = process.env.PATH ?? ''): string | null {
  if (name.includes('/')) return isExecutable(name) ? name : null;
  const dirs = [...searchPath.split(delimiter).filter(Boolean), ...LIBEXEC_DIRS];
  for (const dir of dirs) {
    const candidate = join(dir, name);
    if (isExecutable(candidate)) return candidate;
  }
  return null;
}

/** Like findExecutable, but a missing program throws MissingBinaryError naming its package. */
export function requireExecutable(name: string): string {
  const found = findExecutable(name);
  if (!found) {
    const base = name.slice(name.lastIndexOf('/') + 1);
    throw new MissingBinaryError(base, DEBIAN_PACKAGES[base]);
  }
  return found;
}

/** The desktop's own programs, checked before anything starts. */
export const DESKTOP_PROGRAMS = ['Xvfb', 'dbus-daemon', 'at-spi-bus-launcher', 'at-spi2-registryd', 'openbox'] as const;
