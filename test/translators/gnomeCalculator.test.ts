/**
 * The gnome-calculator translator's own logic on recorded trees: what the display means, numbers,
 * and its actions' runs against a scripted calculator (the primitive used, the effect awaited,
 * the errors). The views themselves are checked by fixtures.test.ts against *.expected.json.
 */
import { describe, expect, it } from 'vitest';
import type { A11yNode } from '../../src/platform/probe.js';
import { findFirst } from '../../src/translate/tree.js';
import type { ActionDef } from '../../src/translate/types.js';
import { loadFixture } from '../../src/testing/tester.js';
import { calculateAction, clearAction } from '../../translators/gnome-calculator/calculate.js';
import { switchModeAction } from '../../translators/gnome-calculator/mode.js';
import { calculationState, numericValue, readCalculator } from '../../translators/gnome-calculator/reading.js';
import { fakeContext } from './generic/fakeContext.js';

function rootOf(scenario: string): A11yNode {
  const fixture = loadFixture(`fixtures/gnome-calculator/${scenario}.json`);
  return structuredClone(Object.values(fixture.trees)[0]?.root as A11yNode);
}

/** A copy of the tree with `change` applied to every node (return a replacement or undefined). */
function edit(node: A11yNode, change: (n: A11yNode) => A11yNode | undefined): A11yNode {
  const own = change(node) ?? node;
  return { ...own, children: own.children.map((c) => edit(c, change)) };
}

const isDisplay = (n: A11yNode) => n.role === 'text' && n.states.includes('editable');
const isStatus = (n: A11yNode) => n.role === 'text' && n.states.includes('read_only');

/** The calculator after "=": display showing the result, the status empty, a history row added. */
function solved(root: A11yNode, expression: string, result: string): A11yNode {
  const list = findFirst(root, (n) => n.role === 'list') as A11yNode;
  const template = list.children.at(-1) as A11yNode;
  let label = 0;
  const texts = [expression, '=', result];
  const row = edit(structuredClone(template), (n) =>
    n.role === 'label' ? { ...n, name: texts[label++] ?? '', ref: `${n.ref}-new` } : { ...n, ref: `${n.ref}-new` },
  );
  return edit(root, (n) => {
    if (n === list) return { ...n, children: [...n.children, row] };
    if (isDisplay(n)) return { ...n, value: result };
    if (isStatus(n)) return { ...n, value: '' };
    return undefined;
  });
}

const run = (action: ActionDef, args: Record<string, unknown>, ctx: ReturnType<typeof fakeContext>['ctx']) => action.run(args as never, ctx);

describe('gnome-calculator reading', () => {
  it('tells a calculation from a pending expression, a failure and an empty display', () => {
    expect(calculationState(readCalculator(rootOf('basic-result')))).toEqual({ kind: 'calculated', expression: '12×3', result: '36' });
    expect(calculationState(readCalculator(rootOf('malformed')))).toEqual({ kind: 'failed', expression: '2+', error: 'Malformed expression' });
    const typing = edit(rootOf('basic-result'), (n) => (isDisplay(n) ? { ...n, value: '36+1' } : undefined));
    expect(calculationState(readCalculator(typing))).toEqual({ kind: 'pending', expression: '36+1' });
    const empty = edit(rootOf('basic-result'), (n) => (isDisplay(n) ? { ...n, value: '' } : undefined));
    expect(calculationState(readCalculator(empty))).toEqual({ kind: 'empty' });
  });

  it('finds the mode, the "=" and "Clear Display" buttons, and the open mode menu', () => {
    const closed = readCalculator(rootOf('basic-result'));
    expect(closed.mode).toBe('Basic');
    expect(closed.modeItems).toEqual([]);
    expect([closed.equals?.description, closed.clear?.description]).toEqual(['Calculate Result', 'Clear Display [Escape]']);
    expect(readCalculator(rootOf('mode-menu')).modeItems.map((n) => n.name)).toEqual(['Basic', 'Advanced', 'Financial', 'Programming', 'Keyboard']);
  });

  it('reads results as numbers only when they are plain decimals', () => {
    expect(numericValue('89')).toBe(89);
    expect(numericValue('−3')).toBe(-3);
    expect(numericValue('1,234.5')).toBe(1234.5);
    expect(numericValue('0.333333333')).toBeCloseTo(1 / 3);
    expect(numericValue('2.5e-3')).toBe(0.0025);
    expect(numericValue('1×10³')).toBeUndefined();
    expect(numericValue('FF₁₆')).toBeUndefined();
  });
});

describe('gnome-calculator actions', () => {
  it('calculate enters the expression, presses "=" and returns the result once the history has it', async () => {
    const start = rootOf('basic-result');
    const reading = readCalculator(start);
    const { ctx, calls } = fakeContext(start, (c) => (c.primitive === 'doAction' ? { root: solved(start, '12*7+5', '89') } : undefined));
    const outcome = await run(calculateAction, { expression: ' 12*7+5 ' }, ctx);
    expect(calls).toEqual([
      { primitive: 'setText', args: [reading.display?.ref, '12*7+5'] },
      { primitive: 'doAction', args: [reading.equals?.ref, 'click'] },
    ]);
    expect(outcome).toEqual({ message: '12*7+5 = 89', result: { expression: '12*7+5', result: '89', value: 89 } });
  });

  it('calculate accepts an expression calculated again, for which the calculator adds no history row', async () => {
    const start = rootOf('basic-result');
    const display = (text: string) => edit(start, (n) => (isDisplay(n) ? { ...n, value: text } : undefined));
    const { ctx } = fakeContext(start, (c) => ({ root: display(c.primitive === 'setText' ? '12×3' : '36') }));
    expect(await run(calculateAction, { expression: '12×3' }, ctx)).toMatchObject({ result: { expression: '12×3', result: '36' } });
  });

  it('calculate takes the new answer to the last expression when no row is added (sin(90) after the angle units changed)', async () => {
    const start = rootOf('basic-result');
    const display = (text: string) => edit(start, (n) => (isDisplay(n) ? { ...n, value: text } : undefined));
    const { ctx } = fakeContext(start, (c) => ({ root: display(c.primitive === 'setText' ? '12×3' : '0.5') }));
    expect(await run(calculateAction, { expression: '12×3' }, ctx)).toEqual({
      message: '12×3 = 0.5',
      result: { expression: '12×3', result: '0.5', value: 0.5 },
    });
  });

  it('calculate never takes a display that did not show the typed expression first for a new answer', async () => {
    const start = rootOf('basic-result');
    const display = (text: string) => edit(start, (n) => (isDisplay(n) ? { ...n, value: text } : undefined));
    // The state never shows "12×3" typed: the "0.5" seen after "=" may be what was there before.
    const { ctx } = fakeContext(display('0.5'), () => ({ root: display('0.5') }));
    await expect(run(calculateAction, { expression: '12×3' }, ctx)).rejects.toMatchObject({ code: 'action_timeout' });
  });

  it('calculate never takes the previous result for the answer while the calculator is still solving', async () => {
    const start = rootOf('basic-result');
    const typing = edit(start, (n) => (isDisplay(n) ? { ...n, value: '1+1' } : undefined));
    // The display shows what was typed, "=" has no effect yet: no result, the wait runs out.
    const { ctx } = fakeContext(start, (c) => (c.primitive === 'setText' ? { root: typing } : undefined));
    await expect(run(calculateAction, { expression: '1+1' }, ctx)).rejects.toMatchObject({ code: 'action_timeout' });
  });

  it('calculate takes "Calculating" in the status line for a calculation under way, not a failure', async () => {
    const solving = edit(rootOf('malformed'), (n) =>
      n.value === 'Malformed expression' ? { ...n, value: 'Calculating' } : n.value === '2+' ? { ...n, value: '1/3' } : undefined,
    );
    expect(calculationState(readCalculator(solving))).toEqual({ kind: 'pending', expression: '1/3' });
    // The calculator never finishes here: the wait runs out rather than answering a failure.
    const { ctx } = fakeContext(solving);
    await expect(run(calculateAction, { expression: '1/3' }, ctx)).rejects.toMatchObject({ code: 'action_timeout' });
  });

  it('calculate reports what the status line says as validation_failed on `expression`', async () => {
    const { ctx } = fakeContext(rootOf('malformed'));
    await expect(run(calculateAction, { expression: '2+' }, ctx)).rejects.toMatchObject({
      code: 'validation_failed',
      extra: { fields: [{ field: 'expression', error: 'Malformed expression' }] },
    });
    await expect(run(calculateAction, { expression: '   ' }, ctx)).rejects.toMatchObject({
      code: 'validation_failed',
      extra: { fields: [{ field: 'expression' }] },
    });
  });

  it('clear presses "Clear Display" and waits for an empty display', async () => {
    const start = rootOf('basic-result');
    const { ctx, calls } = fakeContext(start, () => ({ root: edit(start, (n) => (isDisplay(n) ? { ...n, value: '' } : undefined)) }));
    expect(await run(clearAction, {}, ctx)).toEqual({ message: 'The display is empty.' });
    expect(calls).toEqual([{ primitive: 'doAction', args: [readCalculator(start).clear?.ref, 'click'] }]);
  });

  it('switch_mode chooses the item of an open mode menu and waits for the mode button to show it', async () => {
    const start = rootOf('mode-menu');
    const reading = readCalculator(start);
    const advanced = reading.modeItems.find((n) => n.name === 'Advanced') as A11yNode;
    const button = reading.modeButton as A11yNode;
    const after = edit(start, (n) =>
      n === button || (n.role === 'label' && n.name === 'Basic' && !reading.modeItems.some((i) => i.children.includes(n)))
        ? { ...n, name: 'Advanced' }
        : undefined,
    );
    const { ctx, calls } = fakeContext(start, () => ({ root: after }));
    expect(await run(switchModeAction, { mode: 'advanced' }, ctx)).toEqual({ message: 'The calculator is in Advanced mode.', result: { mode: 'Advanced' } });
    expect(calls).toEqual([{ primitive: 'doAction', args: [advanced.ref, 'click'] }]);
    expect(await run(switchModeAction, { mode: 'advanced' }, ctx)).toMatchObject({ message: 'The calculator is already in Advanced mode.' });
  });

  it('switch_mode opens the menu first when its items are not in the tree', async () => {
    const closed = rootOf('basic-result');
    const { ctx, calls } = fakeContext(closed);
    // The scripted app never opens the menu: the wait for it times out.
    await expect(run(switchModeAction, { mode: 'financial' }, ctx)).rejects.toMatchObject({ code: 'action_timeout' });
    expect(calls).toEqual([{ primitive: 'doAction', args: [readCalculator(closed).modeButton?.ref, 'click'] }]);
  });
});
