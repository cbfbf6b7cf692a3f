/**
 * The package as a user gets it. A copy of the source tree (a "fresh clone": no dist)
 * is packed — prepack builds it —, the tarball is installed with production dependencies only in
 * an empty folder, and `npx gui-bridge serve --demo` is driven by a real MCP SDK client, once as
 * the README says and once exactly as server.json describes it for the MCP registry.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { npm, ROOT, sharedPack } from './pack.js';

const work = mkdtempSync(join(tmpdir(), 'gui-bridge-pack-'));
const app = join(work, 'app');
let tarball = '';
let packed: string[] = [];

interface ServerJson {
  name: string;
  description: string;
  version: string;
  packages: Array<{
    registryType: string;
    identifier: string;
    version: string;
    runtimeHint: string;
    transport: { type: string };
    packageArguments: Array<{ type: string; value: string }>;
    environmentVariables: Array<{ name: string }>;
  }>;
}
const serverJson = JSON.parse(readFileSync(join(ROOT, 'server.json'), 'utf8')) as ServerJson;
const packageJson = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as Record<string, unknown>;

async function connect(command: string, args: string[], env: Record<string, string> = {}): Promise<Client> {
  const transport = new StdioClientTransport({
    command,
    args,
    cwd: app,
    env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? work, ...env },
    stderr: 'ignore',
  });
  const client = new Client({ name: 'tarball-test', version: '1.0.0' });
  await client.connect(transport);
  return client;
}

describe('the packed tarball, installed with production dependencies only', () => {
  beforeAll(async () => {
    // A fresh clone: the tracked and new (not ignored) files only, no dist; node_modules borrowed.
    ({ tarball, packed } = await sharedPack());
    mkdirSync(app);
    npm(['init', '-y'], app);
    npm(['install', '--omit=dev', '--prefer-offline', '--no-audit', '--no-fund', tarball], app);
  }, 600_000); // a full TypeScript build and an npm install, on a shared 2-core machine

  afterAll(() => rmSync(work, { recursive: true, force: true }));

  test('prepack built it: the CLI, the licence and server.json are in; no maps, tests or TypeScript sources', () => {
    expect(packed).toEqual(
      expect.arrayContaining(['dist/src/cli.js', 'dist/src/index.js', 'dist/src/index.d.ts', 'LICENSE', 'server.json', 'README.md', 'package.json']),
    );
    // The console page's scripts, compiled for the browser: an install has no TypeScript compiler.
    expect(packed).toEqual(expect.arrayContaining(['app', 'render', 'stream'].map((name) => `dist/src/server/console/page/${name}.js`)));
    expect(packed.filter((p) => p.endsWith('.map'))).toEqual([]);
    expect(packed.filter((p) => /\.test\.(js|d\.ts)$/.test(p))).toEqual([]);
    expect(packed.filter((p) => p.endsWith('.ts') && !p.endsWith('.d.ts'))).toEqual([]);
    expect(readFileSync(join(ROOT, 'LICENSE'), 'utf8')).toMatch(/^MIT License/);
    expect(packageJson.license).toBe('MIT');
  });

  test('a Linux install fetches none of the Windows/macOS native packages', () => {
    const installed = readdirSync(join(app, 'node_modules'));
    expect(installed).not.toContain('node-window-manager');
    expect(installed).not.toContain('jimp');
    expect(existsSync(join(app, 'node_modules/@nut-tree-fork'))).toBe(false);
    expect(existsSync(join(app, 'node_modules/@jimp'))).toBe(false);
  });

  test('npx gui-bridge serve --demo answers a real MCP client; text content is the structured JSON', async () => {
    const client = await connect('npx', ['--no-install', 'gui-bridge', 'serve', '--demo']);
    try {
      const names = (await client.listTools()).tools.map((t) => t.name);
      expect(names).toEqual(expect.arrayContaining(['w1__edit_field', 'w2__load_rows']));
      const read = await client.readResource({ uri: 'app://windows' });
      expect(JSON.parse((read.contents[0] as { text: string }).text).operableWindowIds).toEqual(['w1', 'w2']);
      const rows = (await client.callTool({ name: 'w2__load_rows', arguments: { offset: 100, limit: 3 } })) as CallToolResult;
      expect(rows.isError).toBeFalsy();
      expect(rows.content[0]).toEqual({ type: 'text', text: JSON.stringify(rows.structuredContent) });
    } finally {
      await client.close();
    }
  });

  test('exports: the package entry point loads in the install folder', () => {
    const out = execFileSync(
      process.execPath,
      ['--input-type=module', '-e', "const m = await import('gui-bridge'); console.log(m.SERVER_VERSION, typeof m.createSessionServer)"],
      { cwd: app, encoding: 'utf8' },
    );
    expect(out.trim()).toBe(`${packageJson.version} function`);
  });

  test('server.json matches the package and its command starts as the registry describes it', async () => {
    const [pkg] = serverJson.packages;
    expect(serverJson.name).toMatch(/^[a-zA-Z0-9.-]+\/[a-zA-Z0-9._-]+$/);
    expect(serverJson.name).toBe(packageJson.mcpName);
    expect(serverJson.description.length).toBeLessThanOrEqual(100);
    expect(serverJson.version).toBe(packageJson.version);
    expect(pkg).toMatchObject({
      registryType: 'npm',
      identifier: packageJson.name,
      version: packageJson.version,
      runtimeHint: 'npx',
      transport: { type: 'stdio' },
    });
    const help = execFileSync(process.execPath, [join(app, 'node_modules/gui-bridge/dist/src/cli.js'), 'serve', '--help'], { encoding: 'utf8' });
    for (const { name } of pkg!.environmentVariables) {
      const flag = `--${name
        .replace(/^GUI_BRIDGE_/, '')
        .toLowerCase()
        .replace(/_/g, '-')}`;
      expect(help, `${name} must be a serve flag`).toContain(flag);
    }
    const client = await connect('npx', ['--no-install', pkg!.identifier, ...pkg!.packageArguments.map((a) => a.value)], {
      GUI_BRIDGE_DEMO: '1',
      GUI_BRIDGE_READ_TOOL: 'true',
    });
    try {
      const names = (await client.listTools()).tools.map((t) => t.name);
      expect(names).toContain('app__read_windows');
    } finally {
      await client.close();
    }
  });
});
