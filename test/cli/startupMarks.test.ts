import { describe, expect, it } from 'vitest';
import { StartupMarks } from '../../src/cli/startupMarks.js';

describe('serve start-up milestones', () => {
  it('records, per name, the ms since the process started and the CPU ms used by then, in order', () => {
    const marks = new StartupMarks();
    marks.mark('first');
    let spin = 0;
    for (let i = 0; i < 2e6; i++) spin += i; // some CPU between the two marks
    marks.mark('second');
    const { first, second } = marks.all();
    expect(spin).toBeGreaterThan(0);
    expect(first?.ms).toBeGreaterThan(0);
    expect(second!.ms).toBeGreaterThanOrEqual(first!.ms);
    expect(second!.cpuMs).toBeGreaterThanOrEqual(first!.cpuMs);
    expect(Number.isInteger(first?.cpuMs)).toBe(true);
  });
});
