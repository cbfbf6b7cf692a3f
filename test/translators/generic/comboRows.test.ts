/**
 * libadwaita's AdwComboRow (GNOME Calculator's preferences): a combo box with no action, named by
 * the title it lays out inside itself, showing its value as the one row of a small list. It reads
 * as a choice field with that value; `select` opens it by a click on the row, and chooses with
 * keys. Its popover reads the first row as focused when it opens, but that is only the list's
 * cursor (Return there chose nothing, measured): the focus is moved off the asked row and back
 * before Return.
 */
import { beforeEach, describe, expect, it } from 'vitest';
import type { A11yNode } from '../../../src/platform/probe.js';
import { shownOptions } from '../../../src/translate/kit/actions/dropDown.js';
import { choosables, selectAction } from '../../../src/translate/kit/actions/select.js';
import { forgetRoutes } from '../../../src/translate/kit/actions/verified.js';
import { comboRowValue, isComboRow } from '../../../src/translate/kit/comboRows.js';
import { readWindow } from '../../../src/translate/kit/reading.js';
import { isSettingsList } from '../../../src/translate/kit/settingsLists.js';
import { loadFixture } from '../../../src/testing/tester.js';
import { fakeContext, type Call } from './fakeContext.js';
import { frame, GTK4, n } from './nodes.js';

const UNITS = ['Radians', 'Degrees', 'Gradians'];

/** The row as pyatspi reads it in gnome-calculator 43, with its popover while open. */
function angleUnits(value: string, open: { focus: number } | undefined): A11yNode {
  const popover = n('filler', 'GtkPopover', { ref: 'popover', states: GTK4 }, [
    n(
      'list',
      '',
      { ref: 'choices', states: [...GTK4, 'focusable'] },
      UNITS.map((unit, i) =>
        n(
          'list_item',
          '',
          { ref: `unit${i}`, states: [...GTK4, 'focusable', 'selectable', ...(open?.focus === i ? ['focused'] : []), ...(unit === value ? ['selected'] : [])] },
          [n('panel', '', { states: GTK4 }, [n('label', unit, { states: GTK4 })])],
        ),
      ),
    ),
  ]);
  const row = n('combo_box', 'Angle units', { ref: 'row', states: [...GTK4, 'focusable', 'selectable'] }, [
    n('panel', '', { states: GTK4 }, [
      n('panel', '', { states: GTK4 }, [n('label', 'Angle units', { states: GTK4 })]),
      n('panel', '', { states: GTK4 }, [
        n('list', '', { ref: 'shown', states: [...GTK4, 'focusable'] }, [
          n('list_item', value, { states: [...GTK4, 'focusable'] }, [n('panel', '', { states: GTK4 }, [n('label', value, { states: GTK4 })])]),
        ]),
      ]),
    ]),
    ...(open ? [popover] : []),
  ]);
  return frame('Preferences', [n('panel', '', { states: GTK4 }, [row])], [...GTK4, 'active']);
}

/** The scripted row: a click opens it with the first row as cursor; Return chooses only after a move. */
function scripted(start: string) {
  let value = start;
  let open: { focus: number; moved: boolean } | undefined;
  const tree = () => angleUnits(value, open);
  return fakeContext(tree(), (call: Call) => {
    if (call.primitive === 'click' && call.args[0] === 'row') open = { focus: 0, moved: false };
    if (call.primitive === 'sendKeys' && open) {
      for (const key of (call.args[1] as { keys: string[] }).keys) {
        if (!open) break;
        if (key === 'Down') open = { focus: Math.min(open.focus + 1, UNITS.length - 1), moved: true };
        if (key === 'Up') open = { focus: Math.max(open.focus - 1, 0), moved: true };
        if (key === 'Escape') open = undefined;
        if (key === 'Return' && open?.moved) {
          value = UNITS[open.focus] as string;
          open = undefined;
        }
      }
    }
    return { root: tree() };
  });
}

const rowOf = (root: A11yNode) => root.children[0]?.children[0] as A11yNode;
const run = (args: Record<string, unknown>, ctx: ReturnType<typeof fakeContext>['ctx']) => selectAction.run(args as never, ctx);

describe("libadwaita's combo rows", () => {
  beforeEach(() => forgetRoutes());

  it('is read as a choice named by its title, valued by its shown row, offered to select with options shown when it opens', () => {
    const root = angleUnits('Degrees', undefined);
    expect(isComboRow(rowOf(root))).toBe(true);
    expect(comboRowValue(rowOf(root))).toBe('Degrees');
    expect(readWindow(root).fields.map((f) => [f.label, f.value, f.kind])).toEqual([['Angle units', 'Degrees', 'choice']]);
    expect(choosables(readWindow(root)).map((c) => [c.label, c.unknownOptions])).toEqual([['Angle units', true]]);
    // A combo box that shows its value by its name (GTK 3's) is not one.
    expect(isComboRow(n('combo_box', 'Degrees', { actions: ['press'] }, [n('menu', '', {}, [n('menu_item', 'Degrees')])]))).toBe(false);
  });

  it("its options are the popover's rows, not the row showing the value", () => {
    expect(shownOptions(rowOf(angleUnits('Degrees', { focus: 0 }))).map((o) => o.label)).toEqual(UNITS);
    expect(shownOptions(rowOf(angleUnits('Degrees', undefined)))).toEqual([]);
  });

  it('opens by a click on the row; the first row, focused only as the cursor, is reached by a move off it and back', async () => {
    const { ctx, calls } = scripted('Degrees');
    expect(await run({ field: 'Angle units', option: 'radians' }, ctx)).toEqual({ message: 'Chose "Radians" in Angle units.', result: { via: 'keyboard' } });
    expect(calls.filter((c) => ['click', 'doAction', 'sendKeys'].includes(c.primitive))).toEqual([
      { primitive: 'click', args: ['row'] },
      { primitive: 'sendKeys', args: ['x-w1', { keys: ['Down'] }] },
      { primitive: 'sendKeys', args: ['x-w1', { keys: ['Up'] }] },
      { primitive: 'sendKeys', args: ['x-w1', { keys: ['Return'] }] },
    ]);
  });

  it('another row is reached by the keys that move there', async () => {
    const { ctx, calls } = scripted('Degrees');
    expect(await run({ field: 'Angle units', option: 'Gradians' }, ctx)).toMatchObject({ message: 'Chose "Gradians" in Angle units.' });
    expect(calls.filter((c) => c.primitive === 'sendKeys').map((c) => (c.args[1] as { keys: string[] }).keys)).toEqual([['Down', 'Down'], ['Return']]);
  });

  it('an option it does not have: validation_failed with those it has, and the popover closed by Escape while a row of it has the focus', async () => {
    const { ctx, calls } = scripted('Degrees');
    const error = await run({ field: 'Angle units', option: 'Turns' }, ctx).catch((e: unknown) => e);
    expect(error).toMatchObject({
      code: 'validation_failed',
      extra: { fields: [{ field: 'option', error: 'not an option of Angle units; options: "Radians", "Degrees", "Gradians"' }] },
    });
    expect(calls.filter((c) => ['click', 'sendKeys'].includes(c.primitive))).toEqual([
      { primitive: 'click', args: ['row'] },
      { primitive: 'sendKeys', args: ['x-w1', { keys: ['Escape'] }] },
    ]);
  });

  it("a list of preference rows is read as the rows' settings, each labelled by its row, its titles not repeated as text", () => {
    const fixture = loadFixture('fixtures/gnome-calculator/preferences.json');
    const root = Object.values(fixture.trees)[0]?.root as A11yNode;
    const reading = readWindow(root);
    expect(reading.fields.map((f) => [f.label, f.value])).toEqual([
      ['Number of decimals', 9],
      ['Trailing zeroes', false],
      ['Thousands separators', false],
      ['Angle units', 'Degrees'],
      ['Word size', '64-bit'],
      ['Exchange rate refresh interval', 'Weekly'],
    ]);
    expect(reading.collections).toEqual([]);
  });

  it('a list stays a collection when its rows hold no settings, or when it is long', () => {
    const rule = { usesShowing: false };
    const row = (i: number, control: boolean) =>
      n('list_item', `Row ${i}`, { states: GTK4 }, control ? [n('check_box', `Row ${i}`, { states: [...GTK4, 'focusable'], actions: ['click'] })] : []);
    const list = (count: number, control: boolean) =>
      n(
        'list',
        '',
        { states: GTK4 },
        Array.from({ length: count }, (_, i) => row(i, control)),
      );
    expect(isSettingsList(list(6, true), rule)).toBe(true);
    expect(isSettingsList(list(6, false), rule)).toBe(false);
    expect(isSettingsList(list(61, true), rule)).toBe(false);
  });
});
