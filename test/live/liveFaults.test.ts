/**
 * Faults on a live desktop: an application killed mid-call gives
 * window_not_found (a hung one, on both sessions: hungApp.test.ts); the X server
 * going away makes `serve` say so in one line and exit 1. (A restarted accessibility bus and
 * registry: bridgeHealth.test.ts.) One desktop for the file; the X server test runs last.
 */
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { desktopProcessEnv } from '../../src/platform/linux/desktop/index.js';
import { terminateTree } from '../../src/platform/linux/desktop/processes.js';
import { displayStack, waitFor } from './helpers/desktop.js';
import { useLiveBridge } from './helpers/liveBridge.js';

const REPO = fileURLToPath(new URL('../..', import.meta.url));
const stack = displayStack(['mousepad']);

type Structured = { code?: string; message?: string };

describe.skipIf(stack.skip)('faults on a live desktop', () => {
  const live = useLiveBridge({ desktop: { apps: ['mousepad'] } });
  const pidOf = (name: string) => live.desktop.state.processes.find((p) => p.name.endsWith(`-${name}`))?.pid as number;
  const call = async (name: string, args: Record<string, unknown>) => (await live.client.call(name, args)).structuredContent as Structured;

  it('an app killed mid-call gives window_not_found', async () => {
    const mousepad = await live.windowTitled(/Mousepad/);
    // Mousepad's menu bar is big: its path is a string the server checks (menuPaths.ts).
    const path = 'Help > About';
    const pid = pidOf('mousepad');
    process.kill(pid, 'SIGSTOP');
    const pending = call(`${mousepad.id}__menu`, { path });
    await new Promise((resolve) => setTimeout(resolve, 500));
    process.kill(pid, 'SIGKILL');
    expect(await pending).toMatchObject({ code: 'window_not_found' });
  }, 60_000);

  it('the X server gone: serve says so in one line and exits 1', async () => {
    const env = desktopProcessEnv(live.desktop.env);
    const serve = spawn(process.execPath, ['--import', 'tsx', 'src/cli.ts', 'serve', '--all-apps'], { cwd: REPO, env, stdio: ['pipe', 'ignore', 'pipe'] });
    let stderr = '';
    serve.stderr.on('data', (chunk: Buffer) => void (stderr += chunk.toString()));
    const exited = new Promise<number | null>((resolve) => serve.once('exit', (code) => resolve(code)));
    await waitFor(() => /serving/.test(stderr), 30_000);
    const xvfb = live.desktop.state.processes.find((p) => p.name === 'xvfb');
    await terminateTree(xvfb!);
    expect(await exited).toBe(1);
    const lines = stderr.split('\n').filter((line) => /X display/.test(line));
    expect(lines).toHaveLength(1);
    expect(stderr).not.toMatch(/\n\s+at /); // no stack trace
  }, 60_000);
});
