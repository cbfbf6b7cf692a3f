import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts', 'translators/**/*.test.ts'],
    // One scratch folder per run: the packed tarball is built there once (test/package/pack.ts).
    globalSetup: ['test/runFolder.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    // Live tests share one headless desktop per file, and files run in parallel. At least two
    // workers: vitest's default (cores − 1) runs one file at a time on two cores, while most of a
    // live file's time is spent waiting for apps to start and answer.
    pool: 'forks',
    maxWorkers: Math.max(2, availableParallelism() - 1),
  },
});
