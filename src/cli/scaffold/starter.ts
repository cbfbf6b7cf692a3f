/**
 * The starter translator `translator new` writes, as source text and as the same translator in
 * this process (to write the package's first expectations). Both are built from the kit calls
 * listed here; test/sdk/walkthrough.test.ts builds and tests the written package, so the two
 * cannot drift apart unnoticed.
 */
import { buildBlocks, defineTranslator, readGeneric, withGenericActions } from '../../sdk/translate.js';
import type { AppMatch, TranslatorDef } from '../../translate/types.js';

export function starterTranslator(id: string, match: AppMatch): TranslatorDef {
  return defineTranslator({
    id,
    match,
    read: (_window, tree) => readGeneric(tree.root),
    translate(window, tree, ctx, reading) {
      const { generic } = reading;
      const summary = `${window.title}: ${generic.fields.length} field(s), ${generic.buttons.length} button(s).`;
      return withGenericActions({ summary, blocks: buildBlocks(generic, ctx), actions: [] }, reading);
    },
  });
}

export function starterSource(id: string, match: AppMatch): string {
  return `/**
 * A GUI Bridge translator for ${match.appName ?? match.appId} (made by \`gui-bridge translator new\`).
 * It starts from the generic reading of each window; make it say what the app's windows mean
 * (the walkthrough: translators/README.md of gui-bridge). Every change shows in \`npm test\`.
 */
import { buildBlocks, defineTranslator, readGeneric, withGenericActions } from 'gui-bridge/translate';

export const translator = defineTranslator({
  id: ${JSON.stringify(id)},
  match: ${JSON.stringify(match)},
  // The reading: computed once per window state, passed to translate and to every action's
  // input and available. The generic one here; add your app's own beside it.
  read: (_window, tree) => readGeneric(tree.root),
  translate(window, tree, ctx, reading) {
    const { generic } = reading;
    const summary = \`\${window.title}: \${generic.fields.length} field(s), \${generic.buttons.length} button(s).\`;
    return withGenericActions({ summary, blocks: buildBlocks(generic, ctx), actions: [] }, reading);
  },
});

export default translator;
`;
}

export function starterTest(scenario: string): string {
  return `/**
 * What the translator makes of every fixture, compared with fixtures/<scenario>.expected.json, and
 * one action run on a fixture window. After a deliberate change: UPDATE_EXPECTED=1 npm test, then
 * review the diff of fixtures/.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { ActionTester, describeFixtureFolder } from 'gui-bridge/testing';
import { translator } from '../src/index.js';

describeFixtureFolder('fixtures', { translators: [translator], describe, it });

describe('actions', () => {
  it('close asks the app to close the window and sees it gone', async () => {
    const tester = new ActionTester({ fixture: 'fixtures/${scenario}.json', translators: [translator] });
    const run = await tester.run({ action: 'close', effect: (call) => (call.primitive === 'closeWindow' ? { close: true } : undefined) });
    assert.equal(run.error, undefined);
    assert.deepEqual(
      run.calls.map((c) => c.primitive),
      ['closeWindow'],
    );
  });
});
`;
}
