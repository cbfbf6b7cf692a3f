/** ChangeCauses: what announced each top-level's change between flushes, bounded. */
import { describe, expect, it } from 'vitest';
import { ChangeCauses, MAX_CAUSES } from '../../../src/platform/linux/atspi/changeCauses.js';
import { CAUSES_OVERFLOW } from '../../../src/platform/probe.js';

describe('ChangeCauses', () => {
  it('lists each distinct cause once per top-level, and forgets them when taken', () => {
    const causes = new ChangeCauses();
    causes.add('top1', 'text-changed log');
    causes.add('top1', 'text-changed log');
    causes.add('top2', 'bounds-changed row');
    expect(causes.take()).toEqual({ top1: ['text-changed log'], top2: ['bounds-changed row'] });
    expect(causes.take()).toEqual({});
  });

  it('a burst of more distinct causes than it lists is one overflow mark', () => {
    const causes = new ChangeCauses();
    for (let i = 0; i <= MAX_CAUSES + 5; i++) causes.add('top', `bounds-changed row ${i}`);
    expect(causes.take()).toEqual({ top: [CAUSES_OVERFLOW] });
  });
});
