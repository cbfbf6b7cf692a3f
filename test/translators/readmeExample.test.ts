/** translators/README.md's worked example is real code: the same file, and it works (house style 12). */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { translateFixture } from '../../src/testing/fixtureView.js';
import { loadFixture } from '../../src/testing/tester.js';
import { readAndTranslate } from '../../src/translate/define.js';
import { yesNoDialogTranslator } from '../../translators/examples/yesNoDialog.js';
import { fakeContext } from './generic/fakeContext.js';

describe('translators/README.md worked example', () => {
  it('the README shows translators/examples/yesNoDialog.ts verbatim', () => {
    const readme = readFileSync('translators/README.md', 'utf8');
    const block = /<!-- example:yesNoDialog -->\n```ts\n([\s\S]*?)```\n<!-- \/example:yesNoDialog -->/.exec(readme)?.[1];
    expect(block).toBe(readFileSync('translators/examples/yesNoDialog.ts', 'utf8'));
  });

  it('translates the recorded zenity question and nothing else', () => {
    const [view] = translateFixture(loadFixture('fixtures/zenity/question.json'), yesNoDialogTranslator);
    expect(view).toMatchObject({
      summary: '"Delete file?" asks: Delete report.txt permanently?',
      blocks: [{ type: 'text', id: 'question', text: 'Delete report.txt permanently?' }],
      actions: [{ name: 'answer', kind: 'write', inputSchema: { properties: { choice: { enum: ['yes', 'no'] } } } }],
    });
    expect(translateFixture(loadFixture('fixtures/zenity/entry.json'), yesNoDialogTranslator)).toEqual([]);
  });

  it('answer presses the button and returns once the dialog has closed', async () => {
    const fixture = loadFixture('fixtures/zenity/question.json');
    const root = Object.values(fixture.trees)[0]!.root;
    const { ctx, calls } = fakeContext(root, (c) => (c.primitive === 'doAction' ? { close: true } : undefined));
    const answer = readAndTranslate(yesNoDialogTranslator, ctx.window!.facts, ctx.window!.tree, { platform: 'linux', warnings: [], truncated: false }).view
      .actions[0]!;
    expect(await answer.run({ choice: 'yes' } as never, ctx)).toEqual({ message: 'Answered yes.' });
    const yes = JSON.stringify(root).match(/"ref":"([^"]+)","role":"push_button","name":"Yes"/)?.[1];
    expect(calls).toEqual([{ primitive: 'doAction', args: [yes, 'click'] }]);
  });
});
