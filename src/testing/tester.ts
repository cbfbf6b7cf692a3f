/**
 * TranslatorTester, in the spirit of ESLint's RuleTester: data-driven checks of translators on
 * recorded fixtures. For `fixtures/<app>/<scenario>.json` the expected output lives next to it in
 * `<scenario>.expected.json`: per translator, per window, what the translator decides — the
 * summary, the published blocks and the actions (names, kinds and the enum values of their input
 * schemas) exactly as the bridge would publish them.
 *
 * The rest of an input schema (types, limits, descriptions) is wording shared by many actions: it
 * is checked once, in one input-schema file (`checkInputSchemas`), so a shared wording change
 * rewrites that file only, not every expected file.
 *
 * Strict: the expected file is validated with unknown keys refused, compared with deep strict
 * equality (an extra or missing key is a difference), and results for translators or windows the
 * run does not produce are errors. Expectations change only on purpose: with UPDATE_EXPECTED=1
 * (or `update: true`) the tester rewrites the file and says so on stderr; it refuses in CI.
 *
 * The test framework is injected (`describe`, `it`), so this module ships without vitest.
 */
import { deepStrictEqual } from 'node:assert/strict';
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { basename, join } from 'node:path';
import { z } from 'zod';
import { formatIssues, parseFixture, type Fixture } from '../platform/fixture/format.js';
import { translateFixture, type PublishedAction, type PublishedWindowView } from './fixtureView.js';
import type { JsonSchema } from '../translate/jsonSchema.js';
import { enumValues } from '../translate/schemaEnums.js';
import type { ActionKind, TranslatorDef } from '../translate/types.js';

export const EXPECTED_FORMAT = 'gui-bridge-expected';
export const EXPECTED_SUFFIX = '.expected.json';
export const INPUT_SCHEMAS_FORMAT = 'gui-bridge-input-schemas';

const KindSchema = z.enum(['read', 'navigate', 'write', 'destructive']);

const ExpectedActionSchema = z.strictObject({
  name: z.string(),
  kind: KindSchema,
  enums: z.record(z.string(), z.array(z.unknown())).optional(),
});

const ExpectedWindowSchema = z.strictObject({
  nativeId: z.string(),
  title: z.string(),
  summary: z.string(),
  blocks: z.array(z.record(z.string(), z.unknown())),
  actions: z.array(ExpectedActionSchema),
});

const ExpectedFileSchema = z.strictObject({
  format: z.literal(EXPECTED_FORMAT),
  version: z.literal(2),
  fixture: z.string(),
  translators: z.record(z.string(), z.strictObject({ windows: z.array(ExpectedWindowSchema) })),
});

const InputSchemasFileSchema = z.strictObject({
  format: z.literal(INPUT_SCHEMAS_FORMAT),
  version: z.literal(1),
  translators: z.record(z.string(), z.record(z.string(), z.strictObject({ fixture: z.string(), inputSchema: z.record(z.string(), z.unknown()) }))),
});

/** An action as an expected file keeps it: `enums` only when its input schema has any. */
export interface ExpectedAction {
  name: string;
  kind: ActionKind;
  enums?: Record<string, unknown[]>;
}

export type ExpectedWindow = Omit<PublishedWindowView, 'actions'> & { actions: ExpectedAction[] };

type ExpectedFile = {
  format: typeof EXPECTED_FORMAT;
  version: 2;
  fixture: string;
  translators: Record<string, { windows: ExpectedWindow[] }>;
};

type InputSchemasFile = {
  format: typeof INPUT_SCHEMAS_FORMAT;
  version: 1;
  translators: Record<string, Record<string, { fixture: string; inputSchema: JsonSchema }>>;
};

export type DescribeFn = (name: string, body: () => void) => void;
export type ItFn = (name: string, body: () => void | Promise<void>) => void;

export interface TesterOptions {
  /** Translators to check; each is run on the fixture windows its `match` selects. */
  translators: readonly TranslatorDef[];
  /** Rewrite expected files instead of comparing (default: UPDATE_EXPECTED=1 in the environment). */
  update?: boolean;
  /** Where update notes go (default stderr). */
  report?: (line: string) => void;
  /**
   * The expected file holds the sections of exactly these translators (default false): set by the
   * repository's own fixture test, which runs every registered translator. Without it, sections of
   * other translators are left alone — an author's test of one translator and the repository's
   * test of all of them share one expected file without rewriting each other's sections.
   */
  complete?: boolean;
}

export function updateRequested(env: NodeJS.ProcessEnv = process.env): boolean {
  return env.UPDATE_EXPECTED === '1' || env.UPDATE_EXPECTED === 'true';
}

export function expectedPathOf(fixturePath: string): string {
  return fixturePath.replace(/\.json$/, EXPECTED_SUFFIX);
}

/** Fixture files of a folder (every `*.json` that is not an expected file), sorted. */
export function fixtureFiles(folder: string): string[] {
  return readdirSync(folder)
    .filter((f) => f.endsWith('.json') && !f.endsWith(EXPECTED_SUFFIX))
    .sort()
    .map((f) => join(folder, f));
}

export function loadFixture(path: string): Fixture {
  return parseFixture(readFileSync(path, 'utf8'), path);
}

/** An action reduced to what its translator decides. */
export function expectedAction(action: PublishedAction): ExpectedAction {
  const enums = enumValues(action.inputSchema);
  return { name: action.name, kind: action.kind, ...(Object.keys(enums).length > 0 ? { enums } : {}) };
}

/** What the given translators make of a fixture, keyed by translator id (translators matching nothing are left out). */
export function produceExpected(fixturePath: string, fixture: Fixture, translators: readonly TranslatorDef[]): ExpectedFile {
  const sections: ExpectedFile['translators'] = {};
  for (const translator of translators) {
    const windows = translateFixture(fixture, translator).map((w) => ({ ...w, actions: w.actions.map(expectedAction) }));
    if (windows.length > 0) sections[translator.id] = { windows };
  }
  return { format: EXPECTED_FORMAT, version: 2, fixture: basename(fixturePath), translators: sections };
}

export function readExpected(path: string): ExpectedFile {
  return readChecked(path, ExpectedFileSchema, 'expected file') as ExpectedFile;
}

function readChecked(path: string, schema: z.ZodType, what: string): unknown {
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch {
    throw new Error(`${path} does not exist. Create it on purpose with UPDATE_EXPECTED=1 and review the diff.`);
  }
  const parsed = schema.safeParse(JSON.parse(text));
  if (!parsed.success) throw new Error(`${path} is not a valid ${what}:\n${formatIssues(parsed.error)}`);
  // Compare against the raw JSON, not the parsed copy: nothing may be stripped before comparing.
  return JSON.parse(text);
}

/** Whether to rewrite `path` instead of comparing; throws for an UPDATE_EXPECTED left on in CI. */
function updating(path: string, options: TesterOptions): boolean {
  if (!(options.update ?? updateRequested())) return false;
  // UPDATE_EXPECTED left on in CI would make every fixture test pass: refuse it there. An
  // explicit `update: true` (the tester's own tests, on temporary copies) is a choice in code.
  if (options.update === undefined && process.env.CI) {
    throw new Error(`refusing to rewrite ${path} in CI: update expectations locally and review the diff`);
  }
  return true;
}

/**
 * Checks (or, in update mode, rewrites) one fixture's expected file for all translators.
 * Throws an AssertionError whose diff shows the first difference.
 */
export function checkFixture(fixturePath: string, options: TesterOptions): void {
  const fixture = loadFixture(fixturePath);
  const actual = produceExpected(fixturePath, fixture, options.translators);
  const expectedPath = expectedPathOf(fixturePath);
  const given = new Set(options.translators.map((t) => t.id));
  if (updating(expectedPath, options)) {
    writeExpected(expectedPath, options.complete ? actual : mergeSections(expectedPath, actual, given), options.report);
    return;
  }
  const expected = readExpected(expectedPath);
  // Only the given translators' sections are compared unless the file must hold exactly them.
  const ids = (file: ExpectedFile) =>
    Object.keys(file.translators)
      .filter((id) => options.complete || given.has(id))
      .sort();
  deepStrictEqual(ids(actual), ids(expected), `${expectedPath}: translators with output differ`);
  for (const id of ids(actual)) {
    const got = actual.translators[id]?.windows ?? [];
    const want = expected.translators[id]?.windows ?? [];
    deepStrictEqual(
      got.map((w) => w.nativeId),
      want.map((w) => w.nativeId),
      `${expectedPath}: windows of "${id}" differ`,
    );
    for (const [i, window] of got.entries()) {
      // JSON round trip: the comparison sees exactly what a client would (no undefined keys).
      const where = `${expectedPath}: "${id}" on window ${window.nativeId} ("${window.title}")`;
      deepStrictEqual(JSON.parse(JSON.stringify(window)), want[i], `${where} differs`);
    }
  }
  deepStrictEqual(expected.fixture, basename(fixturePath), `${expectedPath}: names another fixture`);
}

/**
 * The full input schema of every action the translators publish on the fixtures, once per
 * translator and action name: from the first fixture (in the order given) that publishes it.
 */
export function produceInputSchemas(fixturePaths: readonly string[], translators: readonly TranslatorDef[]): InputSchemasFile {
  const sections: InputSchemasFile['translators'] = {};
  for (const fixturePath of fixturePaths) {
    const fixture = loadFixture(fixturePath);
    for (const translator of translators) {
      for (const window of translateFixture(fixture, translator)) {
        const section = (sections[translator.id] ??= {});
        for (const action of window.actions) section[action.name] ??= { fixture: fixturePath, inputSchema: action.inputSchema };
      }
    }
  }
  const sorted: InputSchemasFile['translators'] = {};
  for (const translator of translators) {
    const section = sections[translator.id];
    if (section) sorted[translator.id] = Object.fromEntries(Object.entries(section).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));
  }
  return { format: INPUT_SCHEMAS_FORMAT, version: 1, translators: sorted };
}

/**
 * Checks (or, in update mode, rewrites) the one file holding the full input schemas: the shared
 * schema wording that expected files leave out. Pass fixture paths in a stable order.
 */
export function checkInputSchemas(fixturePaths: readonly string[], schemasPath: string, options: TesterOptions): void {
  const actual = produceInputSchemas(fixturePaths, options.translators);
  if (updating(schemasPath, options)) {
    writeExpected(schemasPath, actual, options.report);
    return;
  }
  const expected = readChecked(schemasPath, InputSchemasFileSchema, 'input-schema file') as InputSchemasFile;
  deepStrictEqual(Object.keys(actual.translators), Object.keys(expected.translators), `${schemasPath}: translators with actions differ`);
  for (const [id, actions] of Object.entries(actual.translators)) {
    deepStrictEqual(Object.keys(actions), Object.keys(expected.translators[id] ?? {}), `${schemasPath}: actions of "${id}" differ`);
    for (const [name, entry] of Object.entries(actions)) {
      const want = expected.translators[id]?.[name];
      deepStrictEqual(JSON.parse(JSON.stringify(entry)), want, `${schemasPath}: "${id}" action ${name} differs`);
    }
  }
}

/** The existing file with the given translators' sections replaced (or dropped when they produce nothing). */
function mergeSections(path: string, actual: ExpectedFile, given: Set<string>): ExpectedFile {
  let existing: ExpectedFile['translators'] = {};
  try {
    existing = readExpected(path).translators;
  } catch {
    // no file yet (or an invalid one): start from the given translators' sections
  }
  // Existing sections keep their place (a stable diff); a new translator's section is added.
  const merged: ExpectedFile['translators'] = {};
  for (const [id, section] of Object.entries(existing)) {
    const replaced = given.has(id) ? actual.translators[id] : section;
    if (replaced) merged[id] = replaced;
  }
  for (const [id, section] of Object.entries(actual.translators)) merged[id] ??= section;
  return { ...actual, translators: merged };
}

function writeExpected(path: string, content: ExpectedFile | InputSchemasFile, report: ((line: string) => void) | undefined): void {
  const text = `${JSON.stringify(content, null, 2)}\n`;
  let before = '';
  try {
    before = readFileSync(path, 'utf8');
  } catch {
    // a new expected file
  }
  if (before === text) return;
  writeFileSync(path, text);
  (report ?? ((line) => process.stderr.write(`${line}\n`)))(`[TranslatorTester] ${before ? 'updated' : 'created'} ${path}`);
}

/**
 * Registers one `describe` for a fixture folder with one `it` per fixture, e.g. in vitest:
 * `describeFixtureFolder('fixtures/demo-orders', { translators: [demo, generic], describe, it })`.
 */
export function describeFixtureFolder(folder: string, options: TesterOptions & { describe: DescribeFn; it: ItFn }): void {
  const files = fixtureFiles(folder);
  options.describe(`fixtures in ${folder}`, () => {
    if (files.length === 0)
      options.it('has fixtures', () => {
        throw new Error(`${folder} holds no fixture`);
      });
    for (const file of files) options.it(basename(file), () => checkFixture(file, options));
    options.it('has no expected file without its fixture', () => {
      const orphans = readdirSync(folder)
        .filter((f) => f.endsWith(EXPECTED_SUFFIX))
        .filter((f) => !files.includes(join(folder, f.replace(EXPECTED_SUFFIX, '.json'))));
      deepStrictEqual(orphans, [], `${folder}: expected files without a fixture`);
    });
  });
}
