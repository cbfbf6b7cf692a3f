/** Generic action `run`s against a scripted app: the primitive used, the effect awaited, the errors. */
import { describe, expect, it } from 'vitest';
import { BridgeError } from '../../../src/protocol/errors.js';
import type { A11yNode } from '../../../src/platform/probe.js';
import type { ActionDef } from '../../../src/translate/types.js';
import { setFieldAction } from '../../../src/translate/kit/actions/fields.js';
import { typeTextAction } from '../../../src/translate/kit/actions/keys.js';
import { loadTextAction } from '../../../src/translate/kit/actions/load.js';
import { menuAction } from '../../../src/translate/kit/actions/menu.js';
import { pressAction } from '../../../src/translate/kit/actions/press.js';
import { selectAction } from '../../../src/translate/kit/actions/select.js';
import { translateGeneric } from '../../../translators/generic/index.js';
import { readGeneric } from '../../../src/translate/kit/reading.js';
import { fakeContext } from './fakeContext.js';
import { frame, GTK3, n } from './nodes.js';

const run = (action: ActionDef, args: Record<string, unknown>, ctx: ReturnType<typeof fakeContext>['ctx']) => action.run(args as never, ctx);
const hidden = ['enabled', 'sensitive', 'visible'];

describe('generic action runs', () => {
  it('menu runs the entry itself and reports the window it opened', async () => {
    const root = frame('Editor', [
      n('menu_bar', '', {}, [n('menu', 'File', { states: hidden }, [n('menu_item', 'Save As…', { ref: 'save-as', states: hidden, actions: ['click'] })])]),
    ]);
    const { ctx, calls } = fakeContext(root, (c) => (c.primitive === 'doAction' ? { open: 'w2' } : undefined));
    const outcome = await run(menuAction, { path: 'File > Save As…' }, ctx);
    expect(calls).toEqual([{ primitive: 'doAction', args: ['save-as', 'click'] }]);
    expect(outcome).toEqual({ message: 'Ran "File > Save As…". Opened window w2 (see openedWindowIds).' });
  });

  it('menu types the keys the toolkit names for the entry instead of running its action', async () => {
    const root = frame('Editor', [
      n('menu_bar', '', {}, [n('menu', 'File', { states: hidden }, [n('menu_item', 'Save As…', { ref: 'save-as', states: hidden, actions: ['click'] })])]),
    ]);
    const { ctx, calls } = fakeContext(root, (c) => (c.primitive === 'sendKeys' ? { open: 'w2' } : undefined), { menuKeys: { 'save-as': ['ctrl+shift+s'] } });
    const outcome = await run(menuAction, { path: 'File > Save As…' }, ctx);
    expect(calls).toEqual([{ primitive: 'sendKeys', args: ['x-w1', { keys: ['ctrl+shift+s'] }] }]);
    expect(outcome).toEqual({ message: 'Ran "File > Save As…" (keys ctrl+shift+s). Opened window w2 (see openedWindowIds).' });
  });

  it('menu runs the action when the toolkit names no keys for the entry', async () => {
    const root = frame('Editor', [
      n('menu_bar', '', {}, [n('menu', 'View', { states: hidden }, [n('menu_item', 'Classic', { ref: 'classic', states: hidden, actions: ['click'] })])]),
    ]);
    const { ctx, calls } = fakeContext(root, undefined, { menuKeys: {} });
    await run(menuAction, { path: 'View > Classic' }, ctx);
    expect(calls).toEqual([{ primitive: 'doAction', args: ['classic', 'click'] }]);
  });

  it('press clicks by pointer when the button has no action, and says when nothing changed', async () => {
    const root = frame('w', [n('push_button', 'Go', { ref: 'go' })]);
    const { ctx, calls } = fakeContext(root);
    expect(await run(pressAction, { button: 'Go' }, ctx)).toEqual({ message: 'Pressed "Go". No visible change yet: re-read app://windows later.' });
    expect(calls).toEqual([{ primitive: 'click', args: ['go'] }]);
  });

  it('press on a button that is gone is action_not_available', async () => {
    const { ctx } = fakeContext(frame('w', []));
    await expect(run(pressAction, { button: 'Go' }, ctx)).rejects.toMatchObject({ code: 'action_not_available' });
  });

  it('set_field on a number uses setValue and refuses text that is no number', async () => {
    const spin = (value: string) => frame('w', [n('label', 'Width'), n('spin_button', '', { ref: 'spin', value, states: [...GTK3, 'editable'] })]);
    const { ctx, calls } = fakeContext(spin('8'), (c) => (c.primitive === 'setValue' ? { root: spin(String(c.args[1])) } : undefined));
    expect(await run(setFieldAction, { field: 'Width', value: '42' }, ctx)).toEqual({ message: 'Width set.', result: { via: 'value' } });
    expect(calls).toEqual([{ primitive: 'setValue', args: ['spin', 42] }]);
    const refused = run(setFieldAction, { field: 'Width', value: 'wide' }, ctx);
    await expect(refused).rejects.toBeInstanceOf(BridgeError);
    await expect(refused).rejects.toMatchObject({ code: 'validation_failed', extra: { fields: [{ field: 'value', error: 'must be a number' }] } });
  });

  it('select on a list selects the item and waits until it shows selected', async () => {
    const list = (selected: string) =>
      frame('w', [
        n(
          'list_box',
          'Places',
          { ref: 'places' },
          ['Home', 'Desktop'].map((name) =>
            n('list_item', '', { ref: name, states: [...GTK3, 'selectable', ...(name === selected ? ['selected'] : [])] }, [n('label', name)]),
          ),
        ),
      ]);
    const { ctx, calls } = fakeContext(list('Home'), (c) => (c.primitive === 'select' ? { root: list(String(c.args[0])) } : undefined));
    expect(await run(selectAction, { field: 'Places', option: 'Desktop' }, ctx)).toEqual({
      message: 'Chose "Desktop" in Places.',
      result: { via: 'selection' },
    });
    expect(calls).toEqual([{ primitive: 'select', args: ['Desktop'] }]);
    expect(await run(selectAction, { field: 'Places', option: 'Desktop' }, ctx)).toEqual({ message: 'Desktop is already chosen in Places.' });
  });

  it("a Qt item view's rows (one list_item per column) show their shown item's name and select that item, not the row", async () => {
    const QT = ['enabled', 'sensitive', 'visible', 'showing'];
    const cell = (ref: string, name: string, shown: boolean, selected: boolean) =>
      n('list_item', name, { ref, states: [...(shown ? QT : ['enabled', 'sensitive']), 'selectable', ...(selected ? ['selected'] : [])], actions: ['toggle'] });
    const view = (selected: string) =>
      frame('files', [
        n(
          'list',
          'Files',
          { ref: 'files', attributes: { rows: '2', columns: '3' } },
          ['notes.txt', 'report.txt'].map((name, row) =>
            n('table_row', '', { ref: `files#row${row}`, states: [] }, [
              cell(name, name, true, name === selected),
              cell(`${name}-type`, 'plain text document', false, false),
              cell(`${name}-size`, '2 bytes', false, false),
            ]),
          ),
        ),
      ]);
    const { blocks } = translateGeneric({ title: 'files', modal: false, windowType: 'normal' } as never, readGeneric(view('')), {
      warnings: [],
      truncated: false,
    });
    expect(blocks.find((b) => b.type === 'list')).toMatchObject({ items: ['notes.txt', 'report.txt'] });
    const { ctx, calls } = fakeContext(view(''), (c) => (c.primitive === 'select' ? { root: view(String(c.args[0])) } : undefined));
    expect(await run(selectAction, { field: 'Files', option: 'report.txt' }, ctx)).toEqual({
      message: 'Chose "report.txt" in Files.',
      result: { via: 'selection' },
    });
    expect(calls).toEqual([{ primitive: 'select', args: ['report.txt'] }]);
  });

  it('type_text sends exact text to the window and never echoes it', async () => {
    const root = frame('w', [n('text', '', { value: '', states: [...GTK3, 'editable'] })]);
    const { ctx, calls } = fakeContext(root);
    const outcome = await run(typeTextAction, { text: 's3cr3t!' }, ctx);
    expect(calls).toEqual([{ primitive: 'sendKeys', args: ['x-w1', { text: 's3cr3t!' }] }]);
    expect(JSON.stringify(outcome)).not.toContain('s3cr3t');
  });

  it('load_text is offered for a cut document and reads the full text through the probe', async () => {
    const long = 'x'.repeat(5000) + 'END';
    const root: A11yNode = frame('Editor', [n('text', '', { ref: 'doc', value: long, states: [...GTK3, 'editable', 'multi_line'] })]);
    expect(loadTextAction.available?.({ summary: '', blocks: [], actions: [] }, readGeneric(root))).toBe(true);
    const { ctx } = fakeContext(root, undefined, { texts: { doc: long } });
    expect(await run(loadTextAction, { field: 'Text', offset: 5000, limit: 10 }, ctx)).toEqual({
      message: '3 of 5003 characters of Text.',
      result: { text: 'END', offset: 5000, total: 5003 },
    });
  });
});

describe('documents the probe read only in part', () => {
  it('say how much is left and offer load_text', () => {
    const root = frame('Editor', [
      n('text', '', { ref: 'doc', value: 'Chapter 1\nIt was', attributes: { character_count: '120000' }, states: [...GTK3, 'editable', 'multi_line'] }),
    ]);
    expect(loadTextAction.available?.({ summary: '', blocks: [], actions: [] }, readGeneric(root))).toBe(true);
    const { blocks } = translateGeneric({ title: 'Editor', modal: false, windowType: 'normal' } as never, readGeneric(root), {
      warnings: [],
      truncated: false,
    });
    expect(blocks).toEqual([{ type: 'text', id: 'document-text', text: 'Chapter 1\nIt was…\n[119984 more characters: use load_text]' }]);
  });
});

describe('type_text reads its effect back where the focused target shows its text', () => {
  const doc = (value: string) =>
    frame('Editor', [n('text', 'Text', { ref: 'doc', value, states: [...GTK3, 'editable', 'multi_line', 'focusable', 'focused'] })]);

  it('answers once the typed letters show in the target, whatever the editor did to quotes and case', async () => {
    const texts = { doc: 'The second line.\n' };
    const { ctx } = fakeContext(doc(texts.doc), () => void (texts.doc = 'The second line.\nDon’t wait, dear reader.'), { texts });
    expect(await run(typeTextAction, { text: "don't wait, dear reader." }, ctx)).toMatchObject({
      message: expect.stringMatching(/^Typed 24 characters\./),
      result: { via: 'keyboard' },
    });
  });

  it('says so when the target shows only part of the text, or none of it, and never echoes it', async () => {
    const texts = { doc: 'The second line.\n' };
    const part = fakeContext(doc(texts.doc), () => void (texts.doc = 'The second line.\nar reader, '), { texts });
    const error = await run(typeTextAction, { text: 'Dear reader, ' }, part.ctx).catch((e: unknown) => e);
    expect(error).toMatchObject({ code: 'action_not_available', message: expect.stringContaining('shows only 8 of their 10 letters and digits') });
    expect(JSON.stringify(error)).not.toContain('Dear');
    const none = fakeContext(doc('The second line.\n'), undefined, { texts: { doc: 'The second line.\n' } });
    expect(await run(typeTextAction, { text: 'lost' }, none.ctx).catch((e: unknown) => e)).toMatchObject({
      code: 'action_not_available',
      message: expect.stringContaining('shows none of them'),
    });
  });

  it('does not check a one-line field given a line break (Return may submit and empty it), nor a masked one', async () => {
    const field = (states: string[], extra = {}) =>
      frame('Find', [n('text', 'Search', { ref: 'f', value: '', states: [...GTK3, 'editable', 'focused', ...states], ...extra })]);
    expect(await run(typeTextAction, { text: 'query\n' }, fakeContext(field(['single_line'])).ctx)).toMatchObject({ result: { via: 'keyboard' } });
    expect(await run(typeTextAction, { text: 'pass' }, fakeContext(field([], { sensitive: true })).ctx)).toMatchObject({ result: { via: 'keyboard' } });
  });
});
