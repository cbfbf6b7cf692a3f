import { spawn } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import {
  descendantsOf,
  findTaggedProcesses,
  isRunning,
  processStartTime,
  terminatePids,
  terminateTree,
} from '../../../../src/platform/linux/desktop/processes.js';

const linuxOnly = process.platform !== 'linux';

function spawnShell(script: string, env: Record<string, string> = {}) {
  const child = spawn('sh', ['-c', script], { env: { ...process.env, ...env }, stdio: 'ignore' });
  return new Promise<number>((resolve) => child.once('spawn', () => resolve(child.pid ?? 0)));
}

describe.skipIf(linuxOnly)('process bookkeeping through /proc', () => {
  it('identifies a process by pid and start time', async () => {
    const pid = await spawnShell('sleep 30');
    const startTime = processStartTime(pid);
    expect(startTime).not.toBeNull();
    expect(isRunning({ name: 'sleep', pid, startTime: startTime! })).toBe(true);
    // Same pid, other start time: a recycled pid is not ours.
    expect(isRunning({ name: 'sleep', pid, startTime: startTime! + 1 })).toBe(false);
    expect(await terminatePids([pid])).toEqual([]);
    expect(isRunning(pid)).toBe(false);
  });

  it('finds descendants and the env marker, and stops a whole tree', async () => {
    const marker = `test-${process.pid}-${Date.now()}`;
    const pid = await spawnShell('sleep 30 & sleep 30 & wait', { GUI_BRIDGE_TEST_MARKER: marker });
    let children: number[] = [];
    for (let i = 0; i < 100 && children.length < 2; i++) {
      await new Promise((resolve) => setTimeout(resolve, 20));
      children = descendantsOf(pid);
    }
    expect(children).toHaveLength(2);
    expect(findTaggedProcesses('GUI_BRIDGE_TEST_MARKER', marker).sort()).toEqual([pid, ...children].sort());
    expect(await terminateTree({ name: 'sh', pid, startTime: processStartTime(pid)! })).toEqual([]);
    expect([pid, ...children].filter((p) => isRunning(p))).toEqual([]);
    expect(findTaggedProcesses('GUI_BRIDGE_TEST_MARKER', marker)).toEqual([]);
  });
});
