import { describe, expect, it } from 'vitest';
import { ActionSteps, steppedProbe } from '../../src/bridge/actionSteps.js';
import type { Probe } from '../../src/platform/probe.js';

describe('ActionSteps', () => {
  it('names the steps under way, outermost first, with their times', async () => {
    let now = 1000;
    const steps = new ActionSteps(() => now);
    let seen: string | null = null;
    await steps.run('waiting for the dialog to open', async () => {
      now += 500;
      await steps.run('waiting for the windows to be read', async () => {
        now += 200;
        seen = steps.describe();
      });
    });
    expect(seen).toBe('waiting for the dialog to open, for 700 ms: waiting for the windows to be read, for 200 ms');
    expect(steps.describe()).toBeNull();
    expect(steps.history()).toEqual([
      { step: 'waiting for the windows to be read', ms: 200 },
      { step: 'waiting for the dialog to open', ms: 700 },
    ]);
  });

  it('ends a step that failed, and keeps the error', async () => {
    const steps = new ActionSteps();
    await expect(steps.run('a', () => Promise.reject(new Error('no')))).rejects.toThrow('no');
    expect(steps.describe()).toBeNull();
    expect(steps.history().map((s) => s.step)).toEqual(['a']);
  });
});

describe('steppedProbe', () => {
  it('records each platform call that returns a promise, and keeps absent capabilities absent', async () => {
    const steps = new ActionSteps();
    let during: string | null = null;
    const probe = {
      platform: 'linux',
      doAction: async () => {
        during = steps.describe();
        return true;
      },
      subscribe: () => () => undefined,
    } as unknown as Probe;
    const wrapped = steppedProbe(probe, steps);
    expect(await wrapped.doAction('ref', 'click')).toBe(true);
    expect(during).toMatch(/^waiting for the application to answer doAction, for \d+ ms$/);
    expect(typeof wrapped.subscribe(() => undefined)).toBe('function');
    expect(wrapped.capture).toBeUndefined();
    expect(wrapped.platform).toBe('linux');
    expect(steps.history().map((s) => s.step)).toEqual(['waiting for the application to answer doAction']);
  });
});
