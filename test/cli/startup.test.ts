/**
 * CLI behaviour as a user sees it (runs the built CLI): --version / -V, commands load only
 * what they use, a signal during start-up still shuts down cleanly, and the Inspector hint that
 * `serve --http` prints works when run as printed.
 */
import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { createServer, type Server, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { createRequire } from 'node:module';
import { dirname, join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, describe, expect, test } from 'vitest';

const ROOT = resolve(import.meta.dirname, '../..');
const CLI = join(ROOT, 'dist/src/cli.js');
const VERSION = (JSON.parse(spawnSync('npm', ['pkg', 'get', 'version'], { cwd: ROOT, encoding: 'utf8' }).stdout) as string).trim();

function waitForLine(child: ReturnType<typeof spawn>, pattern: RegExp): Promise<RegExpExecArray> {
  return new Promise((found, fail) => {
    let err = '';
    child.stderr!.on('data', (c: Buffer) => {
      err += c.toString();
      const match = pattern.exec(err);
      if (match) found(match);
    });
    child.on('exit', () => fail(new Error(`exited before ${pattern}: ${err}`)));
  });
}

describe('gui-bridge CLI start-up', () => {
  const cleanups: Array<() => void> = [];
  afterAll(() => cleanups.forEach((c) => c()));

  test('--version and -V print the package version; the help lists them', () => {
    for (const flag of ['--version', '-V']) {
      const run = spawnSync(process.execPath, [CLI, flag], { encoding: 'utf8' });
      expect(run.status).toBe(0);
      expect(run.stdout).toBe(`${VERSION}\n`);
    }
    const help = spawnSync(process.execPath, [CLI, '--help'], { encoding: 'utf8' }).stdout;
    expect(help).toMatch(/-V, --version/);
    expect(spawnSync(process.execPath, [CLI, 'serve', '--help'], { encoding: 'utf8' }).stdout).toMatch(/--port PORT/);
  });

  // A module hook that reports every file module the process loads (relative to the repo).
  function loadedModules(args: string[]): string[] {
    const dir = mkdtempSync(join(tmpdir(), 'gui-bridge-loads-'));
    writeFileSync(
      join(dir, 'hooks.mjs'),
      'export async function load(url, context, next) { process.stderr.write(`LOADED ${url}\\n`); return next(url, context); }\n',
    );
    // In-thread hooks where Node has them (22.15+): `register`'s hooks run on their own thread, and
    // on Node 24 a command as short as `record --help` exited before that thread's lines came out.
    writeFileSync(
      join(dir, 'register.mjs'),
      [
        `import * as nodeModule from 'node:module';`,
        `if (nodeModule.registerHooks) nodeModule.registerHooks({ load(url, context, next) { process.stderr.write('LOADED ' + url + '\\n'); return next(url, context); } });`,
        `else nodeModule.register(${JSON.stringify(pathToFileURL(join(dir, 'hooks.mjs')).href)});`,
      ].join('\n'),
    );
    const run = spawnSync(process.execPath, ['--import', pathToFileURL(join(dir, 'register.mjs')).href, CLI, ...args], { encoding: 'utf8' });
    expect(run.status).toBe(0);
    const urls = run.stderr
      .split('\n')
      .filter((l) => l.startsWith('LOADED file:'))
      .map((l) => l.slice('LOADED '.length));
    const files = urls.filter((u) => !u.startsWith(pathToFileURL(dir).href)).map((u) => u.slice(pathToFileURL(ROOT).href.length + 1));
    return [...new Set(files.flatMap(sourcesOf))].sort();
  }

  // The build bundles the CLI (scripts/bundle.mjs): a loaded chunk stands for the sources in it;
  // a file outside the bundle (node_modules, or a build without it) for itself.
  const bundleInputs = JSON.parse(readFileSync(join(ROOT, 'dist/bundle-inputs.json'), 'utf8')) as Record<string, string[]>;
  function sourcesOf(file: string): string[] {
    const inputs = bundleInputs[file];
    if (inputs) return inputs;
    return [file.startsWith('dist/') && !file.includes('node_modules/') ? file.slice('dist/'.length).replace(/\.js$/, '.ts') : file];
  }

  test('--version and --help load no module but the CLI entry and its version', () => {
    expect(loadedModules(['--version'])).toEqual(['src/cli.ts', 'src/version.ts']);
    expect(loadedModules(['--help'])).toEqual(['src/cli.ts', 'src/version.ts']);
  });

  test.each([['serve'], ['snapshot'], ['record']])('%s --help loads its option parsing only: no MCP SDK, bridge, server or platform code', (command) => {
    const loaded = loadedModules([command, '--help']);
    expect(loaded).toContain(`src/cli/${command}.ts`);
    expect(loaded.filter((m) => /node_modules|^src\/(server|bridge|platform|translate)\/|^translators\//.test(m))).toEqual([]);
  });

  // serve --all-apps on stdio: the modules it loads to open the desktop and answer (src/cli/serveRun.ts),
  // from the build's chunks. Built-ins and tables that only rare paths use wait for that use.
  test('serve on a desktop loads no node:crypto, node:zlib or x11 keysym table before its first answer', () => {
    const sources = [
      'src/cli/serveRun.ts',
      'src/cli/source.ts',
      'src/cli/config.ts',
      'src/cli/translators.ts',
      'src/cli/liveSource.ts',
      'src/platform/linux/probe.ts',
      'src/cli/runtime.ts',
      'src/server/hub.ts',
      'src/server/approval.ts',
      'src/server/audit.ts',
      'src/server/toolFilter.ts',
      'src/server/stdio.ts',
    ];
    const chunks = sources.map((source) => {
      const chunk = Object.entries(bundleInputs).find(([, inputs]) => inputs.includes(source))?.[0];
      if (!chunk) throw new Error(`${source} is in no chunk of the build`);
      return pathToFileURL(join(ROOT, chunk)).href;
    });
    const script = `import { createRequire } from 'node:module';
for (const chunk of ${JSON.stringify(chunks)}) await import(chunk);
const builtins = process.moduleLoadList.filter((m) => m.startsWith('NativeModule ')).map((m) => m.slice('NativeModule '.length));
console.log(JSON.stringify({ builtins, packages: Object.keys(createRequire(import.meta.url).cache) }));`;
    const run = spawnSync(process.execPath, ['--input-type=module', '-e', script], { cwd: ROOT, encoding: 'utf8' });
    expect(run.status, run.stderr).toBe(0);
    const { builtins, packages } = JSON.parse(run.stdout) as { builtins: string[]; packages: string[] };
    expect(packages.some((file) => file.endsWith('/x11/lib/xcore.js'))).toBe(true); // the desktop's modules did load
    expect(builtins).toContain('net');
    expect(builtins.filter((m) => m === 'crypto' || m === 'zlib')).toEqual([]);
    expect(packages.filter((file) => file.endsWith('/x11/lib/keysyms.js'))).toEqual([]);
  });

  // src/cli/zodMode.ts: zod interprets its schemas in serve (no parser generated per schema at
  // start-up). A preload counts what the process makes with the Function constructor.
  test('serve answers with zod generating no code: nothing is made with the Function constructor', () => {
    const dir = mkdtempSync(join(tmpdir(), 'gui-bridge-functions-'));
    const preload = join(dir, 'count.cjs');
    writeFileSync(
      preload,
      `let made = 0;
const Original = Function;
globalThis.Function = new Proxy(Original, {
  construct(target, args, newTarget) { made++; return Reflect.construct(target, args, newTarget === globalThis.Function ? target : newTarget); },
  apply(target, self, args) { made++; return Reflect.apply(target, self, args); },
});
process.on('exit', () => process.stderr.write('FUNCTIONS MADE ' + made + '\\n'));
`,
    );
    const messages = [
      { jsonrpc: '2.0', id: 1, method: 'initialize', params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'test', version: '1' } } },
      { jsonrpc: '2.0', method: 'notifications/initialized' },
      { jsonrpc: '2.0', id: 2, method: 'resources/read', params: { uri: 'app://windows' } },
      { jsonrpc: '2.0', id: 3, method: 'tools/list' },
    ];
    const run = spawnSync(process.execPath, ['-r', preload, CLI, 'serve', '--demo'], {
      input: messages.map((m) => JSON.stringify(m)).join('\n') + '\n',
      encoding: 'utf8',
      timeout: 60_000,
    });
    const answers = run.stdout
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line) as { id?: number; result?: { contents?: unknown[]; tools?: unknown[] } });
    expect(answers.find((a) => a.id === 2)?.result?.contents).toHaveLength(1);
    expect(answers.find((a) => a.id === 3)?.result?.tools?.length).toBeGreaterThan(0);
    expect(run.stderr).toContain('FUNCTIONS MADE 0\n');
  });

  test('a signal while the source is still opening: clean stop, exit code 0', async () => {
    // An "X server" that accepts the connection and never answers keeps the source opening.
    const sockets: Socket[] = [];
    const silentX: Server = createServer((socket) => void sockets.push(socket));
    await new Promise<void>((listening) => silentX.listen(0, '127.0.0.1', () => listening()));
    const port = (silentX.address() as { port: number }).port;
    cleanups.push(() => {
      sockets.forEach((s) => s.destroy());
      silentX.close();
    });
    const connected = new Promise<void>((done) => silentX.once('connection', () => done()));
    const env = { ...process.env, DISPLAY: `127.0.0.1:${port - 6000}`, DBUS_SESSION_BUS_ADDRESS: 'unix:path=/nonexistent' };
    const server = spawn(process.execPath, [CLI, 'serve', '--all-apps', '--log-level', 'debug'], { env, stdio: ['pipe', 'ignore', 'pipe'] });
    const exited = new Promise<{ code: number | null; signal: string | null }>((done) => server.on('exit', (code, signal) => done({ code, signal })));
    const stopped = waitForLine(server, /stopped by SIGTERM during start-up/);
    await connected; // the probe is now waiting for the display
    server.kill('SIGTERM');
    await stopped;
    expect(await exited).toEqual({ code: 0, signal: null });
  });

  test('the Inspector 2 hint printed by serve --http works with the arguments as printed', async () => {
    const server = spawn(process.execPath, [CLI, 'serve', '--demo', '--http', '0'], { stdio: ['ignore', 'ignore', 'pipe'] });
    cleanups.push(() => server.kill('SIGTERM'));
    const [, command] = await waitForLine(server, /MCP Inspector 2 \(Node 22\.19\+\): (.+)\n/);
    const printed = /^npx @modelcontextprotocol\/inspector (--cli \S+ --transport http --method tools\/list)$/.exec(command as string);
    expect(printed, command).not.toBeNull();
    // Inspector 2 needs Node 22.19; its --cli mode takes the arguments of the Inspector CLI package
    // installed here (the last one for Node 20), so those very arguments run against the server.
    const home = mkdtempSync(join(tmpdir(), 'inspector-home-'));
    const inspectorDir = join(dirname(createRequire(import.meta.url).resolve('@modelcontextprotocol/inspector-cli/package.json')), 'build');
    const run = spawnSync(process.execPath, ['cli.js', ...(printed![1] as string).split(' ')], {
      cwd: inspectorDir,
      encoding: 'utf8',
      env: { ...process.env, HOME: home },
      timeout: 60_000,
    });
    expect(run.status, run.stderr).toBe(0);
    const tools = JSON.parse(run.stdout.slice(run.stdout.indexOf('{'))) as { tools: Array<{ name: string }> };
    expect(tools.tools.map((t) => t.name)).toContain('w1__edit_field');
  });
});
