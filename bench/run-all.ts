/**
 * Runs every benchmark script in bench/ one after another (never in parallel: the machine is
 * small and noisy), prints their output, and writes each script's output into the section of
 * docs/*.md between `<!-- bench:NAME -->` and `<!-- /bench:NAME -->` (docs/benchmarks.md, or
 * wherever such a section already is: the toolkit matrices live in docs/toolkits.md). A script
 * without a section gets one at the end of docs/benchmarks.md. Each section starts with when and
 * where it was measured: date, machine (CPU model, cores, memory), Node version, load average
 * before and after. `--print` only prints; names (`startup`, `protocol`) run only those scripts.
 */
import { spawnSync } from 'node:child_process';
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, totalmem } from 'node:os';
import { join, resolve } from 'node:path';

const ROOT = resolve(import.meta.dirname, '..');
const DOCS = join(ROOT, 'docs');
const BENCHMARKS = 'benchmarks.md';
const SKIP = new Set(['run-all.ts', 'stats.ts', 'toolkitRows.ts', 'atspiApps.ts', 'serveProcess.ts', 'noiseRuns.ts']);
const only = process.argv.slice(2).filter((a) => !a.startsWith('--'));
const write = !process.argv.includes('--print');

const scripts = readdirSync(join(ROOT, 'bench'))
  .filter((f) => f.endsWith('.ts') && !SKIP.has(f))
  .filter((f) => only.length === 0 || only.includes(f.replace(/\.ts$/, '')))
  .sort();

const docs = new Map(
  readdirSync(DOCS)
    .filter((f) => f.endsWith('.md'))
    .map((f) => [f, readFileSync(join(DOCS, f), 'utf8')]),
);

/** The section of `name`, in whichever docs file has it. */
const sectionOf = (name: string) => new RegExp(`(<!-- bench:${name} -->\\n)[\\s\\S]*?(\\n<!-- /bench:${name} -->)`);

/** When and where: the line each written section starts with. */
function measuredOn(loadBefore: number): string {
  const cpu = cpus()[0]?.model.replace(/\s+/g, ' ').trim() ?? 'unknown CPU';
  const date = new Date().toISOString().replace(/T(\d\d:\d\d).*/, ' $1 UTC');
  const memory = `${Math.round(totalmem() / 2 ** 30)} GB`;
  return `_Measured ${date}: ${cpu}, ${cpus().length} CPUs, ${memory}, Node ${process.version}, load average ${loadBefore.toFixed(1)} before, ${(loadavg()[0] as number).toFixed(1)} after._\n\n`;
}

let failed = 0;
for (const script of scripts) {
  const name = script.replace(/\.ts$/, '');
  process.stdout.write(`\n## bench/${script}\n`);
  const loadBefore = loadavg()[0] as number;
  const run = spawnSync(process.execPath, ['--import', 'tsx', join('bench', script)], { cwd: ROOT, encoding: 'utf8', stdio: ['ignore', 'pipe', 'inherit'] });
  process.stdout.write(run.stdout);
  if (run.status !== 0) {
    failed++;
    process.stdout.write(`(exit code ${run.status})\n`);
    continue;
  }
  if (!write) continue;
  const text = `${measuredOn(loadBefore)}${run.stdout.trim()}`;
  const file = [...docs.keys()].find((f) => sectionOf(name).test(docs.get(f) as string));
  if (file)
    docs.set(
      file,
      (docs.get(file) as string).replace(sectionOf(name), (_, open: string, close: string) => `${open}${text}${close}`),
    );
  else
    docs.set(
      BENCHMARKS,
      `${(docs.get(BENCHMARKS) ?? '# Benchmarks\n').trimEnd()}\n\n## bench/${script}\n\n<!-- bench:${name} -->\n${text}\n<!-- /bench:${name} -->\n`,
    );
  writeFileSync(join(DOCS, file ?? BENCHMARKS), docs.get(file ?? BENCHMARKS) as string);
}
process.exitCode = failed > 0 ? 1 : 0;
