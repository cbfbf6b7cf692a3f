/**
 * A/B: does V8's code cache for the bundle's chunks (src/util/chunkCodeCache.ts)
 * shorten spawn → first read of `serve --all-apps` with 5 apps? Three arms, interleaved in each
 * round on one live desktop (gedit, the calculator, 3 zenity dialogs), the server over stdio:
 *  - the build as shipped, its code cache written by an earlier run (what every start after the
 *    first one does);
 *  - the same build with the cache off (GUI_BRIDGE_CODE_CACHE=0): what the first start does;
 *  - the reference: the same sources bundled as ES modules only, without chunk scripts
 *    (scripts/bundle.mjs with GUI_BRIDGE_BUNDLE_SCRIPTS=0 into dist/ab-esm), as before.
 * Wall time to the answer, the server's CPU time then (/proc) and its milestones (debug log).
 */
import { execFileSync } from 'node:child_process';
import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { desktopProcessEnv, openDesktop } from '../src/platform/linux/desktop/index.js';
import { cpuMs, stdioServeFirstRead, type Milestones } from './serveProcess.js';
import { ms, summarise, table } from './stats.js';

const RUNS = Number(process.env.BENCH_ROUNDS ?? 9);
const DISPLAY = process.env.BENCH_DISPLAY ? Number(process.env.BENCH_DISPLAY) : undefined;
const ROOT = fileURLToPath(new URL('..', import.meta.url));
/** Inside the repository: the copy's chunks import its node_modules. */
const ESM_ONLY = join(ROOT, 'dist/ab-esm');
const ZENITY = [
  ['--question', '--text=One'],
  ['--entry', '--text=Two'],
  ['--list', '--column=N', 'a', 'b', 'c'],
];

/** The built dist/src again, its chunks left as ES modules: the reference arm's CLI. */
function buildEsmOnly(): string {
  rmSync(ESM_ONLY, { recursive: true, force: true });
  cpSync(join(ROOT, 'dist/src'), join(ESM_ONLY, 'src'), { recursive: true });
  execFileSync(process.execPath, [join(ROOT, 'scripts/bundle.mjs')], {
    env: { ...process.env, GUI_BRIDGE_BUNDLE_OUT: join(ESM_ONLY, 'src'), GUI_BRIDGE_BUNDLE_SCRIPTS: '0' },
    stdio: 'inherit',
  });
  return join(ESM_ONLY, 'src/cli.js');
}

interface Arm {
  name: string;
  cli?: string;
  env: NodeJS.ProcessEnv;
  wall: number[];
  cpu: number[];
  marks: Milestones[];
}

async function round(arm: Arm): Promise<void> {
  const {
    client,
    pid,
    ms: wall,
    milestones,
  } = await stdioServeFirstRead([], ['--all-apps'], arm.env, 'bench-code-cache', {
    milestones: true,
    ...(arm.cli ? { cli: arm.cli } : {}),
  });
  arm.cpu.push(cpuMs(pid));
  arm.wall.push(wall);
  if (milestones) arm.marks.push(milestones);
  await client.close(); // serve saves its code cache as it stops (the first time)
}

const cacheHome = mkdtempSync(join(tmpdir(), 'gui-bridge-code-cache-'));
const desktop = await openDesktop({ apps: ['gedit', 'gnome-calculator'], ...(DISPLAY ? { display: DISPLAY } : {}) });
try {
  for (const args of ZENITY) await desktop.launch('zenity', args);
  const env = { ...desktopProcessEnv(desktop.env), XDG_CACHE_HOME: cacheHome };
  const esmOnly = buildEsmOnly();
  const arms: Arm[] = [
    { name: 'chunk scripts, code cache from an earlier run', env, wall: [], cpu: [], marks: [] },
    { name: 'chunk scripts, no code cache (GUI_BRIDGE_CODE_CACHE=0)', env: { ...env, GUI_BRIDGE_CODE_CACHE: '0' }, wall: [], cpu: [], marks: [] },
    { name: 'ES module chunks only (reference: before)', cli: esmOnly, env, wall: [], cpu: [], marks: [] },
  ];
  const loadBefore = loadavg()[0] as number;
  // Warm the file cache of every arm; the first run of the shipped build writes its code cache.
  for (const arm of arms) await round({ ...arm, wall: [], cpu: [], marks: [] });
  for (let i = 0; i < RUNS; i++) for (const arm of arms) await round(arm);
  const med = (values: number[]) => summarise(values).median;
  const reference = arms[2] as Arm;
  const at = (m: Milestones, name: string) => m[name]?.ms ?? Number.NaN;
  console.log(
    `Code cache A/B, serve --all-apps with 5 apps, spawn → first app://windows read over stdio, Node ${process.version}, load average ${loadBefore.toFixed(1)} at the start, ${(loadavg()[0] as number).toFixed(1)} at the end, ${cpus().length} CPUs\n`,
  );
  console.log(
    table(
      arms.map((arm) => ({
        arm: arm.name,
        'spawn → read': ms(med(arm.wall)),
        min: ms(summarise(arm.wall).min),
        '÷ reference': `${(med(arm.wall) / med(reference.wall)).toFixed(2)}×`,
        'server CPU': ms(med(arm.cpu)),
        'CPU ÷ reference': `${(med(arm.cpu) / med(reference.cpu)).toFixed(2)}×`,
        'serve runs (ms)': med(arm.marks.map((m) => at(m, 'main'))).toFixed(0),
        'source open (ms)': med(arm.marks.map((m) => at(m, 'sourceOpen'))).toFixed(0),
        'first read done (ms)': med(arm.marks.map((m) => at(m, 'firstRead'))).toFixed(0),
        n: arm.wall.length,
      })),
    ),
  );
} finally {
  await desktop.stop();
  rmSync(ESM_ONLY, { recursive: true, force: true });
  rmSync(cacheHome, { recursive: true, force: true });
}
