/** `gui-bridge a2c connect` and `serve --a2c` flags, run as the built CLI against a real in-process A2C-SMCP server. */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { join, resolve } from 'node:path';
import { afterEach, describe, expect, test } from 'vitest';
import type { SmcpTool } from '../../src/a2c/protocol.js';
import { eventually } from '../a2c/helpers/a2cBridge.js';
import { connectAgent } from '../a2c/helpers/agent.js';
import { startSmcpServer, type SmcpTestServer } from '../a2c/helpers/smcpServer.js';

const CLI = join(resolve(import.meta.dirname, '../..'), 'dist/src/cli.js');
const runSync = (...args: string[]) => spawnSync(process.execPath, [CLI, ...args], { encoding: 'utf8', timeout: 20_000 });

interface Running {
  child: ChildProcess;
  stderr: () => string;
  exited: Promise<number | null>;
}

function start(...args: string[]): Running {
  const child = spawn(process.execPath, [CLI, ...args], { stdio: ['ignore', 'pipe', 'pipe'] });
  let stderr = '';
  child.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString('utf8')));
  const exited = new Promise<number | null>((done) => child.on('exit', (code) => done(code)));
  return { child, stderr: () => stderr, exited };
}

describe('gui-bridge a2c', () => {
  test.each([
    [['a2c', 'frob'], /unknown subcommand "frob"/],
    [['a2c', 'connect', '--demo', '--office', 'o', '--name', 'n'], /--server is required/],
    [['a2c', 'connect', '--demo', '--server', 'http://127.0.0.1:9', '--name', 'n'], /--office is required/],
    [['a2c', 'connect', '--demo', '--server', 'ftp://h', '--office', 'o', '--name', 'n'], /--server: .*http\(s\)/],
    [['a2c', 'connect', '--demo', '--server', 'http://h/api', '--office', 'o', '--name', 'n'], /--server: give the server's base URL/],
    [['a2c', 'connect', '--demo', '--server', 'http://h', '--office', 'o', '--name', 'n', '--a2c-host', 'Bad_Host'], /--a2c-host must be/],
    [['a2c', 'connect', '--bogus'], /Unknown option '--bogus'/],
    [['serve', '--demo', '--a2c-host', 'com.example.desk'], /--a2c-host needs --a2c/],
  ])('%j → exit 2 with one line', (args, message) => {
    const result = runSync(...args);
    expect(result.status).toBe(2);
    expect(result.stderr.trim().split('\n')).toHaveLength(1);
    expect(result.stderr).toMatch(message);
  });

  test('help: a2c --help and a2c connect --help exit 0', () => {
    for (const args of [
      ['a2c', '--help'],
      ['a2c', 'connect', '--help'],
    ]) {
      const result = runSync(...args);
      expect(result.status).toBe(0);
      expect(result.stdout).toMatch(/Usage: gui-bridge a2c connect --server URL --office ID --name NAME/);
    }
  });

  describe('against an A2C-SMCP server', () => {
    let server: SmcpTestServer;
    let running: Running | undefined;
    afterEach(async () => {
      if (running && running.child.exitCode === null) {
        running.child.kill('SIGKILL');
        await running.exited;
      }
      running = undefined;
      await server.close();
    });

    test('connect --demo joins; an agent lists tools and reads the desktop; SIGTERM exits 0', async () => {
      server = await startSmcpServer();
      const agent = await connectAgent(server.url, 'office-cli');
      try {
        running = start('a2c', 'connect', '--demo', '--server', server.url, '--office', 'office-cli', '--name', 'cli-pc', '--a2c-host', 'com.example.desk');
        await eventually(() => expect(running?.stderr()).toMatch(/Computer "cli-pc" serves the built-in Orders demo app in office "office-cli"/), 20_000);
        const tools = await agent.call<{ tools: SmcpTool[] }>('client:get_tools', 'cli-pc');
        expect(tools.tools.map((t) => t.name)).toContain('w1__edit_field');
        const desktop = await agent.call<{ desktops: string[] }>('client:get_desktop', 'cli-pc', { window: 'window://com.example.desk/w1' });
        expect(desktop.desktops).toHaveLength(1);
        expect(desktop.desktops[0]).toMatch(/^window:\/\/com\.example\.desk\/w1\n\nOrder Editor/);
        running.child.kill('SIGTERM');
        expect(await running.exited).toBe(0);
      } finally {
        agent.close();
      }
    });

    test('version mismatch: exit 1, the server range on one line, exactly one handshake', async () => {
      server = await startSmcpServer({ version: '0.3.0' });
      running = start('a2c', 'connect', '--demo', '--server', server.url, '--office', 'o', '--name', 'old-pc');
      expect(await running.exited).toBe(1);
      const lines = running
        .stderr()
        .trim()
        .split('\n')
        .filter((l) => l.startsWith('gui-bridge a2c:'));
      expect(lines).toHaveLength(1);
      expect(lines[0]).toMatch(/version mismatch \(4008\).*0\.3\.0 to 0\.3\.999.*not retrying/);
      expect(server.handshakes).toEqual([{ a2cVersion: '0.2.0', status: 'rejected' }]);
    });
  });
});
