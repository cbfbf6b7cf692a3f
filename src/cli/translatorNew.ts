/**
 * `gui-bridge translator new NAME [--from-fixture F] [--out DIR]`: a translator package that
 * passes its own test out of the box — source (gui-bridge/translate), a test (gui-bridge/testing),
 * a fixture (the given recording, else one of the built-in demo app) and its expectations.
 */
import { existsSync, mkdirSync, readdirSync, writeFileSync } from 'node:fs';
import { basename, join, resolve } from 'node:path';
import { SERVER_VERSION } from '../version.js';
import { parseCommandArgs, UsageError } from './usage.js';

export const TRANSLATOR_HELP = `Usage: gui-bridge translator new NAME [--from-fixture F] [--out DIR]

Creates a translator package in DIR (default ./NAME): src/index.ts (a starter translator built on
gui-bridge/translate), test/translator.test.ts (gui-bridge/testing, node:test), the fixture and its
expectations, package.json and tsconfig.json. Then: npm install, npm test, and
gui-bridge serve --translator DIR (after npm run build). Walkthrough: translators/README.md.

  NAME                   the translator id (kebab-case, e.g. galculator)
  --from-fixture F       a recording of the app (gui-bridge record --app APP -o F); the
                         translator matches F's application. Default: the built-in demo app
  --out DIR              where to create the package (must not exist or be empty)
`;

const COMMAND = 'translator new';
const FLAGS = { 'from-fixture': { type: 'string' }, out: { type: 'string' } } as const;

export async function translatorCommand(argv: string[]): Promise<number> {
  const [sub, ...rest] = argv;
  if (sub === undefined || sub === '--help' || sub === '-h') {
    process.stdout.write(TRANSLATOR_HELP);
    return sub === undefined ? 2 : 0;
  }
  if (sub !== 'new') throw new UsageError('translator', `unknown subcommand "${sub}" (only "new")`);
  const { values, positionals } = parseNew(rest);
  if (values.help) {
    process.stdout.write(TRANSLATOR_HELP);
    return 0;
  }
  const name = positionals[0];
  if (!name || positionals.length > 1) throw new UsageError(COMMAND, 'give one NAME (e.g. gui-bridge translator new galculator)');
  if (!/^[a-z0-9]+(-[a-z0-9]+)*$/.test(name)) throw new UsageError(COMMAND, `NAME "${name}" must be kebab-case (it is the translator id)`);
  const out = resolve(values.out ?? name);
  if (existsSync(out) && readdirSync(out).length > 0) throw new UsageError(COMMAND, `${values.out ?? name} exists and is not empty`);
  const files = await scaffold(name, values['from-fixture']);
  for (const [path, text] of Object.entries(files)) {
    mkdirSync(join(out, path, '..'), { recursive: true });
    writeFileSync(join(out, path), text);
  }
  process.stderr.write(
    `gui-bridge translator new: created ${Object.keys(files).length} files in ${out}\nnext: cd ${values.out ?? name} && npm install && npm test\n`,
  );
  return 0;
}

function parseNew(argv: string[]) {
  // Positional NAME: parsed here rather than in parseCommandArgs, which refuses positionals.
  const positionals = argv.filter((a, i) => !a.startsWith('-') && !(i > 0 && ['--from-fixture', '--out'].includes(argv[i - 1] as string)));
  const flags = argv.filter((a) => !positionals.includes(a));
  return { values: parseCommandArgs(COMMAND, flags, FLAGS).values, positionals };
}

async function scaffold(name: string, fromFixture: string | undefined): Promise<Record<string, string>> {
  const { serializeFixture } = await import('../platform/fixture/format.js');
  const { starterSource, starterTest, starterTranslator } = await import('./scaffold/starter.js');
  const { produceExpected } = await import('../testing/tester.js');
  const fixture = fromFixture ? await readRecording(fromFixture) : await recordDemo();
  const scenario = fromFixture ? basename(fromFixture).replace(/\.json$/, '') : 'start';
  const app = fixture.apps[0];
  if (!app) throw new UsageError(COMMAND, `${fromFixture} holds no application`);
  const match = app.id ? { appId: app.id } : { appName: app.name };
  const expected = produceExpected(`${scenario}.json`, fixture, [starterTranslator(name, match)]);
  if (Object.keys(expected.translators).length === 0) throw new UsageError(COMMAND, `no window of ${fromFixture} belongs to ${app.name}`);
  return {
    'package.json': `${JSON.stringify(packageJson(name), null, 2)}\n`,
    'tsconfig.json': `${JSON.stringify(TSCONFIG, null, 2)}\n`,
    '.gitignore': 'node_modules/\ndist/\n',
    'src/index.ts': starterSource(name, match),
    'test/translator.test.ts': starterTest(scenario),
    [`fixtures/${scenario}.json`]: serializeFixture(fixture),
    [`fixtures/${scenario}.expected.json`]: `${JSON.stringify(expected, null, 2)}\n`,
  };
}

async function readRecording(path: string) {
  const { readFixtureFile } = await import('../platform/fixture/files.js');
  try {
    return await readFixtureFile(path);
  } catch (error) {
    throw new UsageError(COMMAND, `--from-fixture ${path}: ${error instanceof Error ? error.message.split('\n')[0] : String(error)}`);
  }
}

async function recordDemo() {
  const { DemoProbe } = await import('../platform/demo/probe.js');
  const { recordFixture } = await import('../platform/fixture/record.js');
  const probe = new DemoProbe();
  try {
    const { fixture } = await recordFixture(probe, { note: 'the built-in demo app, recorded by gui-bridge translator new' });
    return fixture;
  } finally {
    await probe.close();
  }
}

function packageJson(name: string) {
  return {
    name: `gui-bridge-translator-${name}`,
    version: '0.1.0',
    description: `A GUI Bridge translator (gui-bridge serve --translator)`,
    type: 'module',
    exports: { '.': { types: './dist/src/index.d.ts', default: './dist/src/index.js' } },
    files: ['dist/src'],
    scripts: { build: 'tsc -p tsconfig.json', test: 'npm run build --silent && node --test dist/test/translator.test.js', prepack: 'npm run build --silent' },
    peerDependencies: { 'gui-bridge': `^${SERVER_VERSION}` },
    devDependencies: { 'gui-bridge': `^${SERVER_VERSION}`, typescript: '^5.9.3', '@types/node': '^20.19.43' },
  };
}

const TSCONFIG = {
  compilerOptions: {
    target: 'ES2022',
    module: 'NodeNext',
    moduleResolution: 'NodeNext',
    lib: ['ES2023'],
    types: ['node'],
    strict: true,
    declaration: true,
    skipLibCheck: true,
    rootDir: '.',
    outDir: 'dist',
  },
  include: ['src/**/*.ts', 'test/**/*.ts'],
};
