/**
 * The testing kit an author gets from `gui-bridge/testing` (ActionTester, the fake
 * action context) and the wait helpers of `gui-bridge/translate`, on this repository's own
 * recorded fixtures and translators — imported through the public modules.
 */
import { describe, expect, it } from 'vitest';
import { ActionTester, fakeActionContext } from '../../src/sdk/testing.js';
import { BridgeError, waitForNode, type A11yNode } from '../../src/sdk/translate.js';
import { yesNoDialogTranslator } from '../../translators/examples/yesNoDialog.js';
import { zenityTranslator } from '../../translators/zenity/index.js';

const QUESTION = 'fixtures/zenity/question.json';
const closes = (primitive: string) => (call: { primitive: string }) => (call.primitive === primitive ? { close: true } : undefined);

describe('ActionTester', () => {
  it('runs an action of the first given translator that claims the window, with a scripted effect', async () => {
    const tester = new ActionTester({ fixture: QUESTION, translators: [yesNoDialogTranslator, zenityTranslator] });
    expect(tester.windows()).toEqual([{ nativeId: expect.any(String), title: 'Delete file?', translatorId: 'yes-no-dialog', actions: ['answer'] }]);
    const run = await tester.run({ window: 'Delete', action: 'answer', args: { choice: 'no' }, effect: closes('doAction') });
    expect(run.error).toBeUndefined();
    expect(run.outcome).toEqual({ message: 'Answered no.' });
    expect(run.calls).toEqual([{ primitive: 'doAction', args: [expect.any(String), 'click'] }]);
    expect(run.windows.size).toBe(0);
  });

  it('validates arguments as the bridge does: validation_failed with err.extra.fields', async () => {
    const run = await new ActionTester({ fixture: QUESTION, translators: [yesNoDialogTranslator] }).run({
      action: 'answer',
      args: { choice: 'maybe', extra: 1 },
    });
    expect(run.error).toBeInstanceOf(BridgeError);
    expect((run.error as BridgeError).code).toBe('validation_failed');
    expect((run.error as BridgeError).extra.fields?.map((f) => f.field).sort()).toEqual(['choice', 'extra']);
    expect(run.calls).toEqual([]);
  });

  it('reports an effect that never happens as action_timeout, and an action that is not offered by name', async () => {
    const tester = new ActionTester({ fixture: QUESTION, translators: [yesNoDialogTranslator] });
    const stuck = await tester.run({ action: 'answer', args: { choice: 'yes' } });
    expect((stuck.error as BridgeError).code).toBe('action_timeout');
    await expect(tester.run({ action: 'save' })).rejects.toThrow(/"yes-no-dialog" offers no action "save" on "Delete file\?" now; available: answer/);
    await expect(tester.run({ window: 'Nope', action: 'answer' })).rejects.toThrow(/has no window "Nope"/);
  });
});

describe('fakeActionContext and the wait helpers', () => {
  const label = (name: string): A11yNode => ({ ref: name, role: 'label', name, states: [], children: [] });
  const frame = (children: A11yNode[]): A11yNode => ({ ref: 'root', role: 'frame', name: 'Calc', states: [], children });

  it('waitForNode resolves with the node once the window shows it; settle is recorded', async () => {
    const { ctx, calls } = fakeActionContext(frame([label('0')]), (call) => (call.primitive === 'doAction' ? { root: frame([label('36')]) } : undefined));
    await ctx.probe.doAction('equals', 'click');
    await ctx.settle(150);
    const node = await waitForNode(ctx, (n) => n.role === 'label' && n.name === '36', { what: 'the result' });
    expect(node.ref).toBe('36');
    expect(calls.map((c) => c.primitive)).toEqual(['doAction', 'settle']);
  });

  it('waitForNode times out when the node never comes, and needs a window', async () => {
    const closing = fakeActionContext(frame([]), closes('closeWindow'));
    await expect(waitForNode(closing.ctx, (n) => n.name === 'never', { what: 'the result' })).rejects.toThrow('Timed out waiting for the result.');
    await closing.ctx.probe.closeWindow('x-w1');
    expect(closing.ctx.window).toBeNull();
    await expect(waitForNode(closing.ctx, () => true)).rejects.toThrow(/needs a window/);
  });
});
