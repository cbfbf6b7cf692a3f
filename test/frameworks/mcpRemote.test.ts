/**
 * Claude Desktop and Cursor start stdio servers only; examples/mcp-remote/claude_desktop_config.json
 * puts the HTTP server behind `mcp-remote` (pinned dev dependency). The entry is run the way such
 * a client runs it (its command and args, its env, the repository's own mcp-remote instead of
 * `npx -y`, our port and token in place of the placeholders), and a real SDK client on its stdio
 * lists the stable tools and operates a window opened through it.
 */
import { mkdtempSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { afterEach, beforeEach, expect, test } from 'vitest';
import { startStableServer, type StableServer } from './stableServer.js';

const ROOT = resolve(import.meta.dirname, '../..');
const CONFIG = join(ROOT, 'examples/mcp-remote/claude_desktop_config.json');
const TOKEN = 'remote-token-7';

let server: StableServer;
beforeEach(async () => {
  server = await startStableServer({ token: TOKEN });
});
afterEach(async () => {
  await server.close();
});

test('the mcp-remote config reaches --stable-tools over HTTP with the token', async () => {
  const entry = (JSON.parse(readFileSync(CONFIG, 'utf8')) as { mcpServers: Record<string, { command: string; args: string[]; env: Record<string, string> }> })
    .mcpServers['gui-bridge']!;
  expect(entry.command).toBe('npx');
  expect(entry.args.slice(0, 2)).toEqual(['-y', 'mcp-remote']);
  const packageJson = createRequire(import.meta.url).resolve('mcp-remote/package.json');
  const bin = join(dirname(packageJson), (JSON.parse(readFileSync(packageJson, 'utf8')) as { bin: Record<string, string> }).bin['mcp-remote']!);
  const args = entry.args.slice(2).map((a) => a.replace('http://127.0.0.1:3000/mcp', server.url));
  const env = { ...(process.env as Record<string, string>), ...entry.env, GUI_BRIDGE_TOKEN: TOKEN, HOME: mkdtempSync(join(tmpdir(), 'mcp-remote-home-')) };
  const client = new Client({ name: 'claude-desktop-like', version: '1' });
  await client.connect(new StdioClientTransport({ command: process.execPath, args: [bin, ...args], env, stderr: 'ignore' }));
  try {
    expect((await client.listTools()).tools.map((t) => t.name)).toEqual(['read_windows', 'act']);
    const opened = (await client.callTool({ name: 'act', arguments: { window: 'app', action: 'new_order', arguments: '{}' } })) as CallToolResult;
    expect(opened.isError, JSON.stringify(opened.structuredContent)).toBeFalsy();
    const [order] = (opened.structuredContent as { openedWindowIds: string[] }).openedWindowIds;
    const edited = (await client.callTool({
      name: 'act',
      arguments: { window: order, action: 'edit_field', arguments: '{"field":"recipient","value":"Ada"}' },
    })) as CallToolResult;
    expect(edited.isError, JSON.stringify(edited.structuredContent)).toBeFalsy();
  } finally {
    await client.close();
  }
});
