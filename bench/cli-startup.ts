/**
 * How long the CLI takes to answer `--version` (what a client spawning it pays before
 * anything else), against bare Node started the same way in the same run, interleaved. Also
 * `serve --help` (loads the serve command and its option parsing, not the bridge).
 * Target: `--version` under 150 ms.
 */
import { spawnSync } from 'node:child_process';
import { join, resolve } from 'node:path';
import { ms, summarise, table } from './stats.js';

const ROOT = resolve(import.meta.dirname, '..');
const CLI = join(ROOT, 'dist/src/cli.js');
const RUNS = 30;

const cases: Array<[string, string[]]> = [
  ['node -e 0 (reference)', ['-e', '0']],
  ['gui-bridge --version', [CLI, '--version']],
  ['gui-bridge serve --help', [CLI, 'serve', '--help']],
];

function once(args: string[]): number {
  const start = performance.now();
  const run = spawnSync(process.execPath, args, { stdio: 'ignore' });
  if (run.status !== 0) throw new Error(`${args.join(' ')} exited with ${run.status}`);
  return performance.now() - start;
}

const samples = cases.map(() => [] as number[]);
for (let i = 0; i < 3; i++) for (const [, args] of cases) once(args); // warm the file cache
for (let i = 0; i < RUNS; i++) cases.forEach(([, args], c) => samples[c]!.push(once(args)));

const reference = summarise(samples[0]!).median;
process.stdout.write(
  `${table(
    cases.map(([name], c) => {
      const s = summarise(samples[c]!);
      return {
        command: name,
        'median wall time': ms(s.median),
        min: ms(s.min),
        'vs node -e 0': `${(s.median / reference).toFixed(2)}×`,
        added: ms(s.median - reference),
      };
    }),
  )}\n\n${RUNS} runs each, interleaved, process spawn to exit (Node ${process.version}, ${process.platform}).\n`,
);
