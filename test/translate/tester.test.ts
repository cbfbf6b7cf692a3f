/** TranslatorTester: strict comparison, explicit update mode, purity checks. */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { serializeFixture } from '../../src/platform/fixture/format.js';
import { defineTranslator } from '../../src/translate/define.js';
import { enumValues } from '../../src/translate/schemaEnums.js';
import { checkFixture, checkInputSchemas, describeFixtureFolder, expectedPathOf, updateRequested } from '../../src/testing/tester.js';
import type { TranslatorDef } from '../../src/translate/types.js';
import { genericTranslator } from '../../translators/generic/index.js';
import { recordDemoScenario } from '../translators/demoScenarios.js';

const dirs: string[] = [];
afterEach(() => {
  vi.unstubAllEnvs();
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

async function fixtureCopy(): Promise<string> {
  const dir = mkdtempSync(join(tmpdir(), 'gb-tester-'));
  dirs.push(dir);
  const path = join(dir, 'preferences.json');
  writeFileSync(path, serializeFixture(await recordDemoScenario('preferences')));
  return path;
}

const quiet = { report: () => {} };
const translators = [genericTranslator];

describe('TranslatorTester', () => {
  it('creates expectations only in update mode, then passes on the same output', async () => {
    const path = await fixtureCopy();
    expect(() => checkFixture(path, { translators, update: false })).toThrow(/does not exist.*UPDATE_EXPECTED=1/s);
    const lines: string[] = [];
    checkFixture(path, { translators, update: true, report: (l) => lines.push(l) });
    expect(lines).toEqual([`[TranslatorTester] created ${expectedPathOf(path)}`]);
    expect(() => checkFixture(path, { translators, update: false })).not.toThrow();
    const expected = JSON.parse(readFileSync(expectedPathOf(path), 'utf8'));
    expect(Object.keys(expected.translators)).toEqual(['generic']);
    expect(expected.translators.generic.windows[0]).toMatchObject({ title: 'Order Editor — #12345' });
  });

  it('keeps only what a translator decides of an action: name, kind and enum values', async () => {
    const path = await fixtureCopy();
    checkFixture(path, { translators, update: true, ...quiet });
    const actions = JSON.parse(readFileSync(expectedPathOf(path), 'utf8')).translators.generic.windows[0].actions;
    for (const action of actions) expect(Object.keys(action).filter((k) => !['name', 'kind', 'enums'].includes(k))).toEqual([]);
    const press = actions.find((a: { name: string }) => a.name === 'press');
    expect(press).toMatchObject({ kind: expect.any(String), enums: { button: expect.arrayContaining([expect.any(String)]) } });
    expect(JSON.stringify(actions)).not.toContain('description');
  });

  it('fails on any difference: summary, an extra key in a block, a missing action', async () => {
    const path = await fixtureCopy();
    checkFixture(path, { translators, update: true, ...quiet });
    const file = expectedPathOf(path);
    const pristine = readFileSync(file, 'utf8');
    type ExpectedWindow = { summary: string; blocks: [Record<string, unknown>]; actions: unknown[] };
    type ExpectedFile = { translators: { generic: { windows: [ExpectedWindow] } } };
    const edit = (change: (e: ExpectedFile) => void) => {
      const e = JSON.parse(pristine) as ExpectedFile;
      change(e);
      writeFileSync(file, JSON.stringify(e));
    };
    edit((e) => (e.translators.generic.windows[0].summary = 'Something else.'));
    expect(() => checkFixture(path, { translators, update: false })).toThrow(/differs/);
    edit((e) => (e.translators.generic.windows[0].blocks[0].colour = 'red'));
    expect(() => checkFixture(path, { translators, update: false })).toThrow(/differs/);
    edit((e) => e.translators.generic.windows[0].actions.pop());
    expect(() => checkFixture(path, { translators, update: false })).toThrow(/differs/);
  });

  it('is strict about unknown keys and about translators the run does not produce', async () => {
    const path = await fixtureCopy();
    checkFixture(path, { translators, update: true, ...quiet });
    const file = expectedPathOf(path);
    const e = JSON.parse(readFileSync(file, 'utf8'));
    writeFileSync(file, JSON.stringify({ ...e, comment: 'hi' }));
    expect(() => checkFixture(path, { translators, update: false })).toThrow(/not a valid expected file[\s\S]*comment/);
    writeFileSync(file, JSON.stringify({ ...e, translators: { ...e.translators, other: { windows: [] } } }));
    expect(() => checkFixture(path, { translators, update: false, complete: true })).toThrow(/translators with output differ/);
    // Without `complete`, another translator's section belongs to another test: left alone.
    expect(() => checkFixture(path, { translators, update: false })).not.toThrow();
  });

  it("compares and rewrites only the given translators' sections: two tests share one expected file", async () => {
    const path = await fixtureCopy();
    const claimsAll = defineTranslator({ id: 'my-app', match: { title: /Order Editor/ }, translate: () => ({ summary: 'Mine.', blocks: [], actions: [] }) });
    // The repository's test (every translator) and an author's test (only theirs), both updating.
    checkFixture(path, { translators: [claimsAll, genericTranslator], complete: true, update: true, ...quiet });
    const both = readFileSync(expectedPathOf(path), 'utf8');
    checkFixture(path, { translators: [claimsAll], update: true, ...quiet });
    expect(readFileSync(expectedPathOf(path), 'utf8')).toBe(both);
    expect(() => checkFixture(path, { translators: [claimsAll], update: false })).not.toThrow();
    expect(() => checkFixture(path, { translators: [claimsAll, genericTranslator], complete: true, update: false })).not.toThrow();
    // A given translator that stops producing output still fails: its section is stale.
    const silent = defineTranslator({ id: 'my-app', match: { title: 'nothing' }, translate: () => ({ summary: '', blocks: [], actions: [] }) });
    expect(() => checkFixture(path, { translators: [silent], update: false })).toThrow(/translators with output differ/);
  });

  it('checks the full input schemas once, in one file, and fails on a wording change there', async () => {
    const path = await fixtureCopy();
    const schemas = join(path, '..', 'input-schemas.expected.json');
    expect(() => checkInputSchemas([path], schemas, { translators, update: false })).toThrow(/does not exist/);
    checkInputSchemas([path], schemas, { translators, update: true, ...quiet });
    expect(() => checkInputSchemas([path], schemas, { translators, update: false })).not.toThrow();
    const file = JSON.parse(readFileSync(schemas, 'utf8'));
    expect(file.translators.generic.press).toMatchObject({ fixture: path, inputSchema: { type: 'object' } });
    file.translators.generic.press.inputSchema.properties.button.description = 'Reworded.';
    writeFileSync(schemas, JSON.stringify(file));
    expect(() => checkInputSchemas([path], schemas, { translators, update: false })).toThrow(/"generic" action press differs/);
    delete file.translators.generic.press;
    writeFileSync(schemas, JSON.stringify(file));
    expect(() => checkInputSchemas([path], schemas, { translators, update: false })).toThrow(/actions of "generic" differ/);
    vi.stubEnv('CI', 'true');
    vi.stubEnv('UPDATE_EXPECTED', '1');
    expect(() => checkInputSchemas([path], schemas, { translators, ...quiet })).toThrow(/refusing to rewrite .* in CI/);
  });

  it('refuses an UPDATE_EXPECTED left on in CI, reads UPDATE_EXPECTED, obeys an explicit update', async () => {
    const path = await fixtureCopy();
    vi.stubEnv('CI', 'true');
    vi.stubEnv('UPDATE_EXPECTED', '1');
    expect(() => checkFixture(path, { translators, ...quiet })).toThrow(/refusing to rewrite .* in CI/);
    expect(() => checkFixture(path, { translators, update: true, ...quiet })).not.toThrow();
    vi.unstubAllEnvs();
    expect(updateRequested({ UPDATE_EXPECTED: '1' })).toBe(true);
    expect(updateRequested({})).toBe(false);
  });

  it('fails translators that mutate their input or are not deterministic', async () => {
    const path = await fixtureCopy();
    const mutating: TranslatorDef = defineTranslator({
      id: 'mutating',
      match: {},
      translate: (_w, tree) => {
        (tree.root as { name: string }).name = 'changed';
        return { summary: '', blocks: [], actions: [] };
      },
    });
    let n = 0;
    const flaky = defineTranslator({ id: 'flaky', match: {}, translate: () => ({ summary: `run ${++n}`, blocks: [], actions: [] }) });
    expect(() => checkFixture(path, { translators: [mutating], update: true, ...quiet })).toThrow(/read only|read-only|Cannot assign/);
    expect(() => checkFixture(path, { translators: [flaky], update: true, ...quiet })).toThrow(/not deterministic/);
  });

  it('finds enum values by path: properties, array items, anyOf branches, additionalProperties', () => {
    const schema = {
      type: 'object',
      properties: {
        button: { type: 'string', enum: ['OK', 'Cancel'], description: 'shared wording' },
        rows: { type: 'array', items: { enum: ['a', 'b'] } },
        at: { anyOf: [{ type: 'integer' }, { type: 'string', enum: ['start', 'end'] }] },
        fields: { type: 'object', properties: { Team: { enum: ['Red'] } }, additionalProperties: { enum: [1] } },
        text: { type: 'string' },
      },
    };
    expect(enumValues(schema)).toEqual({
      button: ['OK', 'Cancel'],
      'rows[]': ['a', 'b'],
      at: ['start', 'end'],
      'fields.Team': ['Red'],
      'fields.*': [1],
    });
    expect(enumValues({ type: 'object', properties: {} })).toEqual({});
  });

  it('registers one describe per folder, one it per fixture, and catches orphan expected files', async () => {
    const path = await fixtureCopy();
    checkFixture(path, { translators, update: true, ...quiet });
    writeFileSync(join(path, '..', 'gone.expected.json'), '{}');
    const names: string[] = [];
    const bodies: Array<() => void | Promise<void>> = [];
    describeFixtureFolder(join(path, '..'), {
      translators,
      update: false,
      describe: (name, body) => {
        names.push(name);
        body();
      },
      it: (name, body) => {
        names.push(name);
        bodies.push(body);
      },
    });
    expect(names.slice(1)).toEqual(['preferences.json', 'has no expected file without its fixture']);
    await expect(Promise.resolve().then(bodies[0])).resolves.toBeUndefined();
    await expect(Promise.resolve().then(bodies[1])).rejects.toThrow(/expected files without a fixture/);
  });
});
