/**
 * CLI hardening, on the built CLI: prototype names are unknown
 * commands, a network bind needs a token, an empty token is an error, stdin EOF ends `serve`.
 */
import { spawn, spawnSync } from 'node:child_process';
import { join, resolve } from 'node:path';
import { describe, expect, test } from 'vitest';

const CLI = join(resolve(import.meta.dirname, '../..'), 'dist/src/cli.js');
const run = (args: string[], env: NodeJS.ProcessEnv = {}) =>
  spawnSync(process.execPath, [CLI, ...args], { encoding: 'utf8', timeout: 20_000, env: { ...process.env, GUI_BRIDGE_TOKEN: undefined, ...env } });

function expectUsage(result: ReturnType<typeof run>, message: RegExp): void {
  expect(result.status).toBe(2);
  expect(result.stderr.trim().split('\n')).toHaveLength(1);
  expect(result.stderr).toMatch(message);
  expect(result.stderr).not.toMatch(/\bat .*\.js:\d+/); // no stack trace
}

describe('gui-bridge CLI hardening', () => {
  test.each(['constructor', 'toString', '__proto__', 'hasOwnProperty'])('"%s" is an unknown command', (name) => {
    expectUsage(run([name]), new RegExp(`unknown command "${name}"`));
  });

  test.each(['--__proto__', '--constructor'])('serve %s is an unknown option', (flag) => {
    expectUsage(run(['serve', '--demo', flag]), /Unknown option/);
  });

  test.each([['0.0.0.0'], ['::']])('--host %s without a token → exit 2, saying how to set one', (host) => {
    expectUsage(run(['serve', '--demo', '--http', '0', '--host', host]), /set a token with --token T or GUI_BRIDGE_TOKEN=T/);
  });

  test('an empty --token or GUI_BRIDGE_TOKEN is an error, never "no auth"', () => {
    expectUsage(run(['serve', '--demo', '--http', '0', '--token', '']), /--token is empty/);
    expectUsage(run(['serve', '--demo', '--http', '0'], { GUI_BRIDGE_TOKEN: '' }), /GUI_BRIDGE_TOKEN is empty/);
    expectUsage(run(['serve', '--demo', '--http', '0', '--host', '0.0.0.0'], { GUI_BRIDGE_TOKEN: ' ' }), /GUI_BRIDGE_TOKEN is empty/);
  });

  test('limit flags are checked', () => {
    expectUsage(run(['serve', '--demo', '--http', '0', '--max-sessions', '0']), /--max-sessions must be an integer/);
    expectUsage(run(['serve', '--demo', '--http', '0', '--session-idle-timeout', 'x']), /--session-idle-timeout must be an integer/);
    expectUsage(run(['serve', '--demo', '--max-windows', '0']), /--max-windows must be an integer/);
  });

  test('serve on stdio exits 0 when stdin closes, with no request ever sent', async () => {
    const server = spawn(process.execPath, [CLI, 'serve', '--demo', '--log-level', 'error'], { stdio: ['pipe', 'ignore', 'pipe'] });
    let stderr = '';
    server.stderr.on('data', (c: Buffer) => (stderr += c.toString()));
    const exited = new Promise<number | null>((done) => server.on('exit', (code) => done(code)));
    server.stdin.end();
    expect(await exited).toBe(0);
    expect(stderr).toBe('');
  });
});
