/**
 * `gui-bridge serve --demo --http 0 --demo-user-edits MS` as a user runs it: a simulated human
 * edits the order while an HTTP client works, so stale_state is visible from outside.
 */
import { spawn } from 'node:child_process';
import { join, resolve } from 'node:path';
import { expect, test } from 'vitest';
import { structured } from '../helpers/demoServer.js';
import { connectHttpClient } from '../helpers/httpClient.js';

const CLI = join(resolve(import.meta.dirname, '../..'), 'dist/src/cli.js');

test('a simulated user makes an old expectedVersion stale; SIGTERM stops the server cleanly', async () => {
  const server = spawn(process.execPath, [CLI, 'serve', '--demo', '--http', '0', '--demo-user-edits', '100'], { stdio: ['ignore', 'ignore', 'pipe'] });
  const url = await new Promise<string>((found, fail) => {
    let err = '';
    server.stderr.on('data', (c: Buffer) => {
      err += c.toString();
      const match = /at (http:\/\/127\.0\.0\.1:\d+\/mcp)/.exec(err);
      if (match) found(match[1] as string);
    });
    server.on('exit', () => fail(new Error(`server exited: ${err}`)));
  });
  const client = await connectHttpClient(url);
  const first = (await client.snapshot()).windows[0]?.version as number;
  let now = first;
  for (let i = 0; i < 50 && now === first; i++) {
    await new Promise((r) => setTimeout(r, 50));
    now = (await client.snapshot()).windows[0]?.version as number;
  }
  expect(now).toBeGreaterThan(first); // the user edited the Amount
  const stale = structured(await client.call('w1__edit_field', { field: 'recipient', value: 'Alice', expectedVersion: first }));
  expect(stale).toMatchObject({ code: 'stale_state', currentVersion: expect.any(Number) });
  expect(stale.currentVersion as number).toBeGreaterThan(first);
  await client.close();
  const exit = new Promise<number | null>((done) => server.on('exit', (code) => done(code)));
  server.kill('SIGTERM');
  expect(await exit).toBe(0);
});
