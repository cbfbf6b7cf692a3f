import { spawnSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { keepYoungGenerationSmall } from '../../src/cli/youngGeneration.js';

describe('keepYoungGenerationSmall', () => {
  it('leaves a semi-space flag the user set on the command line or in NODE_OPTIONS alone', () => {
    expect(keepYoungGenerationSmall(['--max-semi-space-size=8'], '')).toBe(false);
    expect(keepYoungGenerationSmall([], '--semi_space_growth_factor=2')).toBe(false);
  });

  it('sets the growth factor to 1 otherwise, and V8 then keeps the young generation at its start size', () => {
    // In a child process: the flag is process-wide. A burst of short-lived allocations grows the
    // semi-spaces to their maximum with V8's default factor (2), not with factor 1.
    const script = `
      const v8 = require('node:v8');
      if (process.argv[1] === 'small') v8.setFlagsFromString('--semi-space-growth-factor=1');
      let keep = [];
      for (let i = 0; i < 6e5; i++) { keep.push({ i, s: 'x' + i }); if (keep.length > 5e4) keep = []; }
      const space = v8.getHeapSpaceStatistics().find((s) => s.space_name === 'new_space');
      console.log(space.space_size);`;
    const size = (arm: string) => Number(spawnSync(process.execPath, ['-e', script, arm]).stdout.toString().trim());
    expect(keepYoungGenerationSmall([], '')).toBe(true);
    expect(size('small')).toBeLessThan(size('default'));
  });
});
