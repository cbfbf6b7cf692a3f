/**
 * A client we did not write: the MCP Inspector CLI lists tools and reads app://windows from
 * `gui-bridge serve --demo`, over stdio and over HTTP. Runs the built CLI (npm test builds first).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { createRequire } from 'node:module';
import { afterAll, describe, expect, test } from 'vitest';

const ROOT = resolve(import.meta.dirname, '../..');
const CLI = join(ROOT, 'dist/src/cli.js');
const require = createRequire(import.meta.url);
// inspector-cli 1.0.3 finds its own package.json relative to the working directory: run it from
// its build folder, where "../package.json" is its own.
const INSPECTOR_DIR = join(dirname(require.resolve('@modelcontextprotocol/inspector-cli/package.json')), 'build');

function inspector(args: string[]): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((done) => {
    const child = spawn(process.execPath, ['cli.js', '--cli', ...args], {
      cwd: INSPECTOR_DIR,
      env: { ...process.env, HOME: mkdtempSync(join(tmpdir(), 'inspector-home-')) },
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (c: Buffer) => (stdout += c.toString()));
    child.stderr.on('data', (c: Buffer) => (stderr += c.toString()));
    child.on('close', (code) => done({ code, stdout, stderr }));
  });
}

function parseJson(stdout: string): Record<string, unknown> {
  return JSON.parse(stdout.slice(stdout.indexOf('{'))) as Record<string, unknown>;
}

describe('MCP Inspector CLI against gui-bridge serve --demo', () => {
  const children: ChildProcess[] = [];
  afterAll(() => {
    for (const child of children) child.kill('SIGTERM');
  });

  test('stdio: tools/list and resources/read', async () => {
    const tools = await inspector(['node', CLI, 'serve', '--demo', '--method', 'tools/list']);
    expect(tools.code, tools.stderr).toBe(0);
    const names = (parseJson(tools.stdout).tools as Array<{ name: string }>).map((t) => t.name);
    expect(names).toEqual(expect.arrayContaining(['w1__edit_field', 'w1__submit', 'w2__load_rows', 'app__new_report']));

    const read = await inspector(['node', CLI, 'serve', '--demo', '--method', 'resources/read', '--uri', 'app://windows']);
    expect(read.code, read.stderr).toBe(0);
    const [content] = parseJson(read.stdout).contents as Array<{ uri: string; mimeType: string; text: string }>;
    expect(content).toMatchObject({ uri: 'app://windows', mimeType: 'application/json' });
    expect(JSON.parse(content!.text).operableWindowIds).toEqual(['w1', 'w2']);
  });

  test('stdio: an isError tool result is reported as a failure by the Inspector', async () => {
    const call = await inspector(['node', CLI, 'serve', '--demo', '--method', 'tools/call', '--tool-name', 'w1__submit']);
    const result = parseJson(call.stdout);
    expect(result.isError).toBe(true);
    expect(result.structuredContent).toMatchObject({ code: 'validation_failed' });
  });

  test('stdio: a number the Inspector sends for a text parameter (--tool-arg value=12.50) is taken as text', async () => {
    const args = ['--tool-name', 'w1__edit_field', '--tool-arg', 'field=amount', '--tool-arg', 'value=12.50'];
    const call = await inspector(['node', CLI, 'serve', '--demo', '--method', 'tools/call', ...args]);
    const result = parseJson(call.stdout);
    expect(result.isError, call.stdout).toBeFalsy();
    expect(result.structuredContent).toMatchObject({ message: expect.stringContaining('Amount') });
  });

  test('HTTP: tools/list from a running server', async () => {
    const server = spawn(process.execPath, [CLI, 'serve', '--demo', '--http', '0'], { stdio: ['ignore', 'ignore', 'pipe'] });
    children.push(server);
    const url = await new Promise<string>((found, fail) => {
      let err = '';
      server.stderr!.on('data', (c: Buffer) => {
        err += c.toString();
        const match = /at (http:\/\/127\.0\.0\.1:\d+\/mcp)/.exec(err);
        if (match) found(match[1] as string);
      });
      server.on('exit', () => fail(new Error(`server exited: ${err}`)));
    });
    const tools = await inspector([url, '--transport', 'http', '--method', 'tools/list']);
    expect(tools.code, tools.stderr).toBe(0);
    expect((parseJson(tools.stdout).tools as unknown[]).length).toBeGreaterThan(5);
  });
});
