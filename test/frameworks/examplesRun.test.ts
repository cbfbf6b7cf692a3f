/**
 * The three framework examples run as a user runs them (`npx tsx examples/<name>/agent.ts`): each
 * starts the built `gui-bridge serve --demo --stable-tools` over stdio itself, with its scripted
 * model (no network), and places the order through the dialog it opened. npm test builds first.
 */
import { spawnSync } from 'node:child_process';
import { join, resolve } from 'node:path';
import { expect, test } from 'vitest';

const ROOT = resolve(import.meta.dirname, '../..');

test.each(['ai-sdk', 'langchain', 'openai-agents'])('examples/%s/agent.ts completes the task over stdio', (name) => {
  const run = spawnSync(process.execPath, ['--import', 'tsx', join('examples', name, 'agent.ts')], { cwd: ROOT, encoding: 'utf8', timeout: 120_000 });
  expect(run.status, run.stderr).toBe(0);
  const lines = run.stdout.trim().split('\n');
  expect(lines.filter((l) => l.startsWith('ERROR'))).toEqual([]);
  expect(lines.at(-1)).toMatch(/^Order placed: window w\d+ submitted, dialog w\d+ confirmed\.$/);
});
