/**
 * Who a Wayland desktop runs as. sway refuses to run as root (docs/linux-desktop-notes.md, "Wayland"),
 * so root brings the desktop up as an unprivileged account; anyone else runs it as themselves.
 * The accessibility bus of that session accepts only its own user (GTK3's bridge rejects other
 * callers), which is why the bridge also runs as this account (`GUI_BRIDGE_DESKTOP_USER`).
 */
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { userInfo } from 'node:os';
import { DesktopError } from '../../desktop/wait.js';

export interface DesktopAccount {
  name: string;
  uid: number;
  gid: number;
  /** The account's home when it exists on disk. */
  home?: string;
}

/** The variable naming the desktop's account in its environment (`desktop env` prints it). */
export const DESKTOP_USER_VARIABLE = 'GUI_BRIDGE_DESKTOP_USER';
/** The account root uses when none is named (`.ci/run` creates it). */
export const DEFAULT_DESKTOP_USER = 'guibridge';

function currentUid(): number {
  return typeof process.getuid === 'function' ? process.getuid() : 0;
}

/** The account by name, read from the passwd database (getent: NSS-aware, no native module). */
export function lookupAccount(name: string): DesktopAccount | null {
  if (!/^[a-z_][a-z0-9_-]*\$?$/i.test(name)) throw new DesktopError(`"${name}" is not a user name`);
  let line: string;
  try {
    line = execFileSync('getent', ['passwd', name], { encoding: 'utf8' }).trim();
  } catch {
    return null;
  }
  const fields = line.split(':');
  const uid = Number(fields[2]);
  const gid = Number(fields[3]);
  if (!Number.isInteger(uid) || !Number.isInteger(gid)) return null;
  const home = fields[5];
  return { name: fields[0] ?? name, uid, gid, ...(home && existsSync(home) ? { home } : {}) };
}

/**
 * The account to run the desktop as: the caller itself unless it is root; root needs an
 * unprivileged account (the named one, else `$GUI_BRIDGE_DESKTOP_USER`, else `guibridge`).
 */
export function desktopAccount(requested?: string): DesktopAccount {
  const uid = currentUid();
  if (uid !== 0) {
    const self = userInfo();
    if (requested !== undefined && requested !== self.username) throw new DesktopError(`only root can start a desktop as another user (${requested})`);
    return { name: self.username, uid, gid: typeof process.getgid === 'function' ? process.getgid() : self.gid };
  }
  const name = requested ?? process.env[DESKTOP_USER_VARIABLE] ?? DEFAULT_DESKTOP_USER;
  const account = lookupAccount(name);
  if (!account) throw new DesktopError(`sway refuses to run as root and there is no user "${name}": create one (useradd --system ${name}) or pass --user NAME`);
  if (account.uid === 0) throw new DesktopError(`sway refuses to run as root: --user must name an unprivileged account, not ${name}`);
  return account;
}

/** spawn() options running a child as the account (nothing when that is us already). */
export function runAs(account: DesktopAccount): { uid?: number; gid?: number } {
  return account.uid === currentUid() ? {} : { uid: account.uid, gid: account.gid };
}
