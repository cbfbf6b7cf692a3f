/**
 * A combo box whose options the probe could not read (ITEMS_UNREAD on its list: Qt 5 miscounts a
 * branch of a tree model) keeps its `select`: the combo box opened by its action, the option's
 * name typed into its list, Return, and the value it shows read back; a name it has no item for
 * is undone.
 */
import { beforeEach, describe, expect, it } from 'vitest';
import { ITEMS_UNREAD, type A11yNode } from '../../../src/platform/probe.js';
import { choosables, optionSchema, selectAction } from '../../../src/translate/kit/actions/select.js';
import { forgetRoutes } from '../../../src/translate/kit/actions/verified.js';
import { readWindow } from '../../../src/translate/kit/reading.js';
import { fakeContext, type Call } from './fakeContext.js';
import { frame, GTK3, n } from './nodes.js';

const TABLES = ['people', 'towns'];

/** DB Browser's table chooser as the probe reads it: its value, and a list whose items were not asked. */
function chooser(value: string, open = false): A11yNode {
  // Qt gives the list a size only while it shows.
  const list = n('list', '', { ref: 'list', states: GTK3, attributes: { [ITEMS_UNREAD.key]: ITEMS_UNREAD.value }, ...(open ? {} : { zeroSize: true }) });
  return frame('DB Browser for SQLite - shop.db', [
    n('label', 'Table:', { ref: 'caption' }),
    n(
      'combo_box',
      value,
      {
        ref: 'combo',
        states: [...GTK3, 'focusable'],
        actions: ['ShowMenu', 'Press'],
        description: 'Select a table to browse data',
      },
      [list],
    ),
  ]);
}

/** Qt's combo box: ShowMenu opens its list, typed text makes the first item starting with it current (keyboard search), Return chooses it. */
function scripted(start: string, opens = true) {
  let value = start;
  let current: string | undefined;
  return fakeContext(chooser(value), (call: Call) => {
    if (call.primitive === 'doAction' && call.args[1] === 'ShowMenu' && opens) current = value;
    if (call.primitive === 'sendKeys' && current !== undefined) {
      const input = call.args[1] as { text?: string; keys?: string[] };
      if (input.text) current = TABLES.find((t) => t.startsWith((input.text as string).slice(0, 1))) ?? current;
      if (input.keys?.includes('Return')) [value, current] = [current, undefined];
    }
    return { root: chooser(value, current !== undefined) };
  });
}

const run = (args: Record<string, unknown>, ctx: ReturnType<typeof fakeContext>['ctx']) => selectAction.run(args as never, ctx);

describe('a combo box whose options cannot be read', () => {
  beforeEach(() => forgetRoutes());

  it('is offered to select with a free-text option that says to name it', () => {
    const targets = choosables(readWindow(chooser('people')));
    expect(targets).toHaveLength(1);
    expect(targets[0]).toMatchObject({ options: [], typed: true });
    const schema = optionSchema(targets);
    expect(schema.safeParse('towns').success).toBe(true);
    expect(JSON.stringify(schema.description)).toContain('its options cannot be read');
  });

  it('types the name into the focused combo box and reads the value back', async () => {
    const { ctx, calls } = scripted('people');
    const label = choosables(readWindow(chooser('people')))[0]?.label as string;
    await expect(run({ field: label, option: 'towns' }, ctx)).resolves.toMatchObject({ result: { via: 'keyboard' } });
    expect(calls.filter((c) => c.primitive !== 'readChildren').map((c) => [c.primitive, c.args[1]])).toEqual([
      ['doAction', 'ShowMenu'],
      ['sendKeys', { text: 'towns' }],
      ['sendKeys', { keys: ['Return'] }],
    ]);
  });

  it('a name it has no item for, which chose another, is undone: the value it showed is typed back', async () => {
    const { ctx, calls } = scripted('towns');
    const label = choosables(readWindow(chooser('towns')))[0]?.label as string;
    await expect(run({ field: label, option: 'parcels' }, ctx)).rejects.toMatchObject({ code: 'action_not_available' });
    expect(calls.filter((c) => c.primitive === 'sendKeys' && 'text' in (c.args[1] as object)).map((c) => c.args[1])).toEqual([
      { text: 'parcels' },
      { text: 'towns' },
    ]);
  });

  it('sends no key when the list does not show: typed into the window, they would act on it', async () => {
    const { ctx, calls } = scripted('people', false);
    const label = choosables(readWindow(chooser('people')))[0]?.label as string;
    await expect(run({ field: label, option: 'towns' }, ctx)).rejects.toMatchObject({ code: 'action_not_available' });
    expect(calls.filter((c) => c.primitive === 'sendKeys')).toEqual([]);
  });
});
