/**
 * GTK 4's GtkDropDown: its options exist only in a popover built when its toggle button opens it.
 * `select` offers it with a free-text option, opens it by the button's action, moves the popover's
 * focus with the arrow keys, activates the row with Return once it shows focused, and
 * reads the drop-down's value back; an option it does not show closes the popover again.
 */
import { beforeEach, describe, expect, it } from 'vitest';
import type { A11yNode } from '../../../src/platform/probe.js';
import { fixtureFacts } from '../../../src/testing/fixtureView.js';
import { loadFixture } from '../../../src/testing/tester.js';
import { matchOption, shownOptions } from '../../../src/translate/kit/actions/dropDown.js';
import { choosables, optionSchema, selectAction } from '../../../src/translate/kit/actions/select.js';
import { forgetRoutes } from '../../../src/translate/kit/actions/verified.js';
import { readWindow } from '../../../src/translate/kit/reading.js';
import { findFirst } from '../../../src/translate/tree.js';
import { fakeContext, type Call } from './fakeContext.js';
import { frame, GTK4, n } from './nodes.js';

const ROWS = ['Unix/Linux (LF)', 'Mac OS Classic (CR)', 'Windows (CR+LF)'];

/** The Save As dialog's Line Ending as GTK 4 exposes it (pyatspi on gnome-text-editor), open or closed. */
function lineEnding(value: string, open: { focus: number } | undefined): A11yNode {
  const rows = ROWS.map((label, i) =>
    n('list_item', '', { ref: `row${i}`, states: [...GTK4, 'focusable', 'selectable', ...(open?.focus === i ? ['focused', 'selected'] : [])] }, [
      n('panel', '', { states: GTK4 }, [n('label', label, { states: GTK4 })]),
    ]),
  );
  const popover = n('filler', 'GtkPopover', { ref: 'popover', actions: ['default.activate'], states: GTK4 }, [
    n('list', 'GtkListView', { ref: 'list', actions: ['list.unselect-all', 'list.select-all'], states: [...GTK4, 'focusable'] }, rows),
  ]);
  return frame(
    'Save As',
    [
      n('panel', '', { states: GTK4 }, [
        n('label', 'Line Ending:', { states: GTK4 }),
        n('combo_box', 'GtkDropDown', { ref: 'combo', states: GTK4 }, [
          n('push_button', 'GtkToggleButton', { ref: 'toggle', actions: ['click'], states: [...GTK4, 'focusable', ...(open ? ['pressed'] : [])] }, [
            n('panel', 'GtkStackPage', { states: GTK4 }, [n('label', '(None)', { states: GTK4, zeroSize: true })]),
            n('panel', 'GtkStackPage', { states: GTK4 }, [n('filler', 'GtkListItemWidget', { states: GTK4 }, [n('label', value, { states: GTK4 })])]),
          ]),
          ...(open ? [popover] : []),
        ]),
      ]),
    ],
    [...GTK4, 'active'],
  );
}

/** The scripted drop-down: the toggle opens and closes it, arrows move the focus, Return chooses. */
function scripted(start: string, options: { focusable?: boolean; focusAfterAsks?: number } = {}) {
  let value = start;
  let open: { focus: number } | undefined;
  const focusable = options.focusable ?? true;
  // GTK 4 on a busy machine: the popover's rows show before one takes the focus (asked afresh).
  let asks = 0;
  const late = options.focusAfterAsks;
  const shownFocus = () => (open && focusable && (late === undefined || asks > late) ? open : open ? { focus: -1 } : undefined);
  const tree = () => lineEnding(value, shownFocus());
  const listRows = () => findFirst(tree(), (node) => node.ref === 'list')?.children ?? [];
  const fresh =
    late === undefined
      ? {}
      : {
          get children() {
            asks++;
            return listRows();
          },
        };
  return fakeContext(
    tree(),
    (call: Call) => {
      if (call.primitive === 'doAction' && call.args[0] === 'toggle') open = open ? undefined : { focus: ROWS.indexOf(value) };
      if (call.primitive === 'sendKeys' && open) {
        for (const key of (call.args[1] as { keys: string[] }).keys) {
          if (!open) break;
          if (key === 'Down') open = { focus: Math.min(open.focus + 1, ROWS.length - 1) };
          if (key === 'Up') open = { focus: Math.max(open.focus - 1, 0) };
          if (key === 'Return') {
            value = ROWS[open.focus] as string;
            open = undefined;
          }
        }
      }
      return { root: tree() };
    },
    fresh,
  );
}

const run = (args: Record<string, unknown>, ctx: ReturnType<typeof fakeContext>['ctx']) => selectAction.run(args as never, ctx);

describe("select on GTK 4's drop-downs", () => {
  beforeEach(() => forgetRoutes());

  it('offers the recorded Save As drop-downs with a free-text option', () => {
    const fixture = loadFixture('fixtures/gtk-file-chooser/gnome-text-editor-save-as.json');
    const facts = fixtureFacts(fixture).find((w) => w.title === 'Save As');
    const root = fixture.trees[facts?.nativeId ?? '']?.root as A11yNode;
    const targets = choosables(readWindow(root)).filter((t) => t.unknownOptions);
    expect(targets.map((t) => [t.label, t.options])).toEqual(
      expect.arrayContaining([
        ['Character Encoding', []],
        ['Line Ending', []],
      ]),
    );
    const schema = optionSchema(choosables(readWindow(root)));
    expect(schema.safeParse('Windows (CR+LF)').success).toBe(true);
    expect(schema.safeParse('').success).toBe(false);
    expect(JSON.stringify(schema.description)).toContain('Line Ending: shown when it opens');
  });

  it('keeps an enum when every option is known', () => {
    const known = { label: 'Style', node: n('combo_box', 'Fusion'), options: [{ label: 'Fusion', node: n('list_item', 'Fusion'), selected: true }] };
    const schema = optionSchema([known]);
    expect(schema.safeParse('Fusion').success).toBe(true);
    expect(schema.safeParse('Windows').success).toBe(false);
  });

  it('reads the open popover rows by their labels, and matches an option exactly, then loosely', () => {
    const combo = lineEnding('Unix/Linux (LF)', { focus: 0 }).children[0]?.children[1] as A11yNode;
    const shown = shownOptions(combo);
    expect(shown.map((o) => [o.label, o.node.ref])).toEqual(ROWS.map((label, i) => [label, `row${i}`]));
    expect(matchOption(shown, 'windows (cr+lf)')?.label).toBe('Windows (CR+LF)');
    expect(matchOption(shown, 'Windows')).toBeUndefined();
    // The closed drop-down shows no rows: its button's value is not an option.
    expect(shownOptions(lineEnding('Unix/Linux (LF)', undefined).children[0]?.children[1] as A11yNode)).toEqual([]);
  });

  it('opens it by its button, walks the focus with Down and chooses with Return, read back', async () => {
    const { ctx, calls } = scripted('Unix/Linux (LF)');
    expect(await run({ field: 'Line Ending', option: 'windows (cr+lf)' }, ctx)).toEqual({
      message: 'Chose "Windows (CR+LF)" in Line Ending.',
      result: { via: 'keyboard' },
    });
    expect(calls.filter((c) => c.primitive === 'doAction' || c.primitive === 'sendKeys')).toEqual([
      { primitive: 'doAction', args: ['toggle', 'click'] },
      { primitive: 'sendKeys', args: ['x-w1', { keys: ['Down', 'Down'] }] },
      { primitive: 'sendKeys', args: ['x-w1', { keys: ['Return'] }] },
    ]);
  });

  it('an option it does not show: the popover closed again by its button, validation_failed with the options seen', async () => {
    const { ctx, calls } = scripted('Unix/Linux (LF)');
    const error = await run({ field: 'Line Ending', option: 'Amiga (LF+CR)' }, ctx).catch((e: unknown) => e);
    expect(error).toMatchObject({
      code: 'validation_failed',
      extra: { fields: [{ field: 'option', error: 'not an option of Line Ending; options: "Unix/Linux (LF)", "Mac OS Classic (CR)", "Windows (CR+LF)"' }] },
    });
    expect(calls.filter((c) => c.primitive === 'doAction' || c.primitive === 'sendKeys')).toEqual([
      { primitive: 'doAction', args: ['toggle', 'click'] },
      { primitive: 'doAction', args: ['toggle', 'click'] },
    ]);
  });

  it('sends no key when the focus is not on a row of the popover, and closes it', async () => {
    const { ctx, calls } = scripted('Unix/Linux (LF)', { focusable: false });
    const error = await run({ field: 'Line Ending', option: 'Windows (CR+LF)' }, ctx).catch((e: unknown) => e);
    expect(error).toMatchObject({ code: 'action_not_available', message: expect.stringContaining('no key was sent') });
    expect(calls.map((c) => c.primitive)).not.toContain('sendKeys');
    expect(calls.filter((c) => c.primitive === 'doAction')).toEqual([
      { primitive: 'doAction', args: ['toggle', 'click'] },
      { primitive: 'doAction', args: ['toggle', 'click'] },
    ]);
  });

  it('waits for a focus that comes late to the popover, then walks it', async () => {
    const { ctx, calls } = scripted('Unix/Linux (LF)', { focusAfterAsks: 2 });
    expect(await run({ field: 'Line Ending', option: 'Windows (CR+LF)' }, ctx)).toEqual({
      message: 'Chose "Windows (CR+LF)" in Line Ending.',
      result: { via: 'keyboard' },
    });
    expect(calls.filter((c) => c.primitive === 'readChildren').length).toBeGreaterThan(2);
    expect(calls.filter((c) => c.primitive === 'sendKeys')).toEqual([
      { primitive: 'sendKeys', args: ['x-w1', { keys: ['Down', 'Down'] }] },
      { primitive: 'sendKeys', args: ['x-w1', { keys: ['Return'] }] },
    ]);
  });

  it('the value already shown: nothing is opened', async () => {
    const { ctx, calls } = scripted('Windows (CR+LF)');
    expect(await run({ field: 'Line Ending', option: 'Windows (CR+LF)' }, ctx)).toEqual({ message: 'Windows (CR+LF) is already chosen in Line Ending.' });
    expect(calls).toEqual([]);
  });
});
