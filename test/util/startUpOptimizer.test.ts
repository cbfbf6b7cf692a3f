import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { ownOptimizerFlag } from '../../src/util/startUpOptimizer.js';

const MODULE = fileURLToPath(new URL('../../src/util/startUpOptimizer.ts', import.meta.url));

/**
 * Runs `body` in a child Node (the flags are process-wide) after importing the module as `m`, with
 * `optimised(f)`: whether V8 made TurboFan code for `f` (%GetOptimizationStatus, bit 6). Concurrent
 * recompilation is off there, so a function is optimised when it tiers up, not some time later;
 * `hot`'s loop is short, so the function itself tiers up (a long loop is replaced on the stack).
 */
function inChild(body: string): string[] {
  const script = `
    const m = await import(${JSON.stringify(MODULE)});
    const optimised = (f) => (%GetOptimizationStatus(f) & (1 << 6)) !== 0;
    function hot(n) { let s = 0; for (let i = 0; i < n; i++) s += (i * 7) % 13; return s; }
    const warm = () => { for (let i = 0; i < 5000 && !optimised(hot); i++) hot(200); return optimised(hot); };
    const out = [];
    ${body}
    console.log(JSON.stringify(out));`;
  const child = spawnSync(
    process.execPath,
    ['--import', 'tsx', '--allow-natives-syntax', '--no-concurrent-recompilation', '--input-type=module', '-e', script],
    { encoding: 'utf8' },
  );
  if (child.status !== 0) throw new Error(child.stderr);
  return JSON.parse(child.stdout.trim().split('\n').pop() as string) as string[];
}

describe('the start-up hold on TurboFan', () => {
  it("leaves it to the user's own flag, on the command line or in NODE_OPTIONS", () => {
    for (const flag of ['--no-opt', '--opt', '--turbofan', '--no-turbofan', '--no_turbofan', '--jitless', '--max-opt=2'])
      expect(ownOptimizerFlag([flag], ''), flag).toBe(true);
    expect(ownOptimizerFlag([], '--max-semi-space-size=8 --no-opt')).toBe(true);
    for (const flag of ['--optimize-for-size', '--max-semi-space-size=8', '--no-concurrent-recompilation', '--import=tsx'])
      expect(ownOptimizerFlag([flag], ''), flag).toBe(false);
  });

  it('holds it until released: no function is optimised meanwhile, and hot code is optimised after', () => {
    const out = inChild(`
      out.push(m.holdOptimizerForStartUp([], '', 60000), m.optimizerHeld(), warm());
      m.releaseOptimizer();
      out.push(m.optimizerHeld(), warm());`);
    expect(out).toEqual([true, true, false, false, true]);
  });

  it('releases it by itself after its bound (a long first read is not run without it)', () => {
    const out = inChild(`
      out.push(m.holdOptimizerForStartUp([], '', 50));
      await new Promise((r) => setTimeout(r, 200));
      out.push(m.optimizerHeld(), warm());`);
    expect(out).toEqual([true, false, true]);
  });

  it('does not hold it when the user set a flag of their own', () => {
    const out = inChild(`out.push(m.holdOptimizerForStartUp(['--turbofan'], ''), m.optimizerHeld(), warm());`);
    expect(out).toEqual([false, false, true]);
  });

  it('runs code under the hold again after the release, for code compiled under it, and leaves TurboFan on after', () => {
    const out = inChild(`
      m.holdOptimizerForStartUp([], '', 60000);
      m.releaseOptimizer();
      out.push(m.underFlagsOf(true, () => warm()), warm());
      function hot2(n) { let s = 0; for (let i = 0; i < n; i++) s += (i * 5) % 11; return s; }
      out.push(m.underFlagsOf(false, () => { for (let i = 0; i < 5000 && !optimised(hot2); i++) hot2(200); return optimised(hot2); }));`);
    expect(out).toEqual([false, true, true]);
  });
});
