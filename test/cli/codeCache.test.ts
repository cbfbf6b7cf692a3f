/**
 * The built `serve` keeps V8's compiled code of the bundle's chunk scripts between runs
 * (src/util/chunkCodeCache.ts, scripts/bundle.mjs). The first run answers, then saves the cache;
 * the next takes every chunk from it; damaged cache files change nothing but the compiling. The
 * save comes after the start-up's hold on TurboFan is released (src/util/startUpOptimizer.ts):
 * V8 refuses code cached under other flags, so it is made under the start-up's.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, describe, expect, test } from 'vitest';

const CLI = resolve(import.meta.dirname, '../../dist/src/cli.js');
const cacheHome = mkdtempSync(join(tmpdir(), 'gui-bridge-serve-cache-'));
afterAll(() => rmSync(cacheHome, { recursive: true, force: true }));
const cacheDir = join(cacheHome, 'gui-bridge/code-cache');

const MESSAGES = [
  { jsonrpc: '2.0', id: 1, method: 'initialize', params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'test', version: '1' } } },
  { jsonrpc: '2.0', method: 'notifications/initialized' },
  { jsonrpc: '2.0', id: 2, method: 'resources/read', params: { uri: 'app://windows' } },
];

/** serve --demo over stdio until its input ends: its answer to the read and what it logged of its code cache. */
function serve(): { read: unknown; state: { chunks: number; fromCache: number }; saved: number; released: boolean } {
  const run = spawnSync(process.execPath, [CLI, 'serve', '--demo', '--log-level', 'debug'], {
    input: MESSAGES.map((m) => JSON.stringify(m)).join('\n') + '\n',
    encoding: 'utf8',
    env: { ...process.env, XDG_CACHE_HOME: cacheHome },
    timeout: 60_000,
  });
  expect(run.status, run.stderr).toBe(0);
  const answers = run.stdout
    .trim()
    .split('\n')
    .map((line) => JSON.parse(line) as { id?: number; result?: { contents?: unknown[] } });
  const state = /debug: code cache (\{.*\})/.exec(run.stderr)?.[1];
  const saved = /debug: code cache saved \{"chunks":(\d+)\}/.exec(run.stderr)?.[1];
  return {
    read: answers.find((a) => a.id === 2)?.result?.contents?.[0],
    state: JSON.parse(state ?? 'null') as { chunks: number; fromCache: number },
    saved: Number(saved ?? 0),
    // TurboFan, held while serve starts (src/util/startUpOptimizer.ts), is back before the save
    released: /debug: start-up over: TurboFan on again/.test(run.stderr),
  };
}

describe('serve and the code cache of its chunks', () => {
  test('the first run saves it after answering; the next compiles nothing the cache holds; damaged files are recompiled', () => {
    const first = serve();
    expect(first.read).toMatchObject({ uri: 'app://windows' });
    expect(first.state.chunks).toBeGreaterThan(3);
    expect(first.state.fromCache).toBe(0);
    expect(first.saved).toBe(first.state.chunks);
    // saved after TurboFan was back, yet made under the start-up's flags: the next start takes it
    expect(first.released).toBe(true);
    const files = readdirSync(cacheDir).filter((f) => f.endsWith('.v8'));
    expect(files).toHaveLength(first.state.chunks);

    const second = serve();
    expect(second.read).toEqual(first.read);
    expect(second.state).toEqual({ chunks: first.state.chunks, fromCache: first.state.chunks });
    expect(second.saved).toBe(0);

    for (const file of files) writeFileSync(join(cacheDir, file), 'damaged');
    const third = serve();
    expect(third.read).toEqual(first.read);
    expect(third.state.fromCache).toBe(0);
    expect(third.saved).toBe(first.state.chunks);
  });
});
