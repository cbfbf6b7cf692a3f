/**
 * The zenity translator's own logic on recorded dialogs: which kind each dialog is, what a list
 * cut by the probe's budget shows, and its actions' runs against a scripted dialog (the
 * primitives used, in order, and the errors). Views are checked by fixtures.test.ts.
 */
import { describe, expect, it } from 'vitest';
import { isSecretNode, SENSITIVE_MASK, type A11yNode } from '../../src/platform/probe.js';
import type { Fixture } from '../../src/platform/fixture/format.js';
import { fixtureFacts } from '../../src/testing/fixtureView.js';
import { fixtureFiles, loadFixture } from '../../src/testing/tester.js';
import { readAndTranslate } from '../../src/translate/define.js';
import type { ActionDef } from '../../src/translate/types.js';
import { zenityTranslator } from '../../translators/zenity/index.js';
import { zenityKind } from '../../translators/zenity/kinds.js';
import { acceptButton, cancelButton } from '../../translators/zenity/dialog.js';
import { fakeContext } from './generic/fakeContext.js';

function load(scenario: string): { fixture: Fixture; root: A11yNode } {
  const fixture = loadFixture(`fixtures/zenity/${scenario}.json`);
  return { fixture, root: structuredClone(Object.values(fixture.trees)[0]?.root as A11yNode) };
}

/** The translator's action of that name on the dialog. */
function actionOf(scenario: string, name: string): { root: A11yNode; action: ActionDef } {
  const { fixture, root } = load(scenario);
  const facts = fixtureFacts(fixture)[0];
  if (!facts) throw new Error(`no window in ${scenario}`);
  const { view } = readAndTranslate(
    zenityTranslator,
    facts,
    { root, nodeCount: 1, truncated: false, warnings: [] },
    { platform: 'linux', warnings: [], truncated: false },
  );
  const action = view.actions.find((a) => a.name === name);
  if (!action) throw new Error(`no ${name} on ${scenario}`);
  return { root, action };
}

const run = (action: ActionDef, args: Record<string, unknown>, ctx: ReturnType<typeof fakeContext>['ctx']) => action.run(args as never, ctx);
/** The scripted dialog closes when a button is clicked (a toggle leaves it open). */
const closes = (c: { primitive: string; args: unknown[] }) => (c.primitive === 'doAction' && c.args[1] === 'click' ? { close: true } : undefined);

describe('zenity dialog kinds', () => {
  it('tells every recorded dialog apart, and leaves scale dialogs to the generic translator', () => {
    const kinds = Object.fromEntries(
      fixtureFiles('fixtures/zenity').map((file) => [
        file.replace(/^.*\/|\.json$/g, ''),
        zenityKind(Object.values(loadFixture(file).trees)[0]?.root as A11yNode) ?? 'generic',
      ]),
    );
    expect(kinds).toEqual({
      checklist: 'list',
      'entry-choices': 'entry',
      'entry-hidden': 'entry',
      entry: 'entry',
      error: 'message',
      'forms-list': 'forms',
      forms: 'forms',
      info: 'message',
      list: 'list',
      'long-list': 'list',
      'password-only': 'entry',
      password: 'entry',
      'question-buttons': 'message',
      question: 'message',
      radiolist: 'list',
      scale: 'generic',
      warning: 'message',
    });
  });

  it('finds the accepting and cancelling buttons whatever their labels', () => {
    const { root } = load('question-buttons');
    expect([acceptButton(root)?.label, cancelButton(root)?.label]).toEqual(['Replace', 'Keep both']);
  });

  it('shows a list the probe cut to its budget with its total and no "partial" warning', () => {
    const { fixture, root } = load('long-list');
    const table = Object.assign(root.children[0]?.children[0]?.children[1]?.children[0] as A11yNode, { childCount: 10_002 });
    table.attributes = { ...table.attributes, rows: '10000' };
    const { view } = readAndTranslate(
      zenityTranslator,
      fixtureFacts(fixture)[0] as never,
      { root, nodeCount: 194, truncated: true, warnings: [] },
      { platform: 'linux', warnings: [], truncated: true },
    );
    expect(view.summary).toBe('"Long list" asks to choose one of 10,000 rows (Number, Name), the first 20 shown (load_rows reads the others): Pick one item');
    expect(view.blocks.map((b) => b.type)).toEqual(['text', 'table']);
    expect(view.blocks[1]).toMatchObject({ offset: 0, total: 10_000 });
  });
});

describe('zenity actions', () => {
  it('answer presses the button by its label and waits for the dialog to close', async () => {
    const { root, action } = actionOf('question-buttons', 'answer');
    const { ctx, calls } = fakeContext(root, closes);
    expect(await run(action, { choice: 'Skip' }, ctx)).toEqual({ message: 'Answered "Skip"; the dialog closed.', result: { choice: 'Skip' } });
    expect(calls).toHaveLength(1);
    expect(calls[0]?.args[1]).toBe('click');
  });

  it('choose reads the row through the probe, selects it and presses OK', async () => {
    const { root, action } = actionOf('long-list', 'choose');
    const table = root.children[0]?.children[0]?.children[1]?.children[0] as A11yNode;
    const row = table.children[2 + 45] as A11yNode;
    const { ctx, calls } = fakeContext(root, closes, { children: [row] });
    const outcome = await run(action, { row: 45, value: '46' }, ctx);
    expect(outcome).toEqual({ message: 'Chose row 45 ("46"); the dialog closed.', result: { row: 45, cells: ['46', 'Item_46'] } });
    expect(calls.map((c) => c.primitive)).toEqual(['readChildren', 'select', 'doAction']);
    expect(calls[0]?.args).toEqual([table.ref, 2 + 45, 1]);
    expect(calls[1]?.args).toEqual([row.ref]);
  });

  it('choose ticks the radio of a radio list instead of selecting the row', async () => {
    const { root, action } = actionOf('radiolist', 'choose');
    const table = root.children[0]?.children[0]?.children[1]?.children[0] as A11yNode;
    const row = table.children.filter((c) => c.role === 'table_row')[1] as A11yNode;
    const { ctx, calls } = fakeContext(root, closes, { children: [row] });
    await run(action, { row: 1 }, ctx);
    expect(calls.slice(1, 2)).toEqual([{ primitive: 'doAction', args: [row.children[0]?.ref, 'toggle'] }]);
  });

  it('submit of a form names every empty required field and sends nothing', async () => {
    const { root, action } = actionOf('forms', 'submit');
    const { ctx, calls } = fakeContext(root, closes);
    await expect(run(action, { fields: {} }, ctx)).rejects.toMatchObject({
      code: 'validation_failed',
      extra: { fields: ['First name', 'Last name', 'Password', 'Team', 'Role'].map((l) => ({ field: `fields.${l}`, error: 'required: it is empty' })) },
    });
    await expect(run(action, { fields: { Surname: 'x' } }, ctx)).rejects.toMatchObject({
      extra: { fields: [{ field: 'fields.Surname', error: 'not a field of this form' }] },
    });
    expect(calls).toEqual([]);
    // Every field listed as optional: the form is sent as it is.
    await run(action, { optional: ['First name', 'Last name', 'Password', 'Team', 'Role'] }, ctx);
    expect(calls.map((c) => c.primitive)).toEqual(['doAction']);
  });

  it('submit of a password dialog never puts the password in its message', async () => {
    const { root, action } = actionOf('password-only', 'submit');
    // The field shows the mask once the text is set, as GTK's password entry does.
    const masked = (node: A11yNode): A11yNode => ({ ...node, ...(isSecretNode(node) ? { value: SENSITIVE_MASK } : {}), children: node.children.map(masked) });
    const { ctx } = fakeContext(root, (c) => (c.primitive === 'setText' ? { root: masked(root) } : closes(c)));
    const outcome = await run(action, { value: 'Zz-unit-secret' }, ctx);
    expect(JSON.stringify(outcome)).not.toContain('Zz-unit-secret');
  });
});
