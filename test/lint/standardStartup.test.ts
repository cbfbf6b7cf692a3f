/**
 * Start-up with standard means only (docs/decisions/startup-standard-means.md): no module of the
 * package changes V8's flags at run time, which Node documents as unpredictable, or keeps compiled
 * code of its own; the CLI turns on Node's own module compile cache where the runtime has it.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = resolve(import.meta.dirname, '../..');
/** Run-time V8 flag changes and a home-made code cache (V8 data handed to vm.Script). */
const FORBIDDEN = /\bsetFlagsFromString\b|\bcachedData\b|\bcreateCachedData\b/;

function sources(folder: string): string[] {
  return readdirSync(join(ROOT, folder), { recursive: true, encoding: 'utf8' })
    .filter((f) => /\.(ts|mjs|js)$/.test(f))
    .map((f) => join(folder, f));
}

describe('start-up by standard means', () => {
  it('no module changes V8 flags at run time or caches compiled code itself', () => {
    const files = [...sources('src'), ...sources('translators'), 'scripts/bundle.mjs'];
    expect(files.length).toBeGreaterThan(300);
    expect(files.filter((f) => FORBIDDEN.test(readFileSync(join(ROOT, f), 'utf8')))).toEqual([]);
  });

  it("the CLI turns on Node's module compile cache, only where the runtime has it", () => {
    const cli = readFileSync(join(ROOT, 'src/cli.ts'), 'utf8');
    expect(cli).toMatch(/\.enableCompileCache\?\.\(\)/);
  });
});
