/**
 * Where a desktop lives on disk and its state file. Each desktop has a private directory named
 * after its display number (the display number is the desktop's identity for the CLI); inside
 * it: `state.json`, `logs/`, `xdg/` (its XDG_RUNTIME_DIR, mode 0700) and `home/` (XDG config,
 * cache, data and state homes). Everything is deleted on teardown.
 */
import { randomUUID } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { z } from 'zod';
import { TrackedProcessSchema, type TrackedProcess } from './processes.js';

/** The environment marker every process of a desktop inherits (value: the desktop directory). */
export const DESKTOP_MARKER = 'GUI_BRIDGE_DESKTOP';

export const DesktopStateSchema = z.object({
  version: z.literal(1),
  display: z.number().int().nonnegative(),
  dir: z.string(),
  env: z.record(z.string(), z.string()),
  processes: z.array(TrackedProcessSchema),
  createdAt: z.string(),
  /** Wayland desktops (`desktop up --wayland`): the account it runs as and that account's directory. */
  wayland: z
    .object({
      user: z.string(),
      uid: z.number().int(),
      gid: z.number().int(),
      userDir: z.string(),
      swaySocket: z.string(),
      /** Absent in states written before mutter was offered: sway. */
      compositor: z.enum(['sway', 'mutter']).optional(),
    })
    .optional(),
});
export type DesktopState = z.infer<typeof DesktopStateSchema>;

function uid(): number {
  return typeof process.getuid === 'function' ? process.getuid() : 0;
}

/** The directory holding this user's desktops ($GUI_BRIDGE_DESKTOPS_DIR overrides it). */
export function desktopsRoot(): string {
  return process.env.GUI_BRIDGE_DESKTOPS_DIR ?? join(tmpdir(), `gui-bridge-desktops-${uid()}`);
}

export function desktopDir(display: number): string {
  return join(desktopsRoot(), `display-${display}`);
}

export interface DesktopPaths {
  dir: string;
  state: string;
  logs: string;
  runtime: string;
  home: string;
  /**
   * What this claim of the directory marks its processes with (DESKTOP_MARKER): the directory
   * and a nonce. Once a desktop's X server is gone, another run may claim the same directory
   * while this one still looks for its leftovers: by the directory alone it would kill them.
   */
  tag?: string;
}

/** The value of DESKTOP_MARKER in this desktop's processes. */
export function desktopTag(state: Pick<DesktopState, 'dir' | 'env'>): string {
  return state.env[DESKTOP_MARKER] ?? state.dir;
}

export function desktopPaths(dir: string): DesktopPaths {
  return { dir, state: join(dir, 'state.json'), logs: join(dir, 'logs'), runtime: join(dir, 'xdg'), home: join(dir, 'home') };
}

/**
 * Claims the directory of display `display` atomically (mkdir fails when another process
 * holds it): this is what keeps two concurrent desktops off one display number.
 */
export function claimDesktopDir(display: number): DesktopPaths | null {
  mkdirSync(desktopsRoot(), { recursive: true, mode: 0o700 });
  const paths = desktopPaths(desktopDir(display));
  try {
    mkdirSync(paths.dir, { mode: 0o700 });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') return null;
    throw error;
  }
  for (const sub of [paths.logs, paths.runtime, paths.home]) mkdirSync(sub, { mode: 0o700 });
  return { ...paths, tag: `${paths.dir}#${randomUUID()}` };
}

export function writeState(state: DesktopState): void {
  const file = desktopPaths(state.dir).state;
  const temp = `${file}.${process.pid}.tmp`;
  writeFileSync(temp, `${JSON.stringify(state, null, 2)}\n`, { mode: 0o600 });
  renameSync(temp, file);
}

/** The state of the desktop in `dir`, or null when there is none (or it is unreadable). */
export function readState(dir: string): DesktopState | null {
  const file = desktopPaths(dir).state;
  if (!existsSync(file)) return null;
  try {
    const parsed = DesktopStateSchema.safeParse(JSON.parse(readFileSync(file, 'utf8')));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

/** Every desktop directory of this user, with its state when it has one. */
export function listDesktopDirs(): Array<{ display: number; dir: string; state: DesktopState | null }> {
  if (!existsSync(desktopsRoot())) return [];
  return readdirSync(desktopsRoot())
    .map((entry) => /^display-(\d+)$/.exec(entry))
    .filter((match): match is RegExpExecArray => match !== null)
    .map((match) => {
      const dir = join(desktopsRoot(), match[0]);
      return { display: Number(match[1]), dir, state: readState(dir) };
    })
    .sort((a, b) => a.display - b.display);
}

export function addProcess(state: DesktopState, proc: TrackedProcess): void {
  state.processes.push(proc);
  writeState(state);
}

export function removeProcess(state: DesktopState, pid: number): void {
  state.processes = state.processes.filter((p) => p.pid !== pid);
  writeState(state);
}
