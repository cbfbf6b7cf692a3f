/**
 * Start-up time and RSS on a live headless desktop with 5 applications (gedit, the calculator,
 * 3 zenity dialogs), the built `gui-bridge serve --all-apps`:
 *  - start-up: from spawning the server to the answer of its first `app://windows` read (stdio,
 *    an SDK client), and the CPU time the server used until then (/proc: less sensitive to a busy
 *    machine than the wall clock). References in the same run, interleaved: the same server
 *    unbundled (tsc's modules, compiled here into dist/unbundled: what `npm run build` shipped
 *    before scripts/bundle.mjs), `serve --demo` (same process, no desktop), `node -e ''` (spawn →
 *    exit) and pyatspi reading the same 5 applications (attributes, relations, actions,
 *    text/value: spawn python3 → exit). Node's module compile cache (Node 22.1+, turned on by
 *    cli.ts; a private NODE_COMPILE_CACHE folder, warmed by a first run): on a Node that has it,
 *    the same server with it off (NODE_DISABLE_COMPILE_CACHE=1). BENCH_NODES=path,path adds the
 *    same arms on other Node binaries (the npm packages node@22, node@24); BENCH_BASELINE_CLI=path
 *    adds an earlier build's CLI (before/after a change, same run). Goal: under 800 ms. Where the
 *    time goes: the server's own start-up milestones (wall and CPU ms, its debug log), medians.
 *  - a second client's first read: over HTTP, once a first client has read, a second one connects
 *    and reads; its read request alone, and connect + read. Reference: the first client's read.
 *    Goal: under 5 ms. The server's own time for each read (its debug log line "HTTP request
 *    served": arrival → response sent) beside the clients' times.
 *  - memory: the server's RSS (/proc) after both clients read and the desktop settled.
 *    Reference: a bare Node process (`node -e`, idle) and `serve --demo`. Goal: at most 100 MB.
 */
import { execFileSync, spawn, spawnSync } from 'node:child_process';
import { Agent, request } from 'node:http';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { mkdtempSync, rmSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { desktopProcessEnv, openDesktop } from '../src/platform/linux/desktop/index.js';
import { cpuMs, PATIENT, rssMb, startHttpServe, stdioServeFirstRead, type FirstReadOptions, type Milestones } from './serveProcess.js';
import { ms, summarise, table } from './stats.js';

const RUNS = Number(process.env.BENCH_ROUNDS ?? 7);
const DISPLAY = process.env.BENCH_DISPLAY ? Number(process.env.BENCH_DISPLAY) : undefined;
const DUMPER = fileURLToPath(new URL('../test/live/fixtures/atspi_dump.py', import.meta.url));
const ROOT = fileURLToPath(new URL('..', import.meta.url));
/** tsc's modules alone, without the bundle (inside the repository: they import its node_modules). */
const UNBUNDLED = fileURLToPath(new URL('../dist/unbundled', import.meta.url));
const ZENITY = [
  ['--question', '--text=One'],
  ['--entry', '--text=Two'],
  ['--list', '--column=N', 'a', 'b', 'c'],
];

const sleep = (msec: number) => new Promise((r) => setTimeout(r, msec));
// A loaded machine can be slow: measure, never give up on a request (the SDK's default is 60 s).

/** Spawn → initialize → first read of app://windows answered, over stdio; the server's CPU time then. */
async function firstRead(
  args: string[],
  env: NodeJS.ProcessEnv,
  options: FirstReadOptions = {},
  nodeArgs: string[] = [],
): Promise<{ ms: number; cpu: number; windows: number; milestones?: Milestones }> {
  const { client, pid, ms, text, milestones } = await stdioServeFirstRead(nodeArgs, args, env, 'bench-startup', options);
  const cpu = cpuMs(pid);
  await client.close();
  return { ms, cpu, windows: (JSON.parse(text || '{}') as { windows?: unknown[] }).windows?.length ?? 0, ...(milestones ? { milestones } : {}) };
}

/** The server as tsc compiles it, one module per file (no declarations or maps: faster). */
function buildUnbundled(): string {
  rmSync(UNBUNDLED, { recursive: true, force: true });
  execFileSync(
    process.execPath,
    [`${ROOT}node_modules/typescript/bin/tsc`, '-p', `${ROOT}tsconfig.json`, '--outDir', UNBUNDLED, '--declaration', 'false', '--sourceMap', 'false'],
    {
      stdio: 'inherit',
    },
  );
  return `${UNBUNDLED}/src/cli.js`;
}

/** Milestone segments, medians over the rounds: the wall and CPU ms from one milestone to the next. */
const SEGMENTS: Array<[from: string | null, to: string, what: string]> = [
  [null, 'main', 'process start → serve runs (Node start-up, CLI, options)'],
  ['main', 'sourceOpen', '→ source open (platform modules, X11 + D-Bus connections)'],
  ['sourceOpen', 'firstRead', '→ first read of the desktop (AT-SPI reads of 5 apps, translation)'],
  ['firstRead', 'serving', '→ serving on stdio (MCP side, loaded meanwhile)'],
];

/** Spawn → exit of bare Node: what any server started by its client pays before its own code. */
function bareNode(env: NodeJS.ProcessEnv = process.env): number {
  const start = performance.now();
  spawnSync(process.execPath, ['-e', ''], { stdio: 'ignore', env });
  return performance.now() - start;
}

/**
 * This machine's environment names the whole system CA bundle in NODE_EXTRA_CA_CERTS, which Node
 * parses before any JavaScript runs (about 40 ms of `node -e ''`). An MCP client starts its
 * servers with an environment of its own, which usually does not carry it: measured both ways.
 */
function withoutExtraCerts(env: NodeJS.ProcessEnv): NodeJS.ProcessEnv {
  const { NODE_EXTRA_CA_CERTS: _ignored, ...rest } = env;
  return rest;
}

/** Spawn → exit of pyatspi reading every application of the desktop (the same fields as ours). */
function pyatspiRead(env: NodeJS.ProcessEnv): { ms: number; apps: number } {
  const start = performance.now();
  const out = JSON.parse(execFileSync('/usr/bin/python3', [DUMPER, '--detail'], { env, maxBuffer: 64 << 20 }).toString()) as { apps: unknown[] };
  return { ms: performance.now() - start, apps: out.apps.length };
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

/** One POST over a kept-alive connection, no client library: what the server and HTTP cost alone. */
function rawPost(url: URL, agent: Agent, body: unknown, sessionId?: string): Promise<{ sessionId?: string; text: string }> {
  const headers: Record<string, string> = {
    'content-type': 'application/json',
    accept: 'application/json, text/event-stream',
    'mcp-protocol-version': '2025-06-18',
  };
  if (sessionId) headers['mcp-session-id'] = sessionId;
  return new Promise((done, fail) => {
    const req = request(url, { method: 'POST', agent, headers }, (res) => {
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => (text += chunk));
      res.on('end', () => done({ sessionId: res.headers['mcp-session-id'] as string | undefined, text }));
    });
    req.on('error', fail);
    req.end(JSON.stringify(body));
  });
}

/** A client without a library: initialize, initialized, then its first read (timed alone). */
async function rawClientFirstRead(url: URL): Promise<number> {
  const agent = new Agent({ keepAlive: true, maxSockets: 1 });
  try {
    const init = await rawPost(url, agent, {
      jsonrpc: '2.0',
      id: 1,
      method: 'initialize',
      params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'bench-raw', version: '1' } },
    });
    await rawPost(url, agent, { jsonrpc: '2.0', method: 'notifications/initialized' }, init.sessionId);
    const start = performance.now();
    const read = await rawPost(url, agent, { jsonrpc: '2.0', id: 2, method: 'resources/read', params: { uri: 'app://windows' } }, init.sessionId);
    const elapsed = performance.now() - start;
    if (!read.text.includes('operableWindowIds')) throw new Error(`raw read failed: ${read.text.slice(0, 200)}`);
    return elapsed;
  } finally {
    agent.destroy();
  }
}

/** First and second client over HTTP (and a third without a client library), then the server's RSS. */
async function twoClients(args: string[], env: NodeJS.ProcessEnv, settleMs: number) {
  // Debug level: the server logs its own time for each request ("HTTP request served").
  const { child, url } = await startHttpServe([...args, '--log-level', 'debug'], env);
  let log = '';
  child.stderr?.on('data', (c: Buffer) => (log += c.toString()));
  try {
    const first = await httpClient(url);
    const firstRead = await timedRead(first.client);
    const second = await httpClient(url);
    const secondRead = await timedRead(second.client);
    const rawRead = await rawClientFirstRead(url);
    await sleep(settleMs);
    const rss = rssMb(child.pid as number);
    await first.client.close();
    await second.client.close();
    // The server's own times of the three reads, in order: first client, second, without a library.
    const served = [...log.matchAll(/HTTP request served \{"rpc":"resources\/read","ms":([\d.]+)\}/g)].map((m) => Number(m[1]));
    if (served.length !== 3) throw new Error(`expected 3 served reads in the server's log, found ${served.length}`);
    return { firstRead, secondConnect: second.connectMs, secondRead, rawRead, rss, served: served as [number, number, number] };
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

/** A Node binary to measure with: its version, and whether it has the module compile cache. */
interface NodeRuntime {
  path: string;
  version: string;
  compileCache: boolean;
}

function nodeRuntime(path: string): NodeRuntime {
  const out = execFileSync(path, ['-p', "process.version + ' ' + typeof require('node:module').enableCompileCache"], { encoding: 'utf8' }).trim();
  const [version = '?', kind] = out.split(' ');
  return { path, version, compileCache: kind === 'function' };
}

/** One way of starting the server, measured in every round. */
interface Arm {
  name: string;
  args: string[];
  env: NodeJS.ProcessEnv;
  options: FirstReadOptions;
  wall: number[];
  cpu: number[];
}

const desktop = await openDesktop({ apps: ['gedit', 'gnome-calculator'], ...(DISPLAY ? { display: DISPLAY } : {}) });
const compileCaches = mkdtempSync(join(tmpdir(), 'gui-bridge-bench-compile-cache-'));
try {
  for (const args of ZENITY) await desktop.launch('zenity', args);
  const env = desktopProcessEnv(desktop.env);
  const loadBefore = loadavg()[0] as number;
  const unbundledCli = buildUnbundled();
  const runtimes = [process.execPath, ...(process.env.BENCH_NODES ?? '').split(',').filter(Boolean)].map(nodeRuntime);
  const arm = (name: string, args: string[], armEnv: NodeJS.ProcessEnv, options: FirstReadOptions = {}): Arm => ({
    name,
    args,
    env: armEnv,
    options,
    wall: [],
    cpu: [],
  });
  const main = arm('spawn → first app://windows read, --all-apps (goal < 800 ms)', ['--all-apps'], {
    ...env,
    NODE_COMPILE_CACHE: join(compileCaches, 'main'),
  });
  const arms: Arm[] = [main];
  runtimes.forEach((runtime, n) => {
    const on = { node: runtime.path };
    const cacheEnv = { ...env, NODE_COMPILE_CACHE: join(compileCaches, String(n)) };
    if (n > 0) arms.push(arm(`the same on Node ${runtime.version}${runtime.compileCache ? ', compile cache on' : ''}`, ['--all-apps'], cacheEnv, on));
    if (runtime.compileCache)
      arms.push(arm(`the same on Node ${runtime.version}, compile cache off (reference)`, ['--all-apps'], { ...env, NODE_DISABLE_COMPILE_CACHE: '1' }, on));
  });
  if (process.env.NODE_EXTRA_CA_CERTS)
    arms.push(arm("the same without this machine's NODE_EXTRA_CA_CERTS (as a client's own environment)", ['--all-apps'], withoutExtraCerts(main.env)));
  const baseline = process.env.BENCH_BASELINE_CLI;
  if (baseline)
    runtimes.forEach((runtime, n) =>
      arms.push(
        arm(
          `the same, an earlier build (BENCH_BASELINE_CLI) on Node ${runtime.version} (reference)`,
          ['--all-apps'],
          { ...env, NODE_COMPILE_CACHE: join(compileCaches, `baseline-${n}`) },
          { cli: baseline, node: runtime.path },
        ),
      ),
    );
  arms.push(arm('the same, unbundled: tsc modules (reference)', ['--all-apps'], main.env, { cli: unbundledCli }));
  arms.push(arm('spawn → first app://windows read, --demo (reference)', ['--demo'], main.env));
  // Warm the file cache, and write each arm's compile cache (a first start, which every later one reuses).
  for (const each of arms) await firstRead(each.args, each.env, each.options);
  const marks: Milestones[] = [];
  const node: number[] = [];
  const nodeNoCerts: number[] = [];
  const py: number[] = [];
  let windows = 0;
  let pyApps = 0;
  for (let i = 0; i < RUNS; i++) {
    for (const each of arms) {
      const run = await firstRead(each.args, each.env, { ...each.options, milestones: each === main });
      each.wall.push(run.ms);
      each.cpu.push(run.cpu);
      if (each === main) {
        if (run.milestones) marks.push(run.milestones);
        windows = run.windows;
      }
    }
    node.push(bareNode());
    if (process.env.NODE_EXTRA_CA_CERTS) nodeNoCerts.push(bareNode(withoutExtraCerts(process.env)));
    const pyRun = pyatspiRead(env);
    py.push(pyRun.ms);
    pyApps = pyRun.apps;
  }
  const second: Array<Awaited<ReturnType<typeof twoClients>>> = [];
  for (let i = 0; i < Math.min(RUNS, 5); i++) second.push(await twoClients(['--all-apps'], env, 2000));
  const demoTwo = await twoClients(['--demo'], env, 1000);
  const bare = await bareNodeRss();
  const med = (values: number[]) => summarise(values).median;
  const ratio = (value: number, reference: number) => `${(value / reference).toFixed(1)}×`;
  const load = `load average ${loadBefore.toFixed(1)} at the start, ${(loadavg()[0] as number).toFixed(1)} at the end, ${cpus().length} CPUs`;

  console.log(
    `Start-up and memory, serve --all-apps with 5 apps (gedit, calculator, 3 zenity; ${windows} windows; pyatspi saw ${pyApps} apps), Node ${process.version} (module compile cache: ${runtimes[0]?.compileCache ? 'yes' : 'no'}), ${load}\n`,
  );
  const startRow = (measure: string, values: number[], cpu?: number[]) => ({
    measure,
    median: ms(med(values)),
    min: ms(summarise(values).min),
    'server CPU': cpu ? ms(med(cpu)) : '',
    '÷ node -e': ratio(med(values), med(node)),
    '÷ pyatspi': ratio(med(values), med(py)),
    n: values.length,
  });
  console.log(
    table([
      ...arms.map((each) => startRow(each.name, each.wall, each.cpu)),
      ...(nodeNoCerts.length > 0 ? [startRow("node -e '' without NODE_EXTRA_CA_CERTS (reference)", nodeNoCerts)] : []),
      startRow("node -e '', spawn → exit (reference)", node),
      startRow('pyatspi full read of the same desktop, spawn → exit (reference)', py),
    ]),
  );
  console.log('');
  const at = (m: Milestones, name: string | null, key: 'ms' | 'cpuMs') => (name === null ? 0 : (m[name]?.[key] ?? Number.NaN));
  console.log(
    table(
      SEGMENTS.map(([from, to, what]) => ({
        'serve --all-apps: where the time goes (server milestones)': what,
        'wall ms': med(marks.map((m) => at(m, to, 'ms') - at(m, from, 'ms'))).toFixed(0),
        'CPU ms': med(marks.map((m) => at(m, to, 'cpuMs') - at(m, from, 'cpuMs'))).toFixed(0),
        n: marks.length,
      })),
    ),
  );
  console.log('');
  const firstReads = second.map((s) => s.firstRead);
  const readRow = (measure: string, values: number[]) => ({
    measure,
    median: ms(med(values)),
    min: ms(summarise(values).min),
    '÷ first client': ratio(med(values), med(firstReads)),
    n: values.length,
  });
  console.log(
    table([
      readRow(
        'second client: its first read, at the client (goal < 5 ms)',
        second.map((s) => s.secondRead),
      ),
      readRow(
        'a third client without a client library (node:http): its first read',
        second.map((s) => s.rawRead),
      ),
      readRow(
        'second client: connect (initialize) + first read',
        second.map((s) => s.secondConnect + s.secondRead),
      ),
      readRow('first client: its first read (reference)', firstReads),
      readRow(
        'second client: its first read, inside the server (arrival → response sent)',
        second.map((s) => s.served[1]),
      ),
      readRow(
        'a third client (node:http): its first read, inside the server',
        second.map((s) => s.served[2]),
      ),
      readRow(
        'first client: its first read, inside the server (reference)',
        second.map((s) => s.served[0]),
      ),
    ]),
  );
  console.log('');
  const rssRow = (process: string, rss: number) => ({ process, 'RSS MB': rss.toFixed(1), '÷ node -e idle': ratio(rss, bare) });
  console.log(
    table([
      rssRow('serve --all-apps, 5 apps, after 2 clients read (goal ≤ 100 MB)', med(second.map((s) => s.rss))),
      rssRow('serve --demo, after 2 clients read (reference)', demoTwo.rss),
      rssRow('node -e, idle (reference)', bare),
    ]),
  );
} finally {
  await desktop.stop();
  rmSync(UNBUNDLED, { recursive: true, force: true });
  rmSync(compileCaches, { recursive: true, force: true });
}
