/**
 * RSS: what a smaller V8 young generation saves and costs on a large read, A/B interleaved in the
 * same run. `serve` changes no V8 flag itself (docs/decisions/startup-standard-means.md); a user
 * who wants the smaller heap starts Node with Node's documented `--max-semi-space-size` (MB), on
 * the command line or in NODE_OPTIONS. A live desktop with a zenity list of 10,000 rows (every row
 * read) and gedit; `serve --all-apps` over stdio: spawn → first `app://windows` read answered, the
 * server's CPU time then, and its RSS after the read; then every row through load_rows (its time,
 * CPU and the RSS after). Reference: Node's defaults.
 */
import { cpus, loadavg } from 'node:os';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { desktopProcessEnv, openDesktop } from '../src/platform/linux/desktop/index.js';
import { cpuMs, PATIENT, rssMb, stdioServeFirstRead } from './serveProcess.js';
import { ms, summarise, table } from './stats.js';

const RUNS = Number(process.env.BENCH_ROUNDS ?? 5);
const ROWS = Number(process.env.BENCH_ROWS ?? 10_000);
/** The user's choice measured: semi-spaces of at most 1 MB (Node 20's default is 16 MB). */
const SMALL_FLAG = '--max-semi-space-size=1';
const DISPLAY = process.env.BENCH_DISPLAY ? Number(process.env.BENCH_DISPLAY) : undefined;

function proc(pid: number): { cpu: number; rss: number } {
  return { cpu: cpuMs(pid), rss: rssMb(pid) };
}

/** Every row of the big list through load_rows (500 a call): the reads that allocate most. */
async function allRows(client: Client): Promise<number> {
  const tool = (await client.listTools(undefined, PATIENT)).tools.find((t) => t.name.endsWith('load_rows'));
  if (!tool) throw new Error('no load_rows tool: the big list is not cut');
  const table = (tool.inputSchema.properties?.table as { enum?: string[] } | undefined)?.enum?.[0];
  let rows = 0;
  for (let offset = 0; offset < ROWS; offset += 500) {
    const out = await client.callTool({ name: tool.name, arguments: { table, offset, limit: 500 } }, undefined, PATIENT);
    if (out.isError) throw new Error(JSON.stringify(out.content).slice(0, 300));
    const result = out.structuredContent as { rows?: unknown[]; result?: { rows?: unknown[] } } | undefined;
    rows += (result?.rows ?? result?.result?.rows ?? []).length;
  }
  return rows;
}

async function bigRead(nodeArgs: string[], env: NodeJS.ProcessEnv) {
  const { client, pid, ms: elapsed, text } = await stdioServeFirstRead(nodeArgs, ['--all-apps'], env, 'bench-young-gen');
  const after = proc(pid);
  const rowsStart = performance.now();
  const rows = await allRows(client);
  const rowsMs = performance.now() - rowsStart;
  const end = proc(pid);
  await client.close();
  return { ms: elapsed, cpu: after.cpu, rss: after.rss, bytes: text.length, rows, rowsMs, rowsCpu: end.cpu - after.cpu, rssEnd: end.rss };
}

const rows = Array.from({ length: ROWS }, (_, i) => `row ${i}`);
const desktop = await openDesktop({ apps: ['gedit'], ...(DISPLAY ? { display: DISPLAY } : {}) });
try {
  await desktop.launch('zenity', ['--list', '--column=N', ...rows]);
  const env = desktopProcessEnv(desktop.env);
  const loadBefore = loadavg()[0] as number;
  await bigRead([], env); // warm the file cache and the applications' caches
  const arms = { small: [] as Array<Awaited<ReturnType<typeof bigRead>>>, standard: [] as Array<Awaited<ReturnType<typeof bigRead>>> };
  for (let i = 0; i < RUNS; i++) {
    arms.small.push(await bigRead([SMALL_FLAG], env));
    arms.standard.push(await bigRead([], env));
  }
  const med = (values: number[]) => summarise(values).median;
  const ref = arms.standard;
  const row = (arm: string, runs: typeof ref) => ({
    arm,
    'spawn → read': ms(med(runs.map((r) => r.ms))),
    'server CPU': ms(med(runs.map((r) => r.cpu))),
    'CPU ÷ default': `${(med(runs.map((r) => r.cpu)) / med(ref.map((r) => r.cpu))).toFixed(2)}×`,
    'RSS MB': med(runs.map((r) => r.rss)).toFixed(1),
    'RSS ÷ default': `${(med(runs.map((r) => r.rss)) / med(ref.map((r) => r.rss))).toFixed(2)}×`,
    [`all ${ROWS} rows (load_rows)`]: ms(med(runs.map((r) => r.rowsMs))),
    'their CPU': ms(med(runs.map((r) => r.rowsCpu))),
    'CPU ÷ default ': `${(med(runs.map((r) => r.rowsCpu)) / med(ref.map((r) => r.rowsCpu))).toFixed(2)}×`,
    'RSS MB then': med(runs.map((r) => r.rssEnd)).toFixed(1),
    n: runs.length,
  });
  const load = `load average ${loadBefore.toFixed(1)} at the start, ${(loadavg()[0] as number).toFixed(1)} at the end, ${cpus().length} CPUs`;
  console.log(
    `Young generation A/B: serve --all-apps, gedit + zenity list of ${ROWS} rows (${arms.small[0]?.bytes ?? 0} bytes of app://windows, ${arms.small[0]?.rows ?? 0} rows read), Node ${process.version}, ${load}\n`,
  );
  console.log(table([row(`node ${SMALL_FLAG} (a user's start-up flag)`, arms.small), row("Node's defaults (reference)", arms.standard)]));
} finally {
  await desktop.stop();
}
