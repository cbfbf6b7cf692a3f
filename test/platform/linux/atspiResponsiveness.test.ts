import { describe, expect, it } from 'vitest';
import type { AtspiClient } from '../../../src/platform/linux/atspi/client.js';
import { AtspiError } from '../../../src/platform/linux/atspi/errors.js';
import { Responsiveness } from '../../../src/platform/linux/atspi/responsiveness.js';

/** A client whose calls to the app time out until `answer` is set. */
function fakeClient() {
  const state = { answer: false, gone: false, calls: 0 };
  const client = {
    call: async () => {
      state.calls++;
      await new Promise((resolve) => setTimeout(resolve, 5));
      if (state.gone) throw Object.assign(new Error('gone'), { code: 'gone' });
      if (!state.answer) throw new AtspiError('timeout', 'no answer');
      return [[]];
    },
  } as unknown as AtspiClient;
  return { client, state };
}

describe('applications that stop answering', () => {
  it('marks an app not responding, keeps asking one call at a time, and says when it is back', async () => {
    const { client, state } = fakeClient();
    const changes: Array<[string, boolean]> = [];
    const r = new Responsiveness(client, (bus, responding) => changes.push([bus, responding]));
    r.markSilent(':1.5', 'gedit');
    r.markSilent(':1.5'); // again: still one watcher, one change
    expect(r.isSilent(':1.5')).toBe(true);
    expect(r.describe(':1.5')).toMatch(/^gedit is not responding \(no answer for \d+ s\)$/);
    await new Promise((resolve) => setTimeout(resolve, 30));
    expect(changes).toEqual([[':1.5', false]]);
    state.answer = true;
    await new Promise((resolve) => setTimeout(resolve, 30));
    expect(r.isSilent(':1.5')).toBe(false);
    expect(changes).toEqual([
      [':1.5', false],
      [':1.5', true],
    ]);
    r.close();
  });

  it('forgets an app that left the bus without calling it back', async () => {
    const { client, state } = fakeClient();
    const changes: Array<[string, boolean]> = [];
    const r = new Responsiveness(client, (bus, responding) => changes.push([bus, responding]));
    r.markSilent(':1.9');
    state.gone = true;
    await new Promise((resolve) => setTimeout(resolve, 30));
    expect(r.isSilent(':1.9')).toBe(false);
    expect(changes).toEqual([[':1.9', false]]);
    r.close();
  });
});
