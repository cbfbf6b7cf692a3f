/**
 * Running as the desktop's user. A Wayland desktop brought up by root runs as an unprivileged
 * account (sway refuses root), and its accessibility bus answers only that account: GTK3's
 * bridge rejects any other caller, root included (docs/linux-desktop-notes.md, "Wayland"). So when
 * root runs a command that reads the desktop and the environment names the desktop's account
 * (`GUI_BRIDGE_DESKTOP_USER`, printed by `desktop env`), the CLI re-executes itself as that
 * account with the same arguments, standard streams and environment, and exits with its code.
 */
import { spawn } from 'node:child_process';
import { lookupAccount } from '../platform/linux/wayland/desktop/account.js';

const DESKTOP_COMMANDS = new Set(['serve', 'snapshot', 'record', 'a2c']);
const FORWARDED_SIGNALS: NodeJS.Signals[] = ['SIGINT', 'SIGTERM', 'SIGHUP'];

/** The account to re-execute as, or null when this process should go on itself. */
export function desktopUserTarget(
  command: string | undefined,
  env: NodeJS.ProcessEnv = process.env,
  uid = process.getuid?.() ?? -1,
): { uid: number; gid: number; name: string; home?: string } | null {
  const name = env.GUI_BRIDGE_DESKTOP_USER;
  if (process.platform !== 'linux' || uid !== 0 || !name || name === 'root' || !command || !DESKTOP_COMMANDS.has(command)) return null;
  const account = lookupAccount(name);
  if (!account) throw new Error(`GUI_BRIDGE_DESKTOP_USER names no account ("${name}")`);
  return account.uid === 0 ? null : account;
}

/** Runs this CLI again as `account`; resolves with its exit code. */
export function reexecAs(account: { uid: number; gid: number; home?: string }, argv: string[]): Promise<number> {
  const script = process.argv[1] ?? '';
  // HOME would still be root's (its .Xauthority unreadable): the account's own, or its runtime dir.
  const env: NodeJS.ProcessEnv = { ...process.env, HOME: account.home ?? process.env.XDG_RUNTIME_DIR ?? '/' };
  delete env.XAUTHORITY;
  const child = spawn(process.execPath, [...process.execArgv, script, ...argv], { stdio: 'inherit', uid: account.uid, gid: account.gid, env });
  const forward = (signal: NodeJS.Signals) => child.kill(signal);
  for (const signal of FORWARDED_SIGNALS) process.on(signal, forward);
  return new Promise((resolve, reject) => {
    child.once('error', reject);
    child.once('exit', (code, signal) => {
      for (const s of FORWARDED_SIGNALS) process.off(s, forward);
      resolve(code ?? (signal ? 128 + 15 : 1));
    });
  });
}
