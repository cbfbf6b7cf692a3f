/**
 * `serve` beside an application that changes without end, next to a quiet one in the same run:
 * time from spawn to the first answered read of app://windows, and serve's CPU use while a client
 * stays connected; then the time from stdin's end to serve's exit at each stage of its life.
 *
 *   npm run build && npx tsx bench/flood.ts [seconds of CPU sampling, default 10] [flood interval ms, default 10]
 *
 * The flooding app is test/live/fixtures/flood_log.py (a GTK 3 log appended every interval, above
 * 600 labels); the quiet one a zenity dialog. A private headless desktop is started and stopped.
 */
import { execFileSync } from 'node:child_process';
import { join } from 'node:path';
import { startDesktop, type Desktop } from '../src/platform/linux/desktop/index.js';
import { startServe, type ServeProcess } from '../test/live/helpers/serveProcess.js';
import { waitFor } from '../test/live/helpers/desktop.js';
import { cpuMs } from './serveProcess.js';
import { table } from './stats.js';

const SAMPLE_S = Number(process.argv[2] ?? 10);
const FLOOD_INTERVAL_MS = Number(process.argv[3] ?? 10);
const FLOOD_LOG = join(import.meta.dirname, '..', 'test', 'live', 'fixtures', 'flood_log.py');

/** Spawn → initialize answered → app://windows answered with the window titled `title`. */
async function firstRead(desktop: Desktop, args: string[], title: RegExp): Promise<{ serve: ServeProcess; ms: number }> {
  const start = performance.now();
  const serve = startServe([...args, '--log-level', 'error'], desktop.env);
  await serve.initialize();
  await waitFor(async () => (await serve.snapshot()).windows.some((w) => title.test(w.title)), 120_000, 20);
  return { serve, ms: performance.now() - start };
}

/** serve's CPU share (% of one core) over the sampling period, with a read every second as a client would. */
async function cpuShare(serve: ServeProcess): Promise<{ percent: number; readMs: number }> {
  const pid = serve.child.pid as number;
  const cpuBefore = cpuMs(pid);
  const start = performance.now();
  let slowest = 0;
  while (performance.now() - start < SAMPLE_S * 1000) {
    const readStart = performance.now();
    await serve.snapshot();
    slowest = Math.max(slowest, performance.now() - readStart);
    await new Promise((r) => setTimeout(r, 1000));
  }
  return { percent: ((cpuMs(pid) - cpuBefore) / (performance.now() - start)) * 100, readMs: slowest };
}

function nodeStartMs(): number {
  const start = performance.now();
  execFileSync(process.execPath, ['-e', ''], { stdio: 'ignore' });
  return performance.now() - start;
}

function windowMapped(desktop: Desktop, title: string): boolean {
  try {
    return execFileSync('xdotool', ['search', '--onlyvisible', '--name', `^${title}$`], { env: desktop.env, stdio: ['ignore', 'pipe', 'ignore'] }).length > 0;
  } catch {
    return false; // xdotool exits 1 while no window matches
  }
}

async function eofToExit(serve: ServeProcess): Promise<number> {
  const start = performance.now();
  serve.child.stdin.end();
  await serve.exited;
  return performance.now() - start;
}

async function main(): Promise<void> {
  const desktop = await startDesktop({});
  const rows: Array<Record<string, string | number>> = [];
  const exits: Array<Record<string, string | number>> = [];
  try {
    await desktop.launch('zenity', ['--info', '--title=Quiet', '--text=nothing changes here']);
    // --app refuses an app that has no window yet; --wait-for-app serves it once it has one.
    const quiet = await firstRead(desktop, ['--wait-for-app', 'zenity'], /^Quiet$/);
    const quietCpu = await cpuShare(quiet.serve);
    exits.push({ stage: 'serving a quiet app', 'EOF → exit ms': (await eofToExit(quiet.serve)).toFixed(0) });

    const flooder = await desktop.launch('/usr/bin/python3', [FLOOD_LOG, String(FLOOD_INTERVAL_MS), '600']);
    // Served from start with the flood already under way: its window is mapped before serve starts.
    await waitFor(() => windowMapped(desktop, 'Flood log'), 60_000, 50);
    const flood = await firstRead(desktop, ['--all-apps'], /^Flood log$/);
    const floodCpu = await cpuShare(flood.serve);
    exits.push({ stage: 'serving beside a flooding app', 'EOF → exit ms': (await eofToExit(flood.serve)).toFixed(0) });

    rows.push({
      app: 'quiet (zenity)',
      'spawn → first read ms': quiet.ms.toFixed(0),
      'serve CPU %': quietCpu.percent.toFixed(1),
      'slowest read ms': quietCpu.readMs.toFixed(0),
    });
    rows.push({
      app: `flooding (log every ${FLOOD_INTERVAL_MS} ms)`,
      'spawn → first read ms': flood.ms.toFixed(0),
      'serve CPU %': floodCpu.percent.toFixed(1),
      'slowest read ms': floodCpu.readMs.toFixed(0),
    });
    rows.push({
      app: 'ratio flooding / quiet',
      'spawn → first read ms': `${(flood.ms / quiet.ms).toFixed(2)}×`,
      'serve CPU %': `${(floodCpu.percent / Math.max(0.1, quietCpu.percent)).toFixed(2)}×`,
      'slowest read ms': `${(floodCpu.readMs / Math.max(1, quietCpu.readMs)).toFixed(2)}×`,
    });

    // stdin's end at the other stages: at once after spawn, and while the source opens beside a hung app.
    const early = startServe(['--all-apps', '--log-level', 'debug'], desktop.env);
    exits.push({ stage: 'just spawned (includes the process start-up)', 'EOF → exit ms': (await eofToExit(early)).toFixed(0) });
    // The reference for that row, same run: an empty Node process, spawned and waited for.
    exits.push({ stage: 'reference: spawn → exit of `node -e ""`', 'EOF → exit ms': nodeStartMs().toFixed(0) });
    const hung = await desktop.launch('zenity', ['--info', '--title=Hung', '--text=stopped']);
    process.kill(hung.pid, 'SIGSTOP');
    try {
      const opening = startServe(['--all-apps', '--log-level', 'debug'], desktop.env);
      await waitFor(() => opening.stderr().includes('opening the source'), 60_000, 5);
      exits.push({ stage: 'opening the source (a hung app, a flooding app)', 'EOF → exit ms': (await eofToExit(opening)).toFixed(0) });
      const reading = startServe(['--all-apps', '--log-level', 'debug'], desktop.env);
      await waitFor(() => /"sourceOpen"|sourceOpen/.test(reading.stderr()) || reading.stderr().includes('opening the source'), 60_000, 5);
      await new Promise((r) => setTimeout(r, 300)); // into the first read, which waits on the hung app
      exits.push({ stage: 'first read (a hung app, a flooding app)', 'EOF → exit ms': (await eofToExit(reading)).toFixed(0) });
    } finally {
      process.kill(hung.pid, 'SIGCONT');
    }
    await flooder.kill();
  } finally {
    await desktop.stop();
  }
  console.log(table(rows));
  console.log();
  console.log(table(exits));
}

await main();
