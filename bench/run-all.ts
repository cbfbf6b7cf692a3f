/**
 * Runs every benchmark script in bench/ one after another (never in parallel: the machine is
 * small and noisy) and prints their output. With --write-readme, each script's output replaces
 * the README section between `<!-- bench:NAME -->` and `<!-- /bench:NAME -->`.
 */
import { spawnSync } from 'node:child_process';
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';

const ROOT = resolve(import.meta.dirname, '..');
const SKIP = new Set(['run-all.ts', 'stats.ts', 'toolkitRows.ts', 'atspiApps.ts']);
const only = process.argv.slice(2).filter((a) => !a.startsWith('--'));
const writeReadme = process.argv.includes('--write-readme');

const scripts = readdirSync(join(ROOT, 'bench'))
  .filter((f) => f.endsWith('.ts') && !SKIP.has(f))
  .filter((f) => only.length === 0 || only.includes(f.replace(/\.ts$/, '')))
  .sort();

let readme = readFileSync(join(ROOT, 'README.md'), 'utf8');
let failed = 0;
for (const script of scripts) {
  const name = script.replace(/\.ts$/, '');
  process.stdout.write(`\n## bench/${script}\n`);
  const run = spawnSync(process.execPath, ['--import', 'tsx', join('bench', script)], { cwd: ROOT, encoding: 'utf8', stdio: ['ignore', 'pipe', 'inherit'] });
  process.stdout.write(run.stdout);
  if (run.status !== 0) {
    failed++;
    process.stdout.write(`(exit code ${run.status})\n`);
    continue;
  }
  const section = new RegExp(`(<!-- bench:${name} -->\\n)[\\s\\S]*?(\\n<!-- /bench:${name} -->)`);
  if (writeReadme && section.test(readme)) readme = readme.replace(section, `$1${run.stdout.trim()}$2`);
}
if (writeReadme) writeFileSync(join(ROOT, 'README.md'), readme);
process.exitCode = failed > 0 ? 1 : 0;
