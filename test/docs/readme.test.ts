/** README examples are real: each one equals what a run of the demo produces now. */
import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { expect, test } from 'vitest';
import { produceReadmeExamples, readmeBlock } from './readmeExamples.js';

const README = readFileSync(join(resolve(import.meta.dirname, '../..'), 'README.md'), 'utf8');

test('README protocol examples match a real run of the demo', async () => {
  const examples = await produceReadmeExamples();
  for (const [name, text] of Object.entries(examples)) {
    expect(readmeBlock(README, name), `README example "${name}"`).toBe(text);
  }
});

test('README starts with the two commands, and .ci/run runs the README test command', () => {
  expect(README).toMatch(/npm start/);
  expect(README).toMatch(/npm test/);
  const ci = readFileSync(join(resolve(import.meta.dirname, '../..'), '.ci/run'), 'utf8');
  expect(ci).toMatch(/^npm test$/m);
});

test('README is for users: at most 400 lines, no benchmark tables (docs/benchmarks.md has them)', () => {
  expect(README.split('\n').length).toBeLessThanOrEqual(400);
  expect(README).not.toMatch(/<!-- bench:/);
});
