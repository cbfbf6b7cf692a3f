/**
 * Against the packed tarball as an author installs it:
 * - the public entry points (`gui-bridge/translate`, `gui-bridge/testing`) ship with declarations,
 *   and deeper paths are not importable;
 * - the walkthrough of translators/README.md runs step by step: `translator new` from a recording
 *   of an app that is not in the repository, `npm install`, a passing `npm test`, an edit with
 *   `UPDATE_EXPECTED=1`, and `serve --translator` answering a real MCP client;
 * - the example external package (examples/galculator-translator) builds and passes its tests.
 */
import { execFileSync } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { npm, ROOT, sharedPack } from '../package/pack.js';

const work = mkdtempSync(join(tmpdir(), 'gui-bridge-sdk-'));
const EXAMPLE = join(ROOT, 'examples/galculator-translator');
const README = readFileSync(join(ROOT, 'translators/README.md'), 'utf8');
/** The walkthrough's shell block: every command this test runs must be written there. */
const WALKTHROUGH = /<!-- walkthrough -->\n```sh\n([\s\S]*?)```/.exec(README)?.[1] ?? '';
// The versions this repository builds with: installed from npm's cache, not the network.
const devVersion = (name: string) => (JSON.parse(readFileSync(join(ROOT, 'node_modules', name, 'package.json'), 'utf8')) as { version: string }).version;
const TOOLCHAIN = [`typescript@${devVersion('typescript')}`, `@types/node@${devVersion('@types/node')}`];
const ENV = { CI: '', UPDATE_EXPECTED: '' }; // the author's machine: CI refuses updates on purpose
/** `node --test`'s summary line: TAP (`# fail 0`) on Node 20 and 22, its spec reporter (`ℹ fail 0`) on Node 24. */
const NO_FAILURE = /^(?:# |ℹ )fail 0$/m;

let tarball = '';
let packed: string[] = [];

function install(folder: string): void {
  npm(['install', '--prefer-offline', '--no-audit', '--no-fund', '--save-dev', tarball, ...TOOLCHAIN], folder);
}

function cli(cwd: string, args: string[]): string {
  return execFileSync(process.execPath, [join(cwd, 'node_modules/gui-bridge/dist/src/cli.js'), ...args], {
    cwd,
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'pipe'],
  });
}

/** What a command that must fail printed (node:test reports on stdout). */
function failingOutput(run: () => unknown): string {
  try {
    run();
  } catch (error) {
    const { stdout, stderr } = error as { stdout?: string; stderr?: string };
    return `${stdout ?? ''}${stderr ?? ''}`;
  }
  throw new Error('the command passed');
}

function step(command: string): string {
  expect(WALKTHROUGH, `the walkthrough shows "${command}"`).toContain(command);
  return command;
}

async function connect(cwd: string, args: string[]): Promise<Client> {
  const transport = new StdioClientTransport({
    command: process.execPath,
    args: [join(cwd, 'node_modules/gui-bridge/dist/src/cli.js'), ...args],
    cwd,
    stderr: 'ignore',
  });
  const client = new Client({ name: 'walkthrough-test', version: '1.0.0' });
  await client.connect(transport);
  return client;
}

beforeAll(async () => {
  ({ tarball, packed } = await sharedPack()); // built once per run, shared with test/package/tarball.test.ts
}, 600_000); // a full TypeScript build on a shared 2-core machine

afterAll(() => rmSync(work, { recursive: true, force: true }), 300_000); // node_modules trees on a busy machine

describe('the public SDK entry points', () => {
  it('ship as JavaScript with declarations', () => {
    for (const entry of ['translate', 'testing']) {
      expect(packed).toEqual(expect.arrayContaining([`dist/src/sdk/${entry}.js`, `dist/src/sdk/${entry}.d.ts`]));
    }
  });
});

describe('the ten-minute walkthrough (translators/README.md)', () => {
  const author = join(work, 'author');
  const pkg = join(author, 'gui-bridge-translator-galculator');

  it('translator new makes a package that passes its own test out of the box', () => {
    mkdirSync(join(author, 'galculator'), { recursive: true });
    // Steps 1–2 record galculator on a desktop; the example's recording stands in for them here.
    cpSync(join(EXAMPLE, 'fixtures/start.json'), join(author, 'galculator/start.json'));
    npm(['init', '-y'], author);
    install(author);
    step('gui-bridge translator new galculator --from-fixture galculator/start.json --out gui-bridge-translator-galculator');
    cli(author, ['translator', 'new', 'galculator', '--from-fixture', 'galculator/start.json', '--out', 'gui-bridge-translator-galculator']);
    step('npm install');
    install(pkg);
    step('npm test');
    expect(npm(['test'], pkg, ENV)).toMatch(NO_FAILURE);
  }, 600_000);

  it('an edit shows in npm test, is taken on purpose with UPDATE_EXPECTED=1, then passes', () => {
    const source = join(pkg, 'src/index.ts');
    writeFileSync(source, readFileSync(source, 'utf8').replace(/const summary = `[^`]*`;/, 'const summary = `galculator shows ${tree.root.name}.`;'));
    expect(failingOutput(() => npm(['test'], pkg, ENV))).toMatch(/"galculator" on window .* differs/);
    step('UPDATE_EXPECTED=1 npm test');
    npm(['test'], pkg, { ...ENV, UPDATE_EXPECTED: '1' });
    expect(npm(['test'], pkg, ENV)).toMatch(NO_FAILURE);
    expect(readFileSync(join(pkg, 'fixtures/start.expected.json'), 'utf8')).toContain('"summary": "galculator shows galculator."');
  }, 300_000);

  it('serve --translator . serves the windows with it to a real MCP client', async () => {
    step('npm run build');
    step('gui-bridge serve --app galculator --translator .');
    // Offline, the same translator over the recording: --fixture instead of --app.
    const client = await connect(pkg, ['serve', '--fixture', 'fixtures/start.json', '--translator', '.']);
    try {
      const read = await client.readResource({ uri: 'app://windows' });
      const windows = JSON.parse((read.contents[0] as { text: string }).text).windows as Array<{ summary: string }>;
      expect(windows.map((w) => w.summary)).toEqual(['galculator shows galculator.']);
      const names = (await client.listTools()).tools.map((t) => t.name);
      expect(names).toEqual(expect.arrayContaining(['w1__press', 'w1__close']));
    } finally {
      await client.close();
    }
  }, 120_000);
});

describe('the example external translator (examples/galculator-translator)', () => {
  const example = join(work, 'example');

  it('installs against the tarball, builds and passes its tests', () => {
    cpSync(EXAMPLE, example, { recursive: true, filter: (src) => !/\/(node_modules|dist)(\/|$)/.test(src) });
    install(example);
    expect(npm(['test'], example, ENV)).toMatch(/^(?:# |ℹ )pass 7\n(?:# |ℹ )fail 0$/m);
  }, 600_000);

  it('is served by --translator: its summary, its calculate tool with output schema; a replayed fixture refuses the keypad', async () => {
    const client = await connect(example, ['serve', '--fixture', 'fixtures/result.json', '--translator', '.']);
    try {
      const read = await client.readResource({ uri: 'app://windows' });
      expect(JSON.parse((read.contents[0] as { text: string }).text).windows[0].summary).toBe('galculator shows 36.');
      const calculate = (await client.listTools()).tools.find((t) => t.name === 'w1__calculate');
      // The success branch of the output schema carries the action's `output` as `result`.
      expect(JSON.stringify(calculate?.outputSchema)).toContain(
        '"result":{"type":"object","properties":{"result":{"type":"string","description":"What the display shows after =."}}',
      );
      const bad = (await client.callTool({ name: 'w1__calculate', arguments: { expression: '2^8' } })) as CallToolResult;
      expect(bad.structuredContent).toMatchObject({ code: 'validation_failed', fields: [{ field: 'expression' }] });
      const offline = (await client.callTool({ name: 'w1__calculate', arguments: { expression: '1+1' } })) as CallToolResult;
      expect(offline.isError).toBe(true);
    } finally {
      await client.close();
    }
  }, 120_000);
});
