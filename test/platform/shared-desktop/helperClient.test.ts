/** The helper client against a real child process speaking the JSON-lines protocol. */
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { HelperClient, type HelperClientOptions } from '../../../src/platform/shared-desktop/helperClient.js';
import { HelperError } from '../../../src/platform/shared-desktop/helperProtocol.js';
import { silentLogger } from '../../../src/util/logger.js';

const SCRIPT = fileURLToPath(new URL('./scriptedHelper.mjs', import.meta.url));
const Anything = z.record(z.string(), z.unknown());
const Pid = z.object({ pid: z.number() });

let client: HelperClient | null = null;
const health: Array<[boolean, string]> = [];
afterEach(async () => {
  await client?.close();
  client = null;
  health.length = 0;
});

function start(overrides: Partial<HelperClientOptions> = {}, env: NodeJS.ProcessEnv = {}): HelperClient {
  client = new HelperClient({
    name: 'the test helper',
    spawn: { command: process.execPath, args: [SCRIPT], env: { ...process.env, ...env } },
    log: silentLogger,
    requestTimeoutMs: 2000,
    startTimeoutMs: 5000,
    onHealth: (ok, message) => health.push([ok, message]),
    ...overrides,
  });
  return client;
}

async function failure(promise: Promise<unknown>): Promise<HelperError> {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  if (!(error instanceof HelperError)) throw new Error(`expected a HelperError, got ${String(error)}`);
  return error;
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

describe('HelperClient', () => {
  it('correlates concurrent requests by id and reads the ready info', async () => {
    const helper = start();
    const answers = await Promise.all([1, 2, 3].map((n) => helper.request('echo', { n, text: 'Größe ✓' }, Anything)));
    expect(answers).toEqual([1, 2, 3].map((n) => ({ n, text: 'Größe ✓' })));
    expect(helper.info).toEqual({ protocol: 1, fake: true });
  });

  it('turns a helper error into a remote HelperError with its code', async () => {
    const error = await failure(start().request('fail', {}, Anything));
    expect(error).toMatchObject({ code: 'remote', remoteCode: 'unsupported' });
  });

  it('rejects a result that does not match the schema as a protocol error, ignoring non-JSON noise', async () => {
    const error = await failure(start().request('malformed', {}, Pid));
    expect(error.code).toBe('protocol');
  });

  it('stops a helper that misses its deadline and starts a fresh one for the next request', async () => {
    const helper = start();
    const first = (await helper.request('pid', {}, Pid)).pid;
    const error = await failure(helper.request('hang', {}, Anything, 300));
    expect(error.code).toBe('timeout');
    const second = (await helper.request('pid', {}, Pid)).pid;
    expect(second).not.toBe(first);
    await expect.poll(() => alive(first)).toBe(false);
    expect(health.map(([ok]) => ok)).toEqual([false, true]);
  });

  it('rejects pending requests when the helper crashes, with its last stderr lines, then restarts', async () => {
    const helper = start();
    const error = await failure(helper.request('crash', {}, Anything));
    expect(error.code).toBe('crashed');
    expect(error.message).toContain('element provider crashed');
    expect(error.message).toContain('exit code 3');
    expect(await helper.request('echo', { again: true }, Anything)).toEqual({ again: true });
  });

  it('gives up for a cool-down after repeated failures instead of restarting in a loop', async () => {
    const helper = start({ maxFailures: 2, cooldownMs: 60_000 });
    expect((await failure(helper.request('crash', {}, Anything))).code).toBe('crashed');
    expect((await failure(helper.request('crash', {}, Anything))).code).toBe('crashed');
    expect(helper.isDown).toBe(true);
    const error = await failure(helper.request('echo', {}, Anything));
    expect(error.code).toBe('unavailable');
    expect(error.message).toContain('element provider crashed');
  });

  it('reports a missing executable and a helper that exits at start as unavailable', async () => {
    client = new HelperClient({ name: 'the test helper', spawn: { command: 'no-such-powershell-here', args: [] }, log: silentLogger });
    expect(await failure(client.request('echo', {}, Anything))).toMatchObject({ code: 'unavailable', message: expect.stringContaining('ENOENT') });
    await client.close();
    const exiting = start({}, { HELPER_EXIT_AT_START: '1' });
    expect(await failure(exiting.request('echo', {}, Anything))).toMatchObject({
      code: 'unavailable',
      message: expect.stringContaining('cannot load UIAutomationClient'),
    });
  });

  it('does not wait forever for a helper that never says it is ready', async () => {
    const helper = start({ startTimeoutMs: 300 }, { HELPER_NO_READY: '1' });
    expect(await failure(helper.request('echo', {}, Anything))).toMatchObject({ code: 'unavailable', message: expect.stringContaining('did not start') });
  });

  it('ends the helper process on close', async () => {
    const helper = start();
    const { pid } = await helper.request('pid', {}, Pid);
    await helper.close();
    expect(alive(pid)).toBe(false);
  });
});
