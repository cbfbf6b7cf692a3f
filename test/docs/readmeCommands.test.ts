/**
 * Every command in the README's shell blocks works as written (the client snippets have their own
 * test, clientSnippets.test.ts). A README line no rule here covers fails the test, so a new command
 * cannot go unchecked:
 *  - `npm ci`, `npm test`, `npm run X`: npm's own or a script of package.json; `npm start` runs its
 *    serve command (on a free port), and a real SDK client reads app://windows from it, and the
 *    owner's console answers;
 *  - `gui-bridge serve …`, `gui-bridge snapshot …`: run from the build with the desktop source
 *    replaced by the demo (demoSource.ts); serve is read by a real SDK client over stdio or HTTP;
 *  - `gui-bridge desktop …`: checked by the command's own parser, with a private state folder
 *    (`up` with `--help`, which parses every flag but starts nothing; test/live/readmeDesktop.test.ts
 *    runs the blocks on a real headless desktop).
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, describe, expect, test } from 'vitest';
import { withDemoSource } from './demoSource.js';
import { readmeCommands } from './readmeShell.js';
import { CLI, serveAndRead } from './serveRead.js';

const ROOT = resolve(import.meta.dirname, '../..');
const README = readFileSync(join(ROOT, 'README.md'), 'utf8');
const SCRIPTS = (JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { scripts: Record<string, string> }).scripts;
const desktops = mkdtempSync(join(tmpdir(), 'gui-bridge-readme-desktops-'));
afterAll(() => rmSync(desktops, { recursive: true, force: true }));

/** The CLI run to its end with a private desktop state folder: exit code and output. */
function cli(args: string[]): { status: number | null; stdout: string; stderr: string } {
  const run = spawnSync(process.execPath, [CLI, ...args], { encoding: 'utf8', env: { ...process.env, GUI_BRIDGE_DESKTOPS_DIR: desktops } });
  return { status: run.status, stdout: run.stdout, stderr: run.stderr };
}

const commands = readmeCommands(README);

describe("the README's commands", () => {
  test('are found (the README has its set-up, serving and desktop blocks)', () => {
    expect(commands.map((c) => c.words.slice(0, 2).join(' '))).toEqual(
      expect.arrayContaining(['npm ci', 'npm start', 'gui-bridge serve', 'gui-bridge desktop', 'gui-bridge snapshot']),
    );
  });

  test.each(commands.map((c) => [c.line, c.words] as const))('%s', async (_line, words) => {
    const [program, command, ...rest] = words;
    if (program === 'npm') {
      if (command === 'ci') return expect(readFileSync(join(ROOT, 'package-lock.json'), 'utf8').length).toBeGreaterThan(0);
      const script = command === 'run' ? rest[0] : command;
      expect(Object.keys(SCRIPTS), `npm ${command}`).toContain(script);
      if (command !== 'start') return;
      // npm start: build, then the serve command after it; the build is the one this test run has.
      const serve = /node dist\/src\/cli\.js (serve .*)$/.exec(SCRIPTS.start ?? '')?.[1]?.split(' ');
      expect(serve, 'npm start runs serve').toBeDefined();
      const read = await serveAndRead(serve as string[]);
      expect(read.operableWindowIds).toContain('w1');
      expect(read.consoleStatus).toBe(200);
      return;
    }
    expect(program).toBe('gui-bridge');
    if (command === 'serve') {
      const read = await serveAndRead(['serve', ...withDemoSource(rest)]);
      return expect(read.operableWindowIds).toContain('w1');
    }
    if (command === 'snapshot') {
      const run = cli(['snapshot', ...withDemoSource(rest)]);
      expect(run.stderr).toBe('');
      return expect((JSON.parse(run.stdout) as { operableWindowIds: string[] }).operableWindowIds).toContain('w1');
    }
    expect(command, 'a README command no rule of this test covers').toBe('desktop');
    const sub = rest[0] as string;
    // up parses every flag with --help and starts nothing; the others run on an empty state folder.
    const run = cli(['desktop', ...rest, ...(sub === 'up' ? ['--help'] : [])]);
    expect(run.stderr, `desktop ${rest.join(' ')}`).not.toMatch(/see --help/);
    if (sub === 'up') expect(run.status).toBe(0);
    else expect(run.status === 0 || /no desktop/.test(run.stdout + run.stderr)).toBe(true);
  });
});
