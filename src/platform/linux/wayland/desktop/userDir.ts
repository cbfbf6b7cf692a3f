/**
 * The desktop account's own directory: its XDG_RUNTIME_DIR (mode 0700, the Wayland, D-Bus and
 * sway sockets), its HOME and XDG homes. The desktop's state directory belongs to whoever ran
 * `desktop up` (root's is private), so the account needs a directory of its own.
 */
import { chownSync, mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { DesktopAccount } from './account.js';

export interface UserDirs {
  root: string;
  runtime: string;
  home: string;
}

export function createUserDirs(account: DesktopAccount, id: number): UserDirs {
  const root = mkdtempSync(join(tmpdir(), `gui-bridge-wayland-${id}-`));
  const dirs: UserDirs = { root, runtime: join(root, 'xdg'), home: join(root, 'home') };
  for (const dir of [dirs.runtime, dirs.home, join(dirs.home, 'config'), join(dirs.home, 'cache'), join(dirs.home, 'data'), join(dirs.home, 'state')])
    mkdirSync(dir, { mode: 0o700 });
  for (const dir of [root, dirs.runtime, dirs.home, join(dirs.home, 'config'), join(dirs.home, 'cache'), join(dirs.home, 'data'), join(dirs.home, 'state')])
    chownSync(dir, account.uid, account.gid);
  return dirs;
}

/** A file the account reads (configs): written by us, readable by it. */
export function writeUserFile(account: DesktopAccount, path: string, text: string): void {
  writeFileSync(path, text, { mode: 0o600 });
  chownSync(path, account.uid, account.gid);
}
