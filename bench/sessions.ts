/**
 * What HTTP sessions cost and whether one client can starve another.
 * The built `gui-bridge serve --demo --http 0` runs as a child process; its RSS is read from
 * /proc. Reference measured in the same run: the server's RSS before any extra session, and the
 * light client's latency when it is alone.
 *  - RSS per idle session: N plain sessions opened and left idle (under the cap).
 *  - RSS after many sessions under the cap: 10 × cap initializations, each carrying 60 KB of
 *    capabilities (just under the 64 KB body limit); the cap evicts idle sessions and only the
 *    capabilities the server reads are kept.
 *  - Fairness: a light client's edit_field p99 alone, then while a heavy client (its own
 *    process, so its client-side work does not slow the light one) keeps 64 load_rows calls in
 *    flight (round-robin queue between sessions).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { request } from 'node:http';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { startHttpServe } from './serveProcess.js';
import { ms, summarise, table } from './stats.js';

const CAP = 100;
const IDLE_SESSIONS = 100;
const FLOOD_SESSIONS = CAP * 5;
const LIGHT_CALLS = Number(process.env.BENCH_ITERATIONS ?? 200);
const HEAVY_IN_FLIGHT = 64;

function rssKb(pid: number): number {
  const line =
    readFileSync(`/proc/${pid}/status`, 'utf8')
      .split('\n')
      .find((l) => l.startsWith('VmRSS:')) ?? '';
  return Number(/(\d+)/.exec(line)?.[1] ?? 0);
}

function post(port: number, body: string, headers: Record<string, string> = {}): Promise<{ status: number; session?: string }> {
  return new Promise((done, fail) => {
    const req = request(
      {
        host: '127.0.0.1',
        port,
        path: '/mcp',
        method: 'POST',
        agent: false,
        headers: { host: `127.0.0.1:${port}`, 'content-type': 'application/json', accept: 'application/json, text/event-stream', ...headers },
      },
      (res) => {
        res.resume();
        res.on('end', () => done({ status: res.statusCode ?? 0, session: res.headers['mcp-session-id'] as string | undefined }));
      },
    );
    req.on('error', fail);
    req.end(body);
  });
}

async function openSession(port: number, capabilities: Record<string, unknown> = {}): Promise<void> {
  const init = {
    jsonrpc: '2.0',
    id: 1,
    method: 'initialize',
    params: { protocolVersion: '2025-06-18', capabilities, clientInfo: { name: 'bench', version: '1' } },
  };
  const res = await post(port, JSON.stringify(init));
  if (res.status !== 200 || !res.session) throw new Error(`initialize → ${res.status}`);
  await post(port, JSON.stringify({ jsonrpc: '2.0', method: 'notifications/initialized' }), {
    'mcp-session-id': res.session,
    'mcp-protocol-version': '2025-06-18',
  });
}

async function startServer(): Promise<{ child: ChildProcess; url: string; port: number }> {
  const { child, url } = await startHttpServe(['--demo', '--max-sessions', String(CAP), '--log-level', 'error']);
  return { child, url: url.href, port: Number(url.port) };
}

async function connect(url: string): Promise<Client> {
  const client = new Client({ name: 'bench', version: '1' });
  await client.connect(new StreamableHTTPClientTransport(new URL(url)));
  await client.listTools();
  return client;
}

const settle = () => new Promise((r) => setTimeout(r, 1000));

async function lightLatencies(light: Client): Promise<number[]> {
  const samples: number[] = [];
  for (let i = 0; i < LIGHT_CALLS; i++) {
    const start = performance.now();
    await light.callTool({ name: 'w1__edit_field', arguments: { field: 'recipient', value: `R${i}` } });
    samples.push(performance.now() - start);
  }
  return samples;
}

/** The heavy client, in its own process: keeps HEAVY_IN_FLIGHT calls in flight until SIGTERM. */
async function runHeavy(url: string): Promise<void> {
  const heavy = await connect(url);
  let stop = false;
  let done = 0;
  process.once('SIGTERM', () => void (stop = true));
  const lanes = Array.from({ length: HEAVY_IN_FLIGHT }, async (_, lane) => {
    for (let first = true; !stop; first = false) {
      await heavy.callTool({ name: 'w2__load_rows', arguments: { offset: (lane * 7) % 1000, limit: 50 } });
      done++;
      if (first && lane === 0) process.stdout.write('flooding\n');
    }
  });
  await Promise.all(lanes);
  process.stdout.write(`done ${done}\n`);
  await heavy.close();
}

if (process.argv[2] === '--heavy') {
  await runHeavy(process.argv[3] as string);
  process.exit(0);
}

const { child, url, port } = await startServer();
const pid = child.pid as number;
try {
  const warm = await connect(url);
  await lightLatencies(warm); // warm-up
  await warm.close();
  await settle();
  const baseline = rssKb(pid);
  for (let i = 0; i < IDLE_SESSIONS; i++) await openSession(port);
  await settle();
  const idle = rssKb(pid);
  const blob = { experimental: { blob: { data: 'x'.repeat(60 * 1024) } } };
  for (let i = 0; i < FLOOD_SESSIONS; i++) await openSession(port, blob);
  await settle();
  const flooded = rssKb(pid);

  // Fresh sessions: the flood above evicted every idle one, as designed.
  const light = await connect(url);
  await lightLatencies(light); // warm-up
  const alone = summarise(await lightLatencies(light));
  const heavy = spawn(process.execPath, ['--import', 'tsx', import.meta.filename, '--heavy', url], { stdio: ['ignore', 'pipe', 'inherit'] });
  await new Promise<void>((ready) => heavy.stdout?.once('data', () => ready()));
  const contended = summarise(await lightLatencies(light));
  const heavyDone = new Promise<string>((done) => {
    let out = '';
    heavy.stdout?.on('data', (c: Buffer) => (out += c.toString()));
    heavy.on('exit', () => done(out));
  });
  heavy.kill('SIGTERM');
  const heavyCalls = Number(/done (\d+)/.exec(await heavyDone)?.[1] ?? 0);
  await light.close();

  console.log(`HTTP sessions and fairness on the demo app (cap ${CAP} sessions, Node ${process.version})\n`);
  console.log(
    table([
      { measure: 'server RSS before extra sessions (ref)', value: `${(baseline / 1024).toFixed(1)} MB` },
      { measure: `RSS per idle session (${IDLE_SESSIONS} sessions)`, value: `${((idle - baseline) / IDLE_SESSIONS).toFixed(1)} KB` },
      {
        measure: `RSS after ${FLOOD_SESSIONS} initializes × 60 KB capabilities (cap ${CAP})`,
        value: `${(flooded / 1024).toFixed(1)} MB (${(flooded / baseline).toFixed(2)}× ref)`,
      },
    ]),
  );
  console.log('');
  console.log(
    table([
      { 'light client edit_field': 'alone (ref)', median: ms(alone.median), p99: ms(alone.p99), 'p99 / ref': '1.0' },
      {
        'light client edit_field': `while a heavy client keeps ${HEAVY_IN_FLIGHT} load_rows in flight (${heavyCalls} done)`,
        median: ms(contended.median),
        p99: ms(contended.p99),
        'p99 / ref': (contended.p99 / alone.p99).toFixed(1),
      },
    ]),
  );
} finally {
  if (child.exitCode !== null) console.error(`the server exited with ${child.exitCode}`);
  child.kill('SIGTERM');
}
