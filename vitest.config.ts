import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts', 'translators/**/*.test.ts'],
    // One scratch folder per run: the packed tarball is built there once (test/package/pack.ts).
    globalSetup: ['test/runFolder.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    // Live tests share one headless desktop per file; files run in parallel on 2 cores.
    pool: 'forks',
  },
});
