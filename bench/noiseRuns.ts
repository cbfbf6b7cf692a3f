/**
 * What the app-noise benches share: a fresh private desktop per run with the app, an X input
 * connection driving it as a person would, the bridge serving it or not, CPU hogs beside the
 * runs, and the summary of which runs made the app print criticals or warnings.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { Bridge } from '../src/bridge/bridge.js';
import { openDesktop, type DesktopHandle } from '../src/platform/linux/desktop/index.js';
import { XTestInput } from '../src/platform/linux/input/index.js';
import { openLinuxProbe } from '../src/platform/linux/probe.js';
import { X11Connection } from '../src/platform/linux/x11/index.js';
import { silentLogger } from '../src/util/logger.js';
import { registry } from '../translators/index.js';
import { appComplaints, DESKTOP_MESSAGES } from '../test/live/helpers/appLogs.js';

export interface NoiseRun {
  done: boolean;
  complaints: string[];
}

export interface NoiseDesktop {
  desktop: DesktopHandle;
  conn: X11Connection;
  input: XTestInput;
  /** The bridge serving every window, when asked for. */
  bridge: Bridge | null;
}

/** Runs `task` on a fresh desktop with `app` (and the bridge when `serve`), then stops it all; the app's complaints come back. */
export async function onFreshDesktop(app: string, serve: boolean, task: (run: NoiseDesktop) => Promise<boolean>): Promise<NoiseRun> {
  const desktop = await openDesktop({ apps: [app] });
  let bridge: Bridge | null = null;
  const conn = await X11Connection.open(desktop.env.DISPLAY as string);
  const input = await XTestInput.open(conn);
  try {
    if (serve) bridge = await Bridge.start({ probe: await openLinuxProbe({ env: desktop.env }), registry, log: silentLogger, appToolNaming: 'per-app' });
    const done = await task({ desktop, conn, input, bridge });
    // Every message the app printed, the private desktop's own left out; none is taken as the app's own here.
    const complaints = appComplaints(desktop, DESKTOP_MESSAGES, {}).map((c) => `${c.kind}: ${c.message.replace(/0x[0-9a-f]+/g, '0x…')}`);
    return { done, complaints };
  } finally {
    await input.close();
    await conn.close();
    await bridge?.close().catch(() => undefined);
    await desktop.stop();
  }
}

/** `count` busy loops beside the runs (a loaded machine is where the difference shows); stop them after. */
export function cpuHogs(count: number): { stop(): void } {
  const hogs: ChildProcess[] = Array.from({ length: count }, () => spawn('sh', ['-c', 'while :; do :; done'], { stdio: 'ignore' }));
  return { stop: () => hogs.forEach((hog) => hog.kill()) };
}

/** Per mode: runs done, runs with criticals or warnings, and each message seen. */
export function printNoise(title: string, results: ReadonlyMap<string, NoiseRun[]>): void {
  console.log(title);
  for (const [mode, runs] of results) {
    const noisy = runs.filter((r) => r.complaints.length > 0);
    console.log(`  ${mode}: done ${runs.filter((r) => r.done).length}/${runs.length}, runs with criticals or warnings ${noisy.length}/${runs.length}`);
    for (const kind of new Set(runs.flatMap((r) => r.complaints))) console.log(`    ${kind}`);
  }
}

/** Each mode once per round, in turn: every mode sees the same drift of the machine's load. */
export async function alternating<M extends string>(
  modes: readonly M[],
  rounds: number,
  run: (mode: M, index: number) => Promise<NoiseRun>,
): Promise<Map<M, NoiseRun[]>> {
  const results = new Map<M, NoiseRun[]>();
  let index = 0;
  for (let i = 0; i < rounds; i++) for (const mode of modes) results.set(mode, [...(results.get(mode) ?? []), await run(mode, index++)]);
  return results;
}
