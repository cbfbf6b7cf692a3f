/**
 * Translators from outside the repository (runs the built CLI). `--translator` and a
 * config file load them before the built-in ones; one that does not load is one line and exit 2.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { afterAll, describe, expect, it } from 'vitest';

const CLI = resolve(import.meta.dirname, '../../dist/src/cli.js');
const dir = mkdtempSync(join(tmpdir(), 'gb-translators-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

// A plain module, as an author's compiled package would ship (no import of this repository).
const OUTSIDE = `export const outside = {
  id: 'from-outside',
  match: { title: /^Order Editor/ },
  translate: (window) => ({ summary: 'Read by an external translator: ' + window.title, blocks: [], actions: [] }),
};
`;
writeFileSync(join(dir, 'outside.mjs'), OUTSIDE);
// An author's translator built on the public SDK entry (what `gui-bridge/translate` resolves to in
// an install): its BridgeError and zod must be the CLI's own, one identity (the build bundles both).
const SDK_ENTRY = pathToFileURL(resolve(import.meta.dirname, '../../dist/src/sdk/translate.js')).href;
const WITH_SDK = `import { BridgeError, defineAction, defineTranslator, z } from ${JSON.stringify(SDK_ENTRY)};
const check = defineAction({
  name: 'check_order',
  title: 'Check order',
  description: 'Refuses any order number but 1.',
  kind: 'read',
  input: z.object({ order: z.number().int() }),
  run: async (args) => {
    if (args.order !== 1) throw new BridgeError('validation_failed', 'No such order.', { fields: [{ field: 'order', message: 'only 1 exists' }] });
    return { ok: true };
  },
});
export default defineTranslator({
  id: 'with-sdk',
  match: { title: /^Order Editor/ },
  translate: (window) => ({ summary: 'Read with the SDK: ' + window.title, blocks: [], actions: [check] }),
});
`;
writeFileSync(join(dir, 'withSdk.mjs'), WITH_SDK);
writeFileSync(join(dir, 'nothing.mjs'), 'export const answer = 42;\n');
writeFileSync(join(dir, 'throws.mjs'), "throw new Error('broken at load');\n");

function run(args: string[], cwd = dir) {
  const out = spawnSync(process.execPath, [CLI, ...args], { cwd, encoding: 'utf8', env: { PATH: process.env.PATH ?? '', HOME: dir } });
  return { code: out.status, stdout: out.stdout, stderr: out.stderr };
}

const summaries = (stdout: string) => (JSON.parse(stdout) as { windows: Array<{ title: string; summary: string }> }).windows.map((w) => w.summary);

describe('--translator PATH|PACKAGE', () => {
  it('loads an external translator before the built-in ones (it wins the demo editor window)', () => {
    const { code, stdout, stderr } = run(['snapshot', '--demo', '--translator', './outside.mjs']);
    expect(stderr).toBe('');
    expect(code).toBe(0);
    const [editor, report] = summaries(stdout);
    expect(editor).toBe('Read by an external translator: Order Editor — #12345');
    expect(report).not.toMatch(/external/); // the other window keeps the built-in translator
  });

  it.each([
    ['./missing.mjs', /--translator \.\/missing\.mjs: cannot load it: Cannot find module/],
    ['./nothing.mjs', /--translator \.\/nothing\.mjs: exports no translator/],
    ['./throws.mjs', /--translator \.\/throws\.mjs: cannot load it: broken at load/],
    ['no-such-translator-package', /--translator no-such-translator-package: cannot load it: Cannot find package/],
  ])('%s: one clear line, exit code 2, nothing served', (specifier, message) => {
    for (const command of [
      ['snapshot', '--demo'],
      ['serve', '--demo'],
      ['record', '--demo', '-o', join(dir, 'never.json')],
    ]) {
      const { code, stdout, stderr } = run([...command, '--translator', specifier]);
      expect(code).toBe(2);
      expect(stdout).toBe('');
      expect(stderr.trimEnd().split('\n')).toHaveLength(1);
      expect(stderr).toMatch(message);
    }
  });
});

describe('a translator built on gui-bridge/translate, served by the built CLI', () => {
  it("throws the CLI's own BridgeError: the client gets its code and fields; its zod input converts", async () => {
    const transport = new StdioClientTransport({
      command: process.execPath,
      args: [CLI, 'serve', '--demo', '--translator', './withSdk.mjs'],
      cwd: dir,
      env: { PATH: process.env.PATH ?? '', HOME: dir },
      stderr: 'ignore',
    });
    const client = new Client({ name: 'identity-test', version: '1' });
    await client.connect(transport);
    try {
      const tool = (await client.listTools()).tools.find((t) => t.name.endsWith('check_order'));
      expect(tool?.inputSchema).toMatchObject({ type: 'object', properties: { order: { type: 'integer' } }, required: ['order'] });
      const result = (await client.callTool({ name: tool?.name ?? '', arguments: { order: 2 } })) as CallToolResult;
      expect(result.isError).toBe(true);
      expect(result.structuredContent).toMatchObject({
        code: 'validation_failed',
        message: 'No such order.',
        fields: [{ field: 'order', message: 'only 1 exists' }],
      });
    } finally {
      await client.close();
    }
  });
});

describe('record --translator', () => {
  it('says which translator claims each recorded window', () => {
    const { code, stderr } = run(['record', '--demo', '--translator', './outside.mjs', '-o', join(dir, 'demo.json')]);
    expect(code).toBe(0);
    expect(stderr).toContain('gui-bridge record: "Order Editor — #12345" → translator "from-outside"');
    expect(stderr).toMatch(/"Report Details — Sales 1" → no --translator matches it/);
  });
});

describe('config file', () => {
  it('gui-bridge.config.json in the working folder lists translators (relative to the file) and default flags', () => {
    const project = mkdtempSync(join(dir, 'project-'));
    writeFileSync(
      join(project, 'gui-bridge.config.json'),
      JSON.stringify({ translators: ['../outside.mjs'], defaults: { demo: true, compact: true, http: '3000' } }),
    );
    const { code, stdout } = run(['snapshot'], project);
    expect(code).toBe(0);
    expect(stdout.trim().split('\n')).toHaveLength(1); // compact, from the defaults
    expect(summaries(stdout)[0]).toMatch(/^Read by an external translator/);
  });

  it('--config FILE (.js) wins over the folder file', () => {
    const project = mkdtempSync(join(dir, 'project-'));
    writeFileSync(join(project, 'gui-bridge.config.json'), JSON.stringify({ defaults: { demo: true } }));
    writeFileSync(join(project, 'other.config.js'), "export default { translators: ['../outside.mjs'], defaults: { compact: true } };\n");
    const { code, stdout } = run(['snapshot', '--demo', '--config', 'other.config.js'], project);
    expect(code).toBe(0);
    expect(stdout.trim().split('\n')).toHaveLength(1);
    expect(summaries(stdout)[0]).toMatch(/^Read by an external translator/);
    expect(run(['snapshot'], project).stdout).toMatch(/^\{\n/); // the folder file alone: indented
  });

  it('refuses an unknown default and a translator that does not load with one line and exit 2', () => {
    const project = mkdtempSync(join(dir, 'project-'));
    writeFileSync(join(project, 'gui-bridge.config.json'), JSON.stringify({ defaults: { demo: true, 'log-levle': 'debug' } }));
    const typo = run(['snapshot'], project);
    expect(typo.code).toBe(2);
    expect(typo.stderr).toMatch(/defaults: unknown flag "log-levle"/);
    writeFileSync(join(project, 'gui-bridge.config.json'), JSON.stringify({ translators: ['./gone.mjs'], defaults: { demo: true } }));
    const gone = run(['serve'], project);
    expect(gone.code).toBe(2);
    expect(gone.stderr.trimEnd().split('\n')).toHaveLength(1);
    expect(gone.stderr).toMatch(/gone\.mjs: cannot load it/);
  });
});

describe('snapshot --tools', () => {
  it('prints the tool list as tools/list answers it', () => {
    const { code, stdout } = run(['snapshot', '--demo', '--tools']);
    expect(code).toBe(0);
    const { tools } = JSON.parse(stdout) as { tools: Array<{ name: string; inputSchema: { type: string }; annotations: object }> };
    expect(tools.map((t) => t.name)).toEqual(expect.arrayContaining(['w1__edit_field', 'w2__load_rows']));
    expect(tools.every((t) => t.inputSchema.type === 'object' && t.annotations)).toBe(true);
  });
});
