/**
 * An action's answer and the call's openedWindowIds agree: a window that opens after the action
 * stopped watching (it said "the window changed") is named in the answer by the executor.
 */
import { describe, expect, it } from 'vitest';
import { describeEffect, withOpenedWindows } from '../../../src/translate/kit/actions/shared.js';

describe('withOpenedWindows', () => {
  const ran = `Ran "File > New > Message" (opened File > New first).`;

  it('names the windows that opened when the answer said only that the window changed', () => {
    expect(withOpenedWindows(ran + describeEffect({ kind: 'changed' }), ['w2'])).toBe(`${ran} Opened window w2 (see openedWindowIds).`);
  });

  it('leaves every other answer as it is', () => {
    expect(withOpenedWindows(ran + describeEffect({ kind: 'changed' }), [])).toBe(`${ran} The window changed: re-read app://windows.`);
    expect(withOpenedWindows(`${ran} Opened window w2 (see openedWindowIds).`, ['w2'])).toBe(`${ran} Opened window w2 (see openedWindowIds).`);
    expect(withOpenedWindows('Width set.', ['w3'])).toBe('Width set.');
  });
});
