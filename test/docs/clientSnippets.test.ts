/**
 * The README's set-up snippets for MCP clients are real. Each `<!-- client:NAME -->`
 * block is parsed the way its client reads it, and the command it names is started from this
 * repository (npx resolves `gui-bridge` to this package, offline) and driven by a real SDK client.
 * The only substitution: the desktop source (`--all-apps`, `--app X`) becomes `--demo`, because
 * a test machine's desktop is not the user's.
 *
 * npx runs with an npm cache of this test run's own: npx keeps a link to the repository in its
 * cache, keyed by the repository's path, and an entry that an earlier checkout at the same path
 * left behind made npx exit 127 in CI. The child's stderr is kept so a failure says why.
 */
import { mkdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { describe, expect, inject, test } from 'vitest';
import { withDemoSource } from './demoSource.js';

const ROOT = resolve(import.meta.dirname, '../..');
const README = readFileSync(join(ROOT, 'README.md'), 'utf8');
const CLIENTS = ['claude-desktop', 'claude-code', 'cursor', 'vscode'];

interface Launch {
  command: string;
  args: string[];
}

function snippet(name: string): { lang: string; body: string } {
  const match = new RegExp(`<!-- client:${name} -->\\n\`\`\`(\\w+)\\n([\\s\\S]*?)\\n\`\`\``).exec(README);
  if (!match) throw new Error(`README has no client:${name} snippet`);
  return { lang: match[1] as string, body: match[2] as string };
}

/** What each client does with its config: JSON server entries, or the claude CLI's argv after "--". */
function launchOf(name: string): Launch {
  const { lang, body } = snippet(name);
  if (lang === 'json') {
    const config = JSON.parse(body) as { mcpServers?: Record<string, Launch & { type?: string }>; servers?: Record<string, Launch & { type?: string }> };
    const entry = (config.mcpServers ?? config.servers)?.['gui-bridge'];
    if (!entry) throw new Error(`${name}: no "gui-bridge" server entry`);
    if (config.servers) expect(entry.type).toBe('stdio'); // VS Code's format
    return { command: entry.command, args: entry.args };
  }
  expect(lang).toBe('sh');
  const words = body.trim().split(/\s+/);
  expect(words.slice(0, 4)).toEqual(['claude', 'mcp', 'add', 'gui-bridge']);
  const [command, ...args] = words.slice(words.indexOf('--') + 1);
  return { command: command as string, args };
}

describe('README client snippets', () => {
  test.each(CLIENTS)('%s: the command starts and serves a real MCP client', async (name) => {
    const launch = launchOf(name);
    expect(launch.command).toBe('npx');
    expect(launch.args.slice(0, 3)).toEqual(['-y', 'gui-bridge', 'serve']);
    const cache = join(inject('runFolder'), 'npm-cache');
    mkdirSync(cache, { recursive: true });
    const transport = new StdioClientTransport({
      command: launch.command,
      args: withDemoSource(launch.args),
      cwd: ROOT,
      env: { ...(process.env as Record<string, string>), npm_config_cache: cache, npm_config_offline: 'true', npm_config_update_notifier: 'false' },
      stderr: 'pipe',
    });
    let stderr = '';
    transport.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    const client = new Client({ name: `snippet-${name}`, version: '1.0.0' });
    try {
      await client.connect(transport);
    } catch (error) {
      throw new Error(`${launch.command} ${withDemoSource(launch.args).join(' ')} did not serve: ${String(error)}\nits stderr:\n${stderr.slice(-2000)}`);
    }
    try {
      const tools = (await client.listTools()).tools.map((t) => t.name);
      expect(tools).toContain('w1__edit_field');
      expect(tools.includes('app__read_windows')).toBe(launch.args.includes('--read-tool'));
    } finally {
      await client.close();
    }
  });

  test('one line per security-relevant default (docs/security.md)', () => {
    const security = readFileSync(join(ROOT, 'docs/security.md'), 'utf8');
    const section = security.slice(security.indexOf('## Security-relevant defaults'), security.indexOf('## Agent controls'));
    expect(section.length).toBeGreaterThan(100);
    for (const topic of [/HTTP is off/, /binds to 127\.0\.0\.1/, /Origin/, /Bearer/, /masked/, /Screenshots are off/, /read tool/]) {
      expect(section).toMatch(topic);
    }
  });
});
