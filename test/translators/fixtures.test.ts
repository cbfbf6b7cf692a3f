/**
 * Every recorded fixture against its expected output (`<scenario>.expected.json`), for every
 * translator of the registry that claims a window and for the generic translator on every window;
 * and the full input schemas of every published action, once, against `input-schemas.expected.json`.
 * Regenerate on purpose with UPDATE_EXPECTED=1 and review the diff.
 */
import { readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { checkInputSchemas, describeFixtureFolder, fixtureFiles } from '../../src/testing/tester.js';
import { registry } from '../../translators/index.js';

const ROOT = 'fixtures';
const INPUT_SCHEMAS = join(ROOT, 'input-schemas.expected.json');
/** Not gui-bridge fixtures: hand-written platform helper answers read by the win32/darwin probe tests. */
const PLATFORM_RAW_FOLDERS = ['ax', 'uia'];
const translators = [...registry.translators, registry.fallback];

const folders = readdirSync(ROOT)
  .sort()
  .filter((f) => statSync(join(ROOT, f)).isDirectory() && !PLATFORM_RAW_FOLDERS.includes(f));
for (const folder of folders) describeFixtureFolder(join(ROOT, folder), { translators, complete: true, describe, it });

describe('input schemas', () => {
  it('match the one file with the shared schema wording', () => {
    checkInputSchemas(
      folders.flatMap((f) => fixtureFiles(join(ROOT, f))),
      INPUT_SCHEMAS,
      { translators },
    );
  });
});

describe('fixture folders', () => {
  it('covers every app folder (only the listed platform-raw folders are skipped)', () => {
    expect(folders.length).toBeGreaterThanOrEqual(4);
    for (const raw of PLATFORM_RAW_FOLDERS) expect(folders).not.toContain(raw);
  });
});
