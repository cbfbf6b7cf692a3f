/**
 * Buttons with a popup menu of their own (Gecko's toolbar buttons of type "menu"): a press whose
 * action only opened the menu closes it and presses the button's face by pointer (Thunderbird's
 * Save: the face saves); a button whose face opens the menu too answers that it only opens a menu,
 * naming the entries the `menu` tool runs, and leaves it closed. The built, closed popup's items
 * are entries of their own.
 */
import { describe, expect, it } from 'vitest';
import type { A11yNode } from '../../../src/platform/probe.js';
import { pressAction } from '../../../src/translate/kit/actions/press.js';
import { menuEntriesOfButton } from '../../../src/translate/kit/menus.js';
import { fakeContext, type Call } from './fakeContext.js';
import { frame, n } from './nodes.js';

const SHOWN = ['enabled', 'sensitive', 'focusable', 'visible', 'showing'];
const HIDDEN = ['enabled', 'sensitive', 'focusable', 'showing'];

/** Thunderbird's compose toolbar as pyatspi shows it: Save and its popup, closed or open. */
function compose(popup: 'unbuilt' | 'closed' | 'open', status = ''): A11yNode {
  const open = popup === 'open';
  const items =
    popup === 'unbuilt'
      ? []
      : ['File…', 'Draft', 'Template'].map((name) => n('radio_menu_item', name, { ref: `save-${name}`, states: open ? SHOWN : HIDDEN, actions: ['click'] }));
  const save = n('push_button', 'Save', { ref: 'save', states: [...SHOWN, 'has_popup'], actions: ['press'], description: 'Save this message' }, [
    n('menu', 'Save', { ref: 'save-popup', states: open ? ['enabled', 'sensitive', 'visible', 'showing'] : ['enabled', 'sensitive'] }, items),
  ]);
  return frame('Write: notes - Thunderbird', [n('tool_bar', 'Composition Toolbar', {}, [save]), ...(status ? [n('label', status, {})] : [])]);
}

/** Thunderbird: the action opens the popup, Escape closes it; the face by pointer saves (`split`) or opens it too. */
function scripted(split: boolean) {
  let state: 'unbuilt' | 'closed' | 'open' = 'unbuilt';
  const effect = (call: Call) => {
    if (call.primitive === 'doAction' && call.args[0] === 'save') state = 'open';
    else if (call.primitive === 'sendKeys' && state === 'open') state = 'closed';
    else if (call.primitive === 'click' && call.args[0] === 'save') {
      if (!split) state = 'open';
      else return { root: compose(state, 'Message saved') };
    } else return undefined;
    return { root: compose(state) };
  };
  return fakeContext(compose('unbuilt'), effect);
}

/** What was done to the app: reads (children read afresh) and waits left out. */
const steps = (calls: Call[]) => calls.filter((c) => c.primitive !== 'settle' && c.primitive !== 'readChildren').map((c) => [c.primitive, ...c.args]);

describe('press on a button whose action only opens its own menu', () => {
  it('closes the menu and presses the face by pointer: a split button runs its face (Save)', async () => {
    const { ctx, calls } = scripted(true);
    const outcome = await pressAction.run({ button: 'Save' } as never, ctx);
    expect(outcome && outcome.message).toBe(
      'Pressed "Save" on its face, by pointer (its action only opens its menu). The window changed: re-read app://windows.',
    );
    expect(steps(calls)).toEqual([
      ['doAction', 'save', 'press'],
      ['sendKeys', 'x-w1', { keys: ['Escape'] }],
      ['click', 'save'],
    ]);
  });

  it('a button whose face opens the menu too only opens a menu: the answer names its entries, the menu is closed', async () => {
    const { ctx, calls } = scripted(false);
    await expect(pressAction.run({ button: 'Save' } as never, ctx)).rejects.toMatchObject({
      code: 'validation_failed',
      message:
        '"Save" only opens its menu (closed again): run one of its entries with menu: "Save this message > File…", "Save this message > Draft", "Save this message > Template".',
    });
    expect(steps(calls)).toEqual([
      ['doAction', 'save', 'press'],
      ['sendKeys', 'x-w1', { keys: ['Escape'] }],
      ['click', 'save'],
      ['sendKeys', 'x-w1', { keys: ['Escape'] }],
    ]);
  });

  it('a press whose action runs the command is answered as before, with no pointer and no Escape', async () => {
    const { ctx, calls } = fakeContext(compose('unbuilt'), (call) => (call.primitive === 'doAction' ? { open: 'w2' } : undefined));
    const outcome = await pressAction.run({ button: 'Save' } as never, ctx);
    expect(outcome && outcome.message).toBe('Pressed "Save". Opened window w2 (see openedWindowIds).');
    expect(steps(calls)).toEqual([['doAction', 'save', 'press']]);
  });
});

describe("a Gecko button's own popup menu", () => {
  const saveOf = (root: A11yNode) => root.children[0]?.children[0] as A11yNode;

  it('is the button’s menu, not a submenu: its entries are named under the button, open or built and closed', () => {
    expect(menuEntriesOfButton(saveOf(compose('open'))).map((e) => e.path)).toEqual([
      'Save this message > File…',
      'Save this message > Draft',
      'Save this message > Template',
    ]);
    expect(menuEntriesOfButton(saveOf(compose('closed'))).map((e) => e.path)).toEqual([
      'Save this message > File…',
      'Save this message > Draft',
      'Save this message > Template',
    ]);
    expect(menuEntriesOfButton(saveOf(compose('unbuilt')))).toEqual([]);
  });
});
