/**
 * Process bookkeeping through /proc: identity (pid + start time, so a recycled pid is never
 * mistaken for ours), liveness, descendants, the env marker, and termination by pid only.
 * Never by name or pattern: other desktops and servers run on the same machine.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { z } from 'zod';

export const TrackedProcessSchema = z.object({
  name: z.string(),
  pid: z.number().int().positive(),
  /** Field 22 of /proc/<pid>/stat (clock ticks since boot): identifies this process, not its pid. */
  startTime: z.number().int().nonnegative(),
});
export type TrackedProcess = z.infer<typeof TrackedProcessSchema>;

interface ProcStat {
  state: string;
  ppid: number;
  startTime: number;
}

function readStat(pid: number): ProcStat | null {
  let text: string;
  try {
    text = readFileSync(`/proc/${pid}/stat`, 'utf8');
  } catch {
    return null;
  }
  // The command name (field 2) may hold spaces and parentheses: parse after the last ')'.
  const fields = text.slice(text.lastIndexOf(')') + 2).split(' ');
  const [state, ppid, startTime] = [fields[0], Number(fields[1]), Number(fields[19])];
  if (!state || !Number.isFinite(ppid) || !Number.isFinite(startTime)) return null;
  return { state, ppid, startTime };
}

export function processStartTime(pid: number): number | null {
  return readStat(pid)?.startTime ?? null;
}

/** Running (not a zombie) and, for a tracked process, still the same process. */
export function isRunning(target: number | TrackedProcess): boolean {
  const pid = typeof target === 'number' ? target : target.pid;
  const stat = readStat(pid);
  if (!stat || stat.state === 'Z' || stat.state === 'X') return false;
  return typeof target === 'number' || stat.startTime === target.startTime;
}

function listPids(): number[] {
  return readdirSync('/proc')
    .filter((entry) => /^\d+$/.test(entry))
    .map(Number);
}

/** All descendants of `pid`, deepest first. */
export function descendantsOf(pid: number): number[] {
  const children = new Map<number, number[]>();
  for (const candidate of listPids()) {
    const stat = readStat(candidate);
    if (!stat) continue;
    const siblings = children.get(stat.ppid) ?? [];
    siblings.push(candidate);
    children.set(stat.ppid, siblings);
  }
  const out: number[] = [];
  const visit = (parent: number) => {
    for (const child of children.get(parent) ?? []) {
      visit(child);
      out.push(child);
    }
  };
  visit(pid);
  return out;
}

/** This process and its ancestors: never touched by a sweep, whatever their environment. */
function selfAndAncestors(): Set<number> {
  const out = new Set<number>();
  let pid = process.pid;
  while (pid > 1 && !out.has(pid)) {
    out.add(pid);
    pid = readStat(pid)?.ppid ?? 0;
  }
  return out;
}

/**
 * Processes whose environment carries `name=value`: how helpers that D-Bus activated (and that
 * were reparented to PID 1) are found.
 */
export function findTaggedProcesses(name: string, value: string): number[] {
  const needle = `${name}=${value}`;
  const exclude = selfAndAncestors();
  return listPids().filter((pid) => {
    if (exclude.has(pid)) return false;
    try {
      return readFileSync(`/proc/${pid}/environ`, 'latin1').split('\0').includes(needle) && isRunning(pid);
    } catch {
      return false;
    }
  });
}

function signal(pid: number, sig: NodeJS.Signals): void {
  try {
    process.kill(pid, sig);
  } catch {
    // already gone
  }
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * SIGTERM, then SIGKILL for whatever still runs after `graceMs`. Resolves with the pids that
 * are still running afterwards (normally none).
 */
export async function terminatePids(pids: number[], graceMs = 2000): Promise<number[]> {
  const targets = [...new Set(pids)].filter((pid) => pid > 1 && pid !== process.pid && isRunning(pid));
  for (const pid of targets) signal(pid, 'SIGTERM');
  const deadline = Date.now() + graceMs;
  let left = targets.filter((pid) => isRunning(pid));
  while (left.length > 0 && Date.now() < deadline) {
    await sleep(25);
    left = left.filter((pid) => isRunning(pid));
  }
  for (const pid of left) signal(pid, 'SIGKILL');
  const killDeadline = Date.now() + 1000;
  while (left.length > 0 && Date.now() < killDeadline) {
    await sleep(25);
    left = left.filter((pid) => isRunning(pid));
  }
  return left;
}

/** Stops a tracked process and its descendants (if it is still the same process). */
export async function terminateTree(target: TrackedProcess, graceMs = 2000): Promise<number[]> {
  if (!isRunning(target)) return [];
  return terminatePids([...descendantsOf(target.pid), target.pid], graceMs);
}

/** Synchronous last resort at process exit: SIGKILL, no waiting. */
export function killNow(pids: number[]): void {
  for (const pid of pids) if (pid > 1 && pid !== process.pid) signal(pid, 'SIGKILL');
}
