/**
 * An item's editor (an inline rename opened over a file in a view, found by its focus event): its
 * item takes the text only once the editor is confirmed, so set_field confirms it as Enter does
 * and answers only once the editor has closed; an editor that stays open is reported, not done.
 */
import { describe, expect, it } from 'vitest';
import type { A11yNode } from '../../../src/platform/probe.js';
import { setFieldAction } from '../../../src/translate/kit/actions/fields.js';
import { fakeContext } from './fakeContext.js';
import { frame, n } from './nodes.js';

const QT = ['enabled', 'sensitive', 'showing', 'visible', 'focusable'];

/** pcmanfm-qt's folder: a list of files, and while renaming, its multi-line editor beside the list. */
function folder(files: string[], editor: string | null): A11yNode {
  const list = n(
    'list',
    '',
    { ref: 'view', states: QT },
    files.map((f) => n('list_item', f, { states: [...QT, 'selectable'] })),
  );
  const field =
    editor === null ? [] : [n('text', '', { ref: 'editor', value: editor, itemEditor: true, states: [...QT, 'editable', 'focused', 'multi_line'] })];
  return frame('reports', [list, ...field]);
}

describe('set_field on an item’s editor', () => {
  it('writes the text, confirms it with Return in the focused editor, and answers once the editor closed', async () => {
    let editor: string | null = 'draft.txt';
    const { ctx, calls } = fakeContext(folder(['draft.txt', 'other.txt'], editor), (call) => {
      if (call.primitive === 'setText') return { root: folder(['draft.txt', 'other.txt'], (editor = String(call.args[1]))) };
      if (call.primitive === 'sendKeys') return { root: folder([editor as string, 'other.txt'], null) };
      return undefined;
    });
    const outcome = await setFieldAction.run({ field: 'Text', value: 'final-report.txt' } as never, ctx);
    expect(outcome).toEqual({
      message: 'Text set; confirmed: its editor closed and the item took it. The window changed: re-read app://windows.',
      result: { via: 'editable_text' },
    });
    expect(calls.map((c) => c.primitive)).toEqual(['setText', 'activateWindow', 'focus', 'sendKeys']);
    expect(calls[3]?.args[1]).toEqual({ keys: ['Return'] });
  });

  it('reports an editor still open after Enter as a timeout, never as done', async () => {
    let editor = 'draft.txt';
    const { ctx } = fakeContext(folder(['draft.txt'], editor), (call) => {
      if (call.primitive === 'setText') return { root: folder(['draft.txt'], (editor = String(call.args[1]))) };
      if (call.primitive === 'sendKeys') return { root: folder(['draft.txt'], `${editor}\n`) };
      return undefined;
    });
    await expect(setFieldAction.run({ field: 'Text', value: 'final-report.txt' } as never, ctx)).rejects.toMatchObject({
      code: 'action_timeout',
      message: expect.stringMatching(/did not close on Enter/),
    });
  }, 15_000);

  it('leaves the editor open when submit is false', async () => {
    const { ctx, calls } = fakeContext(folder(['draft.txt'], 'draft.txt'), (call) =>
      call.primitive === 'setText' ? { root: folder(['draft.txt'], String(call.args[1])) } : undefined,
    );
    const outcome = await setFieldAction.run({ field: 'Text', value: 'final-report.txt', submit: false } as never, ctx);
    expect(outcome).toEqual({ message: 'Text set.', result: { via: 'editable_text' } });
    expect(calls.map((c) => c.primitive)).toEqual(['setText']);
  });

  it('still refuses submit on an ordinary multi-line field', async () => {
    const root = frame('Notes', [n('label', 'Body'), n('text', 'Body', { ref: 'body', value: '', states: [...QT, 'editable', 'multi_line'] })]);
    const { ctx, calls } = fakeContext(root);
    await expect(setFieldAction.run({ field: 'Body', value: 'x', submit: true } as never, ctx)).rejects.toMatchObject({ code: 'validation_failed' });
    expect(calls).toEqual([]);
  });
});
