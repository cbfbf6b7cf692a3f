/**
 * V8's optimising compiler (TurboFan) held off while `serve` starts (spawn →
 * first read). A start-up runs most of its code once or a few hundred times: TurboFan spent
 * about 130 ms of CPU optimising functions that then ran for a few milliseconds more, on a
 * background thread that competes with the applications answering the first read on a 2-core
 * machine (bench/startup.ts, same run: 522 → 470 ms to the first read of 5 apps, server CPU
 * 600 → 470 ms). Ignition and Sparkplug still run; TurboFan is back as soon as the server
 * serves, or after a bound, so a desktop whose first read is long is not read without it.
 *
 * V8 refuses cached code made under other flags (src/util/chunkCodeCache.ts): code that was
 * compiled under the hold is cached under it again, even after the release (`underFlagsOf`), as
 * the next start compiles it under the hold too. A user's own TurboFan flag (command line or
 * NODE_OPTIONS) wins.
 */
import { setFlagsFromString } from 'node:v8';

/** The longest a start-up runs without TurboFan. */
const HOLD_AT_MOST_MS = 1500;

const USER_CHOSE = /--(?:no[-_])?(?:opt|turbofan)(?![\w-])|--jitless|--max[-_]opt/;

let state: 'free' | 'held' | 'released' = 'free';

/** Whether the user set a flag of their own about TurboFan (command line or NODE_OPTIONS). */
export function ownOptimizerFlag(execArgv: string[], nodeOptions: string): boolean {
  return [...execArgv, nodeOptions].some((arg) => USER_CHOSE.test(arg));
}

/** Holds TurboFan until `releaseOptimizer` or `atMostMs`; false when the user chose for it (or it was released). */
export function holdOptimizerForStartUp(
  execArgv: string[] = process.execArgv,
  nodeOptions = process.env.NODE_OPTIONS ?? '',
  atMostMs = HOLD_AT_MOST_MS,
): boolean {
  if (ownOptimizerFlag(execArgv, nodeOptions)) return false;
  if (state !== 'free') return state === 'held'; // once per process: a start-up happens once
  setFlagsFromString('--no-turbofan');
  state = 'held';
  setTimeout(() => releaseOptimizer(), atMostMs).unref();
  return true;
}

/** The start-up is over: hot code is optimised again from here on. False: it was not held. */
export function releaseOptimizer(): boolean {
  if (state !== 'held') return false;
  setFlagsFromString('--turbofan');
  state = 'released';
  return true;
}

/**
 * Runs `make` under the flags of the moment some code was compiled: cached code made in it is
 * taken when the next run compiles that code at the same moment (a chunk of the start-up under
 * the hold, one loaded later after it).
 */
export function underFlagsOf<T>(compiledWhileHeld: boolean, make: () => T): T {
  if (!compiledWhileHeld || state !== 'released') return make();
  setFlagsFromString('--no-turbofan');
  try {
    return make();
  } finally {
    setFlagsFromString('--turbofan');
  }
}

/** Whether TurboFan is held now (tests, debug log). */
export function optimizerHeld(): boolean {
  return state === 'held';
}
