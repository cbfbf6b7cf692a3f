/** Writes read their effect back and fall back to the next route when one did not take. */
import { beforeEach, describe, expect, it } from 'vitest';
import type { A11yNode } from '../../../src/platform/probe.js';
import type { ActionDef } from '../../../src/translate/types.js';
import { setFieldAction, toggleAction } from '../../../src/translate/kit/actions/fields.js';
import { typeTextAction } from '../../../src/translate/kit/actions/keys.js';
import { selectAction } from '../../../src/translate/kit/actions/select.js';
import { forgetRoutes } from '../../../src/translate/kit/actions/verified.js';
import { readGeneric, UNREADABLE_DOCUMENT } from '../../../src/translate/kit/reading.js';
import { summarise } from '../../../src/translate/kit/summary.js';
import { fakeContext, type Call } from './fakeContext.js';
import { frame, GTK3, n } from './nodes.js';

const run = (action: ActionDef, args: Record<string, unknown>, ctx: ReturnType<typeof fakeContext>['ctx']) => action.run(args as never, ctx);
const primitives = (calls: Call[]) => calls.map((c) => c.primitive);

/** A web form whose text fields ignore EditableText (Gecko): only focus and keys change them. */
function geckoForm(state: { name: string; focused?: string; checked?: boolean; multi?: boolean }): A11yNode {
  const focus = (ref: string) => (state.focused === ref ? ['focused'] : []);
  return frame('Form', [
    n('label', 'Full name'),
    n('entry', 'Full name', {
      ref: 'name',
      value: state.name,
      states: [...GTK3, 'editable', 'focusable', ...focus('name'), ...(state.multi ? ['multi_line'] : [])],
    }),
    n('label', 'Gift wrapping', {}, [
      n('check_box', 'Gift wrapping', {
        ref: 'gift',
        actions: ['check'],
        states: [...GTK3, 'focusable', ...focus('gift'), ...(state.checked ? ['checked'] : [])],
      }),
    ]),
  ]);
}

/** The scripted Gecko: SetTextContents and the check box's action are accepted and change nothing. */
function gecko(start: { name: string; multi?: boolean }) {
  const state: { name: string; focused?: string; checked?: boolean; multi?: boolean; selectedAll?: boolean } = { ...start };
  return fakeContext(geckoForm(state), (call) => {
    if (call.primitive === 'focus') state.focused = String(call.args[0]);
    else if (call.primitive === 'sendKeys') {
      const input = call.args[1] as { text?: string; keys?: string[] };
      if (input.keys?.join() === 'ctrl+a,BackSpace' && state.focused === 'name') state.name = '';
      else if (input.keys?.join() === 'space' && state.focused === 'gift') state.checked = !state.checked;
      else if (input.text !== undefined && state.focused === 'name') state.name += input.text;
    } else return undefined;
    return { root: geckoForm(state) };
  });
}

describe('verified writes', () => {
  beforeEach(() => forgetRoutes());

  it('set_field falls back to focus + select-all + typing when EditableText changes nothing, and says so', async () => {
    const { ctx, calls } = gecko({ name: 'old' });
    const outcome = await run(setFieldAction, { field: 'Full name', value: 'Ada Lovelace' }, ctx);
    expect(outcome).toEqual({ message: 'Full name set.', result: { via: 'typing' } });
    expect(calls).toEqual([
      { primitive: 'setText', args: ['name', 'Ada Lovelace', expect.any(Object)] },
      { primitive: 'activateWindow', args: ['x-w1'] },
      { primitive: 'focus', args: ['name'] },
      { primitive: 'sendKeys', args: ['x-w1', { keys: ['ctrl+a', 'BackSpace'] }] },
      { primitive: 'sendKeys', args: ['x-w1', { text: 'Ada Lovelace' }] },
    ]);
  });

  it('the route that worked is tried first next time for the same app and control role', async () => {
    const { ctx, calls } = gecko({ name: '' });
    await run(setFieldAction, { field: 'Full name', value: 'one' }, ctx);
    calls.length = 0;
    expect(await run(setFieldAction, { field: 'Full name', value: 'two' }, ctx)).toEqual({ message: 'Full name set.', result: { via: 'typing' } });
    expect(primitives(calls)).toEqual(['activateWindow', 'focus', 'sendKeys', 'sendKeys']);
  });

  it('a line break is never typed into a one-line field (Return would submit): the error names the routes tried', async () => {
    const { ctx, calls } = gecko({ name: '' });
    const failed = run(setFieldAction, { field: 'Full name', value: 'a\nb' }, ctx);
    await expect(failed).rejects.toMatchObject({ code: 'action_not_available' });
    await expect(failed).rejects.toThrow(/tried: editable_text, typing \(refused: a one-line field cannot take a line break/);
    expect(calls.filter((c) => c.primitive === 'sendKeys')).toEqual([]);
  });

  it('no key is sent when the field never shows the focus', async () => {
    const root = frame('Form', [n('label', 'Name'), n('entry', 'Name', { ref: 'e', value: '', states: [...GTK3, 'editable'] })]);
    const { ctx, calls } = fakeContext(root);
    await expect(run(setFieldAction, { field: 'Name', value: 'x' }, ctx)).rejects.toThrow(/did not take the keyboard focus/);
    expect(primitives(calls)).toEqual(['setText', 'activateWindow', 'focus']);
  });

  it('a probe that typed for want of EditableText reports the typing route (Chromium)', async () => {
    let name = '';
    const form = () => frame('Form', [n('label', 'Name'), n('entry', 'Name', { ref: 'e', value: name, states: [...GTK3, 'editable'] })]);
    const { ctx } = fakeContext(form(), (call) => (call.primitive === 'setText' ? ((name = String(call.args[1])), { root: form() }) : undefined));
    const typed = ctx.probe.setText;
    ctx.probe.setText = async (ref, text) => (await typed(ref, text), 'typed');
    expect(await run(setFieldAction, { field: 'Name', value: 'Ada' }, ctx)).toEqual({ message: 'Name set.', result: { via: 'typing' } });
  });

  it('a check box wrapped in its label gets a toggle; an action that changes nothing hands over to Space', async () => {
    const { ctx, calls } = gecko({ name: '' });
    const reading = readGeneric(ctx.window!.tree.root);
    expect(reading.generic.fields.map((f) => [f.label, f.kind])).toContainEqual(['Gift wrapping', 'check']);
    expect(reading.generic.texts).not.toContain('Gift wrapping');
    expect(await run(toggleAction, { field: 'Gift wrapping', on: true }, ctx)).toEqual({ message: 'Gift wrapping is on.', result: { via: 'keyboard' } });
    expect(calls.slice(0, 1)).toEqual([{ primitive: 'doAction', args: ['gift', 'check'] }]);
    expect(calls.at(-1)).toEqual({ primitive: 'sendKeys', args: ['x-w1', { keys: ['space'] }] });
  });

  it('select on a tab without Selection presses the tab', async () => {
    const tabs = (selected: string) =>
      frame('Settings', [
        n(
          'page_tab_list',
          '',
          { ref: 'tabs' },
          ['Fonts', 'Palette'].map((name) =>
            n('page_tab', name, { ref: name, actions: ['Press'], states: [...GTK3, 'selectable', ...(name === selected ? ['selected'] : [])] }),
          ),
        ),
      ]);
    const { ctx, calls } = fakeContext(tabs('Fonts'), (call) => {
      if (call.primitive === 'select') throw new Error('no container with the Selection interface above the item');
      return call.primitive === 'doAction' ? { root: tabs(String(call.args[0])) } : undefined;
    });
    expect(await run(selectAction, { field: 'Tab', option: 'Palette' }, ctx)).toEqual({
      message: 'Chose "Palette" in Tab.',
      result: { via: 'action' },
    });
    expect(calls).toEqual([
      { primitive: 'select', args: ['Palette'] },
      { primitive: 'doAction', args: ['Palette', 'Press'] },
    ]);
  });
});

describe('Qt tab strips', () => {
  beforeEach(() => forgetRoutes());

  it('the current tab is the focused one, the strip is not named after it, and select presses the tab', async () => {
    const strip = (current: string) =>
      frame('Settings', [
        n(
          'page_tab_list',
          current,
          { ref: 'tabs', states: ['focusable', 'showing', 'visible', 'enabled'] },
          ['Appearance', 'Fonts'].map((name) =>
            n('page_tab', name, {
              ref: name,
              actions: ['Press'],
              states: ['focusable', 'showing', 'visible', 'enabled', ...(name === current ? ['focused'] : [])],
            }),
          ),
        ),
      ]);
    const { ctx, calls } = fakeContext(strip('Appearance'), (call) => {
      if (call.primitive === 'select') throw new Error('no container with the Selection interface above the item');
      return call.primitive === 'doAction' ? { root: strip(String(call.args[0])) } : undefined;
    });
    const tabs = readGeneric(ctx.window!.tree.root).generic.tabs;
    expect(tabs.map((t) => [t.label, t.options.filter((o) => o.selected).map((o) => o.label)])).toEqual([['Appearance tabs', ['Appearance']]]);
    expect(await run(selectAction, { field: 'Appearance tabs', option: 'Fonts' }, ctx)).toEqual({
      message: 'Chose "Fonts" in Appearance tabs.',
      result: { via: 'action' },
    });
    expect(calls.map((c) => c.primitive)).toEqual(['select', 'doAction']);
  });
});

describe('a document drawn on a bare drawing area', () => {
  const page = (focused: string) =>
    frame('Untitled1', [
      n('push_button', 'Bold', { ref: 'bold', actions: ['click'], states: [...GTK3, 'focusable', ...(focused === 'bold' ? ['focused'] : [])] }),
      n('drawing_area', '', { ref: 'page', states: [...GTK3, 'focusable', ...(focused === 'page' ? ['focused'] : [])] }),
    ]);

  it('gets type_text, which focuses the area first; the summary and a notice say its text cannot be read', async () => {
    const { ctx, calls } = fakeContext(page('bold'), (call) => (call.primitive === 'focus' ? { root: page(String(call.args[0])) } : undefined));
    const reading = readGeneric(ctx.window!.tree.root);
    expect(typeTextAction.available?.({ summary: '', blocks: [], actions: [] }, reading)).toBe(true);
    expect(reading.generic.notices).toContainEqual({ severity: 'info', text: UNREADABLE_DOCUMENT });
    expect(summarise({ title: 'Untitled1', modal: false, windowType: 'normal' }, reading.root, reading.generic)).toMatch(
      /a document whose text cannot be read/,
    );
    const outcome = await run(typeTextAction, { text: 'Dear reader' }, ctx);
    expect(outcome).toMatchObject({ result: { via: 'keyboard' } });
    expect(calls).toEqual([
      { primitive: 'activateWindow', args: ['x-w1'] },
      { primitive: 'focus', args: ['page'] },
      { primitive: 'sendKeys', args: ['x-w1', { text: 'Dear reader' }] },
    ]);
  });
});

describe('a combo box whose value setting does not take', () => {
  beforeEach(() => forgetRoutes());

  it('is chosen by pointer in its drop-down once the drop-down shows the option', async () => {
    const combo = (value: string, open: boolean) =>
      frame('Settings', [
        n('label', 'Style'),
        n('combo_box', value, { ref: 'combo', states: [...GTK3, ...(open ? ['expanded'] : [])] }, [
          n(
            'list',
            '',
            { ref: 'list', states: open ? GTK3 : ['enabled', 'sensitive'] },
            ['Fusion', 'Windows'].map((name) =>
              n('list_item', name, { ref: name, states: open ? [...GTK3, 'selectable'] : ['enabled', 'sensitive', 'selectable'] }),
            ),
          ),
        ]),
      ]);
    const { ctx, calls } = fakeContext(combo('Fusion', false), (call) => {
      if (call.primitive === 'select') throw new Error('the combo box did not take the chosen option');
      if (call.primitive === 'click') return { root: call.args[0] === 'combo' ? combo('Fusion', true) : combo(String(call.args[0]), false) };
      return undefined;
    });
    expect(await run(selectAction, { field: 'Style', option: 'Windows' }, ctx)).toEqual({ message: 'Chose "Windows" in Style.', result: { via: 'pointer' } });
    expect(calls).toEqual([
      { primitive: 'select', args: ['Windows'] },
      { primitive: 'click', args: ['combo'] },
      { primitive: 'click', args: ['Windows'] },
    ]);
  });
});
