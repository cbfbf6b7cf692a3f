/**
 * The code cache of the bundle's chunk scripts (src/util/chunkCodeCache.ts). A script
 * runs with its imports and returns its exports; its compiled code is saved once and taken from
 * the cache next time; a damaged, foreign or unwritable cache only means compiling from source.
 * Each load runs in a new process of the built module (run `npm run build` first): within one
 * process V8 reuses its own compilation of the same source and would not read the cache at all.
 */
import { spawnSync } from 'node:child_process';
import { chmodSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, beforeEach, describe, expect, test } from 'vitest';
import { codeCacheDir } from '../../src/util/chunkCodeCache.js';

const MODULE = pathToFileURL(resolve(import.meta.dirname, '../../dist/src/util/chunkCodeCache.js')).href;

const root = mkdtempSync(join(tmpdir(), 'gui-bridge-chunk-cache-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

let cacheHome = '';
beforeEach(() => {
  cacheHome = mkdtempSync(join(root, 'cache-'));
});

/** A chunk script as scripts/bundle.mjs writes it (with enough functions to be worth caching). */
function writeChunk(name: string, body = ''): string {
  const functions = Array.from({ length: 400 }, (_, i) => `function f${i}(x){return x*${i}+${i}}`).join('');
  writeFileSync(
    join(root, `${name}.script.js`),
    `(function(exports,require,module,__importMetaUrl){"use strict";${functions}${body}
module.exports={url:__importMetaUrl,dep:require("./dep.js"),sep:require("node:path").sep,sum:f1(2)+f49(1)};})`,
  );
  return pathToFileURL(join(root, `${name}.js`)).href;
}

interface Run {
  exports: { url: string; dep: unknown; sep: string; sum: number };
  fromCache: boolean;
  saved: number;
}

/** A new process loads the chunk (its import './dep.js' is a plain object), then saves its cache. */
function run(facade: string, env: NodeJS.ProcessEnv = {}): Run {
  const script = `import { codeCacheState, runChunk, saveCodeCaches } from ${JSON.stringify(MODULE)};
const exports = runChunk(${JSON.stringify(facade)}, { './dep.js': { live: true } });
const { fromCache } = codeCacheState();
console.log(JSON.stringify({ exports, fromCache: fromCache === 1, saved: saveCodeCaches() }));`;
  const child = spawnSync(process.execPath, ['--input-type=module', '-e', script], {
    encoding: 'utf8',
    env: { ...process.env, XDG_CACHE_HOME: cacheHome, ...env },
  });
  expect(child.status, child.stderr).toBe(0);
  return JSON.parse(child.stdout) as Run;
}

const cacheFiles = () => readdirSync(join(cacheHome, 'gui-bridge/code-cache')).filter((f) => f.endsWith('.v8'));

describe('chunk scripts and their code cache', () => {
  test('a chunk runs with its imports; its compiled code is saved once, then taken from the cache', () => {
    const facade = writeChunk('bundle-A');
    const first = run(facade);
    expect(first).toEqual({ exports: { url: facade, dep: { live: true }, sep: '/', sum: 2 * 1 + 1 + 49 + 49 }, fromCache: false, saved: 1 });
    expect(cacheFiles()).toHaveLength(1);
    const second = run(facade);
    expect(second).toEqual({ ...first, fromCache: true, saved: 0 });
  });

  test('a damaged cache file (a zeroed block, cut short, garbage, empty) is refused before V8 reads it, and replaced', () => {
    const facade = writeChunk('bundle-B');
    run(facade);
    const path = join(cacheHome, 'gui-bridge/code-cache', cacheFiles()[0] as string);
    const bytes = readFileSync(path);
    const damaged = Buffer.from(bytes);
    damaged.fill(0, 256, 768); // a zeroed disk block (what a crash can leave)
    writeFileSync(path, damaged);
    expect(run(facade)).toMatchObject({ exports: { sum: 101 }, fromCache: false, saved: 1 });
    expect(run(facade).fromCache).toBe(true);
    for (const damaged of [Buffer.from('not a cache'), bytes.subarray(0, 20), Buffer.alloc(0)]) {
      writeFileSync(path, damaged);
      expect(run(facade)).toMatchObject({ exports: { sum: 101 }, fromCache: false, saved: 1 });
    }
  });

  test("another script's compiled code (intact, but foreign) is refused by V8: compiled from source", () => {
    run(writeChunk('bundle-C'));
    const [oneCache] = cacheFiles();
    const other = writeChunk('bundle-D', 'function extra(){return 1}');
    run(other);
    const otherCache = cacheFiles().find((f) => f !== oneCache) as string;
    const dir = join(cacheHome, 'gui-bridge/code-cache');
    writeFileSync(join(dir, otherCache), readFileSync(join(dir, oneCache as string)));
    expect(run(other)).toMatchObject({ exports: { sum: 101 }, fromCache: false, saved: 1 }); // V8: cachedDataRejected
    expect(run(other).fromCache).toBe(true);
  });

  test('a cache made under other V8 options is not used; the newer one replaces it', () => {
    const facade = writeChunk('bundle-F');
    run(facade);
    const [before] = cacheFiles();
    expect(run(facade, { NODE_OPTIONS: '--max-semi-space-size=4' })).toMatchObject({ fromCache: false, saved: 1 });
    expect(cacheFiles()).toHaveLength(1);
    expect(cacheFiles()[0]).not.toBe(before);
  });

  test("serve's hold on TurboFan: a chunk loaded under it and one loaded after its release are both taken from the cache next time", () => {
    const during = writeChunk('bundle-H');
    const after = writeChunk('bundle-I');
    const optimizer = pathToFileURL(resolve(import.meta.dirname, '../../dist/src/util/startUpOptimizer.js')).href;
    // as serve: held before any chunk loads, released once it serves, the cache saved after that
    const script = `import { codeCacheState, runChunk, saveCodeCaches } from ${JSON.stringify(MODULE)};
import { holdOptimizerForStartUp, releaseOptimizer } from ${JSON.stringify(optimizer)};
holdOptimizerForStartUp([], '', 60000);
runChunk(${JSON.stringify(during)}, { './dep.js': {} });
releaseOptimizer();
runChunk(${JSON.stringify(after)}, { './dep.js': {} });
console.log(JSON.stringify({ ...codeCacheState(), saved: saveCodeCaches() }));`;
    const serveLike = () => {
      const child = spawnSync(process.execPath, ['--input-type=module', '-e', script], {
        encoding: 'utf8',
        env: { ...process.env, XDG_CACHE_HOME: cacheHome },
      });
      expect(child.status, child.stderr).toBe(0);
      return JSON.parse(child.stdout) as unknown;
    };
    expect(serveLike()).toEqual({ chunks: 2, fromCache: 0, saved: 2 });
    expect(serveLike()).toEqual({ chunks: 2, fromCache: 2, saved: 0 });
  });

  test('a cache folder others may write into is neither read nor written: its code would run as this user', () => {
    const facade = writeChunk('bundle-G');
    expect(run(facade)).toMatchObject({ fromCache: false, saved: 1 });
    const dir = join(cacheHome, 'gui-bridge/code-cache');
    chmodSync(dir, 0o777);
    expect(run(facade)).toMatchObject({ exports: { sum: 101 }, fromCache: false, saved: 0 });
    chmodSync(dir, 0o700);
    expect(run(facade)).toMatchObject({ fromCache: true, saved: 0 });
  });

  test('an unwritable cache folder is no error; GUI_BRIDGE_CODE_CACHE=0 turns the cache off', () => {
    const blocker = join(root, 'a-file');
    writeFileSync(blocker, '');
    const facade = writeChunk('bundle-E');
    expect(run(facade, { XDG_CACHE_HOME: blocker })).toMatchObject({ exports: { sum: 101 }, fromCache: false, saved: 0 }); // no folder under a file
    expect(run(facade, { GUI_BRIDGE_CODE_CACHE: '0' })).toMatchObject({ exports: { sum: 101 }, fromCache: false, saved: 0 });
    expect(codeCacheDir({ GUI_BRIDGE_CODE_CACHE: '0', XDG_CACHE_HOME: cacheHome })).toBeNull();
    expect(codeCacheDir({ XDG_CACHE_HOME: cacheHome })).toBe(join(cacheHome, 'gui-bridge/code-cache'));
    expect(codeCacheDir({ LOCALAPPDATA: 'C:\\Users\\u\\AppData\\Local' }, 'win32')).toBe(join('C:\\Users\\u\\AppData\\Local', 'gui-bridge/code-cache'));
    expect(codeCacheDir({}, 'darwin')).toMatch(/Library\/Caches\/gui-bridge\/code-cache$/);
    expect(codeCacheDir({}, 'linux')).toMatch(/\.cache\/gui-bridge\/code-cache$/);
  });
});
