/**
 * Packs this repository as a user gets it: a copy of the source tree (a "fresh clone": tracked
 * and new files, no dist) is packed — prepack builds it — into `work`. Shared by the tarball
 * tests and the translator SDK tests: `sharedPack()` builds the tarball once
 * per test run, however many test files (in parallel forks) ask for it.
 */
import { execFileSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, readdirSync, readFileSync, rmSync, statSync, symlinkSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { inject } from 'vitest';

export const ROOT = resolve(import.meta.dirname, '../..');

/** The files of a clone: git's list when this is a checkout, else everything but build output. */
function sourceFiles(): string[] {
  try {
    return execFileSync('git', ['ls-files', '--cached', '--others', '--exclude-standard'], { cwd: ROOT, encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] })
      .split('\n')
      .filter(Boolean);
  } catch {
    const skip = new Set(['node_modules', 'dist', '.git']);
    return readdirSync(ROOT, { recursive: true, encoding: 'utf8' }).filter((f) => !skip.has(f.split('/')[0] as string) && statSync(join(ROOT, f)).isFile());
  }
}

export function npm(args: string[], cwd: string, env: NodeJS.ProcessEnv = {}): string {
  return execFileSync('npm', args, {
    cwd,
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'pipe'],
    env: { ...process.env, npm_config_update_notifier: 'false', ...env },
  });
}

/** Packs a fresh clone into `work`; returns the tarball's path and the packed file list. */
export function packFreshClone(work: string): { tarball: string; packed: string[] } {
  const clone = join(work, 'clone');
  for (const file of sourceFiles()) {
    if (!existsSync(join(ROOT, file))) continue; // deleted in the working tree
    mkdirSync(dirname(join(clone, file)), { recursive: true });
    cpSync(join(ROOT, file), join(clone, file));
  }
  symlinkSync(join(ROOT, 'node_modules'), join(clone, 'node_modules'), 'dir'); // node_modules borrowed
  const [info] = JSON.parse(npm(['pack', '--json', '--pack-destination', work], clone)) as Array<{ filename: string; files: Array<{ path: string }> }>;
  return { tarball: join(work, info!.filename), packed: info!.files.map((f) => f.path) };
}

export interface Pack {
  tarball: string;
  packed: string[];
}

/**
 * The tarball of this run, packed once (a full TypeScript build): the first test file to ask packs
 * it while holding a lock folder, so a parallel fork waits instead of building too; the others
 * reuse it. It lives in the run's folder (test/runFolder.ts), removed when the run ends.
 */
export async function sharedPack(): Promise<Pack> {
  const folder = join(inject('runFolder'), 'pack');
  const done = join(folder, 'pack.json');
  const lock = `${folder}.lock`;
  for (;;) {
    if (existsSync(done)) return JSON.parse(readFileSync(done, 'utf8')) as Pack;
    if (takeLock(lock)) break;
    await sleep(500); // another fork is packing
  }
  try {
    rmSync(folder, { recursive: true, force: true }); // what a failed attempt left
    mkdirSync(folder);
    const pack = packFreshClone(folder);
    rmSync(join(folder, 'clone'), { recursive: true, force: true }); // only the tarball is needed
    writeFileSync(done, JSON.stringify(pack));
    return pack;
  } finally {
    rmSync(lock, { recursive: true, force: true });
  }
}

/** mkdir is atomic: exactly one caller creates the lock folder. */
function takeLock(lock: string): boolean {
  try {
    mkdirSync(lock);
    return true;
  } catch {
    return false;
  }
}
