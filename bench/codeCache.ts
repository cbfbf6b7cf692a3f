/**
 * A/B: what Node's module compile cache (module.enableCompileCache, Node 22.1+, turned on by
 * src/cli.ts) does to spawn → first `app://windows` read of the built `serve --demo` over stdio
 * (no desktop needed: the CLI's own start-up, which is what the cache serves). For this Node and
 * each binary in BENCH_NODES (comma-separated; the npm packages node@22, node@24), interleaved
 * in each round:
 *  - the cache warm: a private NODE_COMPILE_CACHE folder written by an earlier run (every start
 *    after the first);
 *  - the cache cold: a new empty folder each run (the first start: it compiles and writes);
 *  - the cache off (NODE_DISABLE_COMPILE_CACHE=1; reference).
 * A Node without the cache (20) runs only the last arm. Wall time and the server's CPU time (/proc).
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { cpuMs, stdioServeFirstRead } from './serveProcess.js';
import { ms, summarise, table } from './stats.js';

const RUNS = Number(process.env.BENCH_ROUNDS ?? 9);

interface Arm {
  name: string;
  node: string;
  env: () => NodeJS.ProcessEnv;
  wall: number[];
  cpu: number[];
  /** The arm every other of the same Node is divided by. */
  reference?: Arm;
}

const folders = mkdtempSync(join(tmpdir(), 'gui-bridge-bench-compile-cache-'));
let fresh = 0;

async function round(arm: Arm): Promise<void> {
  const { client, pid, ms: wall } = await stdioServeFirstRead([], ['--demo'], arm.env(), 'bench-compile-cache', { node: arm.node });
  arm.cpu.push(cpuMs(pid));
  arm.wall.push(wall);
  await client.close();
}

try {
  const arms: Arm[] = [];
  for (const node of [process.execPath, ...(process.env.BENCH_NODES ?? '').split(',').filter(Boolean)]) {
    const out = execFileSync(node, ['-p', "process.version + ' ' + typeof require('node:module').enableCompileCache"], { encoding: 'utf8' }).trim();
    const [version, kind] = out.split(' ');
    const off: Arm = {
      name: `Node ${version}, compile cache off (reference)`,
      node,
      env: () => ({ ...process.env, NODE_DISABLE_COMPILE_CACHE: '1' }),
      wall: [],
      cpu: [],
    };
    off.reference = off;
    if (kind === 'function') {
      const warm = join(folders, `warm-${arms.length}`);
      arms.push({
        name: `Node ${version}, compile cache warm`,
        node,
        env: () => ({ ...process.env, NODE_COMPILE_CACHE: warm }),
        wall: [],
        cpu: [],
        reference: off,
      });
      arms.push({
        name: `Node ${version}, compile cache cold (first start)`,
        node,
        env: () => ({ ...process.env, NODE_COMPILE_CACHE: join(folders, `cold-${fresh++}`) }),
        wall: [],
        cpu: [],
        reference: off,
      });
    } else {
      off.name = `Node ${version}, no compile cache in this Node`;
    }
    arms.push(off);
  }
  const loadBefore = loadavg()[0] as number;
  for (const arm of arms) await round({ ...arm, wall: [], cpu: [] }); // the file cache, and the warm arm's cache
  for (let i = 0; i < RUNS; i++) for (const arm of arms) await round(arm);
  const med = (values: number[]) => summarise(values).median;
  console.log(
    `Node's module compile cache, serve --demo, spawn → first app://windows read over stdio, load average ${loadBefore.toFixed(1)} at the start, ${(loadavg()[0] as number).toFixed(1)} at the end, ${cpus().length} CPUs\n`,
  );
  console.log(
    table(
      arms.map((arm) => ({
        arm: arm.name,
        'spawn → read': ms(med(arm.wall)),
        min: ms(summarise(arm.wall).min),
        '÷ cache off': `${(med(arm.wall) / med((arm.reference ?? arm).wall)).toFixed(2)}×`,
        'server CPU': ms(med(arm.cpu)),
        'CPU ÷ cache off': `${(med(arm.cpu) / med((arm.reference ?? arm).cpu)).toFixed(2)}×`,
        n: arm.wall.length,
      })),
    ),
  );
} finally {
  rmSync(folders, { recursive: true, force: true });
}
