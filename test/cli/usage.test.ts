/** CLI contract: unknown flags or bad values → one clear line and exit code 2 (runs the built CLI). */
import { spawnSync } from 'node:child_process';
import { join, resolve } from 'node:path';
import { describe, expect, test } from 'vitest';

const CLI = join(resolve(import.meta.dirname, '../..'), 'dist/src/cli.js');
const run = (...args: string[]) => spawnSync(process.execPath, [CLI, ...args], { encoding: 'utf8', timeout: 20_000 });

describe('gui-bridge CLI', () => {
  test.each([
    [['serve', '--bogus'], /Unknown option '--bogus'/],
    [['serve', '--demo', '--http', 'abc'], /--http must be a port number/],
    [['serve', '--demo', '--log-level', 'loud'], /--log-level must be one of/],
    [['serve', '--demo', '--token', 't'], /--host and --token need --http/],
    [['serve'], /choose what to serve/],
    [['snapshot', '--demo', '--demo-orders', '-1'], /./],
    [['frobnicate'], /unknown command "frobnicate"/],
  ])('%j → exit 2 with one line', (args, message) => {
    const result = run(...args);
    expect(result.status).toBe(2);
    expect(result.stderr.trim().split('\n')).toHaveLength(1);
    expect(result.stderr).toMatch(message);
  });

  test('--help per command exits 0', () => {
    for (const args of [['--help'], ['serve', '--help'], ['snapshot', '--help']]) {
      const result = run(...args);
      expect(result.status).toBe(0);
      expect(result.stdout).toMatch(/Usage: gui-bridge/);
    }
  });

  test('no display or no accessibility bus: one clear line, exit code 1', () => {
    const env = { ...process.env, DISPLAY: '', DBUS_SESSION_BUS_ADDRESS: '' };
    const result = spawnSync(process.execPath, [CLI, 'snapshot', '--all-apps'], { encoding: 'utf8', timeout: 20_000, env });
    expect(result.status).toBe(1);
    expect(result.stderr.trim().split('\n')).toHaveLength(1);
    expect(result.stderr).toMatch(/no X display.*gui-bridge desktop up/);
  });

  test('snapshot --demo prints the app://windows JSON', () => {
    const result = run('snapshot', '--demo', '--compact');
    expect(result.status).toBe(0);
    const snapshot = JSON.parse(result.stdout);
    expect(snapshot.operableWindowIds).toEqual(['w1', 'w2']);
    expect(snapshot.windows[1].blocks[1]).toMatchObject({ type: 'table', total: 50_000 });
  });
});
