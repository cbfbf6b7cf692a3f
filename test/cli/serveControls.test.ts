/**
 * Flags wired end to end in the built CLI: a real SDK client (with elicitation and
 * logging) over stdio against `serve --demo --read-tool --exclude-tools … --confirm destructive
 * --audit-log FILE`, then `--read-only` through its environment variable.
 */
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { ElicitRequestSchema, type CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { expect, test } from 'vitest';

const CLI = join(resolve(import.meta.dirname, '../..'), 'dist/src/cli.js');

async function start(args: string[], env: Record<string, string> = {}): Promise<Client> {
  const transport = new StdioClientTransport({
    command: process.execPath,
    args: [CLI, 'serve', '--demo', ...args],
    env: { PATH: process.env.PATH ?? '', ...env },
    stderr: 'ignore',
  });
  const client = new Client({ name: 'controls-e2e', version: '1.0.0' }, { capabilities: { elicitation: {} } });
  await client.connect(transport);
  return client;
}

test('serve flags: read tool, exclusions, confirmation by elicitation, audit log', async () => {
  const audit = join(mkdtempSync(join(tmpdir(), 'gui-bridge-e2e-')), 'audit.jsonl');
  const client = await start(['--read-tool', '--exclude-tools', 'app__*,focus', '--confirm', 'destructive', '--audit-log', audit]);
  const asked: string[] = [];
  client.setRequestHandler(ElicitRequestSchema, async (request) => {
    asked.push(request.params.message);
    return { action: 'decline' };
  });
  try {
    expect(client.getServerCapabilities()?.logging).toEqual({});
    await client.setLoggingLevel('info');
    const names = (await client.listTools()).tools.map((t) => t.name).sort();
    expect(names).toEqual(['w1__close', 'w1__edit_field', 'w1__submit', 'w2__close', 'w2__load_rows']);
    const read = (await client.callTool({ name: 'app__read_windows', arguments: {} })) as CallToolResult;
    expect(read.isError).toBe(true); // app__* is excluded, the read tool included
    const close = (await client.callTool({ name: 'w1__close', arguments: {} })) as CallToolResult;
    expect(close.structuredContent).toMatchObject({ code: 'action_not_available', message: expect.stringMatching(/declined/) });
    expect(asked).toHaveLength(1);
  } finally {
    await client.close(); // the server flushes the audit log on the way out
  }
  const lines = readFileSync(audit, 'utf8')
    .trim()
    .split('\n')
    .map((l) => JSON.parse(l) as { tool: string; result: string; client: string });
  expect(lines.map((l) => [l.tool, l.result])).toEqual([
    ['app__read_windows', 'denied'],
    ['w1__close', 'declined'],
  ]);
  expect(lines[0]?.client).toBe('controls-e2e');
});

test('GUI_BRIDGE_READ_ONLY=1 restricts the tool list like --read-only', async () => {
  const client = await start([], { GUI_BRIDGE_READ_ONLY: '1' });
  try {
    expect((await client.listTools()).tools.map((t) => t.name)).toEqual(['w2__load_rows']);
  } finally {
    await client.close();
  }
});
