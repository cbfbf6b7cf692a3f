/**
 * Issue 15 goals 4 and 5 on a live headless desktop with 5 applications (gedit, the calculator,
 * 3 zenity dialogs), the built `gui-bridge serve --all-apps`:
 *  - start-up: from spawning the server to the answer of its first `app://windows` read (stdio,
 *    an SDK client). Reference in the same run: `serve --demo` (same process, no desktop).
 *    Goal: under 500 ms.
 *  - a second client's first read: over HTTP, once a first client has read, a second one connects
 *    and reads; its read request alone, and connect + read. Reference: the first client's read.
 *    Goal: under 5 ms.
 *  - memory: the server's RSS (/proc) after both clients read and the desktop settled.
 *    Reference: a bare Node process (`node -e`, idle) and `serve --demo`. Goal: at most 100 MB.
 */
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { desktopProcessEnv, openDesktop } from '../src/platform/linux/desktop/index.js';
import { CLI, startHttpServe } from './serveProcess.js';
import { ms, summarise, table } from './stats.js';

const RUNS = Number(process.env.BENCH_ROUNDS ?? 7);
const DISPLAY = process.env.BENCH_DISPLAY ? Number(process.env.BENCH_DISPLAY) : undefined;
const ZENITY = [['--question', '--text=One'], ['--entry', '--text=Two'], ['--list', '--column=N', 'a', 'b', 'c']];

const sleep = (msec: number) => new Promise((r) => setTimeout(r, msec));
// A loaded machine can be slow: measure, never give up on a request (the SDK's default is 60 s).
const PATIENT = { timeout: 600_000 };

function rssMb(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  return Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0) / 1024;
}

/** Spawn → initialize → first read of app://windows answered, over stdio. */
async function firstRead(args: string[], env: NodeJS.ProcessEnv): Promise<{ ms: number; windows: number }> {
  const start = performance.now();
  const transport = new StdioClientTransport({ command: process.execPath, args: [CLI, 'serve', ...args, '--log-level', 'error'], env: env as Record<string, string>, stderr: 'ignore' });
  const client = new Client({ name: 'bench-startup', version: '1' });
  await client.connect(transport, PATIENT);
  const read = await client.readResource({ uri: 'app://windows' }, PATIENT);
  const elapsed = performance.now() - start;
  await client.close();
  const text = read.contents[0] && 'text' in read.contents[0] ? read.contents[0].text : '{}';
  return { ms: elapsed, windows: (JSON.parse(text) as { windows?: unknown[] }).windows?.length ?? 0 };
}

async function httpClient(url: URL): Promise<{ client: Client; connectMs: number }> {
  const start = performance.now();
  const client = new Client({ name: 'bench-startup', version: '1' });
  await client.connect(new StreamableHTTPClientTransport(url), PATIENT);
  return { client, connectMs: performance.now() - start };
}

async function timedRead(client: Client): Promise<number> {
  const start = performance.now();
  await client.readResource({ uri: 'app://windows' }, PATIENT);
  return performance.now() - start;
}

/** First and second client over HTTP, then the server's RSS. */
async function twoClients(args: string[], env: NodeJS.ProcessEnv, settleMs: number) {
  const { child, url } = await startHttpServe([...args, '--log-level', 'info'], env);
  try {
    const first = await httpClient(url);
    const firstRead = await timedRead(first.client);
    const second = await httpClient(url);
    const secondRead = await timedRead(second.client);
    await sleep(settleMs);
    const rss = rssMb(child.pid as number);
    await first.client.close();
    await second.client.close();
    return { firstRead, secondConnect: second.connectMs, secondRead, rss };
  } finally {
    child.kill('SIGTERM');
  }
}

async function bareNodeRss(): Promise<number> {
  const child = spawn(process.execPath, ['-e', 'setTimeout(() => {}, 60000)'], { stdio: 'ignore' });
  await sleep(500);
  const rss = rssMb(child.pid as number);
  child.kill('SIGTERM');
  return rss;
}

const desktop = await openDesktop({ apps: ['gedit', 'gnome-calculator'], ...(DISPLAY ? { display: DISPLAY } : {}) });
try {
  for (const args of ZENITY) await desktop.launch('zenity', args);
  const env = desktopProcessEnv(desktop.env);
  await firstRead(['--all-apps'], env); // warm the file cache
  const live: number[] = [];
  const demo: number[] = [];
  let windows = 0;
  for (let i = 0; i < RUNS; i++) {
    const run = await firstRead(['--all-apps'], env);
    live.push(run.ms);
    windows = run.windows;
    demo.push((await firstRead(['--demo'], env)).ms);
  }
  const second: Array<Awaited<ReturnType<typeof twoClients>>> = [];
  for (let i = 0; i < Math.min(RUNS, 5); i++) second.push(await twoClients(['--all-apps'], env, 2000));
  const demoTwo = await twoClients(['--demo'], env, 1000);
  const bare = await bareNodeRss();
  const med = (values: number[]) => summarise(values).median;

  console.log(`Start-up and memory, serve --all-apps with 5 apps (gedit, calculator, 3 zenity; ${windows} windows), Node ${process.version}\n`);
  console.log(table([
    { measure: 'spawn → first app://windows read, --all-apps (goal < 500 ms)', median: ms(med(live)), min: ms(summarise(live).min), n: live.length },
    { measure: 'spawn → first app://windows read, --demo (reference)', median: ms(med(demo)), min: ms(summarise(demo).min), n: demo.length },
    { measure: 'second client: its first read (goal < 5 ms)', median: ms(med(second.map((s) => s.secondRead))), min: ms(summarise(second.map((s) => s.secondRead)).min), n: second.length },
    { measure: 'second client: connect (initialize) + first read', median: ms(med(second.map((s) => s.secondConnect + s.secondRead))), min: ms(summarise(second.map((s) => s.secondConnect + s.secondRead)).min), n: second.length },
    { measure: 'first client: its first read (reference)', median: ms(med(second.map((s) => s.firstRead))), min: ms(summarise(second.map((s) => s.firstRead)).min), n: second.length },
  ]));
  console.log('');
  console.log(table([
    { process: 'serve --all-apps, 5 apps, after 2 clients read (goal ≤ 100 MB)', 'RSS MB': med(second.map((s) => s.rss)).toFixed(1) },
    { process: 'serve --demo, after 2 clients read (reference)', 'RSS MB': demoTwo.rss.toFixed(1) },
    { process: 'node -e, idle (reference)', 'RSS MB': bare.toFixed(1) },
  ]));
} finally {
  await desktop.stop();
}
