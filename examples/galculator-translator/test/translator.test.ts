/**
 * The example's own tests, run against the installed gui-bridge package (node:test, no vitest):
 * TranslatorTester on the recorded fixtures, ActionTester for `calculate` and `clear`.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { ActionTester, describeFixtureFolder, loadFixture, type PrimitiveCall } from 'gui-bridge/testing';
import { galculatorTranslator } from '../src/index.js';

describeFixtureFolder('fixtures', { translators: [galculatorTranslator], describe, it });

const translators = [galculatorTranslator];
const start = loadFixture('fixtures/start.json');
const shows36 = Object.values(loadFixture('fixtures/result.json').trees)[0]!.root;
const refOf = (label: string) =>
  JSON.stringify(start).match(new RegExp(`"ref":"([^"]+)","role":"toggle_button","name":"${label.replace(/[*+]/g, '\\$&')}"`))?.[1];
const pressed = (calls: PrimitiveCall[]) => calls.filter((c) => c.primitive === 'doAction').map((c) => c.args[0]);

describe('calculate', () => {
  it('presses AC, each key and =, settling between keys, and returns the result shown', async () => {
    const tester = new ActionTester({ fixture: start, translators });
    const equals = refOf('=');
    const run = await tester.run({
      action: 'calculate',
      args: { expression: '12*3' },
      effect: (call) => (call.primitive === 'doAction' && call.args[0] === equals ? { root: shows36 } : undefined),
    });
    assert.equal(run.error, undefined);
    assert.deepEqual(run.outcome, { message: '12*3 = 36', result: { result: '36' } });
    assert.deepEqual(pressed(run.calls), ['AC', '1', '2', '*', '3', '='].map(refOf));
    assert.equal(run.calls.filter((c) => c.primitive === 'settle').length, 6);
  });

  it('refuses a key galculator has no button for: validation_failed with the field', async () => {
    const run = await new ActionTester({ fixture: start, translators }).run({ action: 'calculate', args: { expression: '2^8' } });
    assert.equal((run.error as { code?: string }).code, 'validation_failed');
    assert.deepEqual((run.error as { extra?: unknown }).extra, { fields: [{ field: 'expression', error: 'use only digits, . + - * / ( ) and %' }] });
    assert.deepEqual(run.calls, []);
  });

  it('refuses a missing expression before running (the input schema)', async () => {
    const run = await new ActionTester({ fixture: start, translators }).run({ action: 'calculate', args: {} });
    assert.equal((run.error as { code?: string }).code, 'validation_failed');
    assert.deepEqual((run.error as { extra?: { fields?: unknown } }).extra?.fields, [{ field: 'expression', error: 'required' }]);
  });
});

describe('clear', () => {
  it('presses AC and sees 0', async () => {
    const run = await new ActionTester({ fixture: start, translators }).run({ action: 'clear' });
    assert.equal(run.error, undefined);
    assert.deepEqual(pressed(run.calls), [refOf('AC')]);
  });
});
