/** The reference view of X11 for live tests: xprop / xwininfo output, parsed. */
import { execFileSync } from 'node:child_process';
import { desktopProcessEnv, type Desktop } from '../../../src/platform/linux/desktop/index.js';

export interface XpropWindow {
  netWmName: string | null;
  wmClass: string[];
  pid: number | null;
  transientFor: string | null;
  states: string[];
  types: string[];
}

function run(desktop: Desktop, command: string, args: string[]): string {
  return execFileSync(command, args, { env: desktopProcessEnv(desktop.env), encoding: 'utf8' });
}

function line(out: string, property: string): string | null {
  return out.split('\n').find((l) => l.startsWith(`${property}(`) || l.startsWith(`${property}:`)) ?? null;
}

/** The value after "=" or "# " of a found property, null for "not found." */
function value(out: string, property: string): string | null {
  const found = line(out, property);
  if (!found || found.includes('not found')) return null;
  const match = /(?: = |window id # )(.*)$/.exec(found);
  return match ? (match[1] ?? '') : '';
}

const quoted = (text: string) => [...text.matchAll(/"((?:[^"\\]|\\.)*)"/g)].map((m) => (m[1] ?? '').replace(/\\(.)/g, '$1'));
const list = (text: string | null) =>
  text
    ? text
        .split(',')
        .map((s) => s.trim())
        .filter(Boolean)
    : [];

export function xpropWindow(desktop: Desktop, nativeId: string): XpropWindow {
  const out = run(desktop, 'xprop', ['-id', nativeId, '_NET_WM_NAME', 'WM_CLASS', '_NET_WM_PID', 'WM_TRANSIENT_FOR', '_NET_WM_STATE', '_NET_WM_WINDOW_TYPE']);
  const name = value(out, '_NET_WM_NAME');
  const pid = value(out, '_NET_WM_PID');
  return {
    netWmName: name === null ? null : (quoted(name)[0] ?? null),
    wmClass: quoted(value(out, 'WM_CLASS') ?? ''),
    pid: pid === null ? null : Number(pid),
    transientFor: value(out, 'WM_TRANSIENT_FOR'),
    states: list(value(out, '_NET_WM_STATE')),
    types: list(value(out, '_NET_WM_WINDOW_TYPE')),
  };
}

export function xpropRoot(desktop: Desktop): { clients: string[]; active: string | null } {
  const out = run(desktop, 'xprop', ['-root', '_NET_CLIENT_LIST', '_NET_ACTIVE_WINDOW']);
  const active = value(out, '_NET_ACTIVE_WINDOW');
  return { clients: list(value(out, '_NET_CLIENT_LIST')), active: active === null || active === '0x0' ? null : active };
}

/** xwininfo's absolute position and size of a window. */
export function xwininfo(desktop: Desktop, nativeId: string): { x: number; y: number; width: number; height: number } {
  const out = run(desktop, 'xwininfo', ['-id', nativeId]);
  const field = (label: string) => Number(new RegExp(`${label}:\\s+(-?\\d+)`).exec(out)?.[1]);
  return { x: field('Absolute upper-left X'), y: field('Absolute upper-left Y'), width: field('Width'), height: field('Height') };
}
