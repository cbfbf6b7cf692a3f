/**
 * vitest globalSetup: one scratch folder per test run, shared by every test file (they run in
 * parallel forks) and removed when the run ends. The packed tarball lives there (test/package/pack.ts),
 * so it is built once per run, not once per file that installs it.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';

declare module 'vitest' {
  export interface ProvidedContext {
    runFolder: string;
  }
}

export default function setup(project: TestProject): () => void {
  const folder = mkdtempSync(join(tmpdir(), 'gui-bridge-run-'));
  project.provide('runFolder', folder);
  return () => rmSync(folder, { recursive: true, force: true });
}
