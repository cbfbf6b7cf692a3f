/**
 * `serve` on stdio with a live desktop source exits when stdin closes (an MCP
 * client that crashed must not leave a server holding AT-SPI and X connections). Runs the built
 * CLI against a private headless desktop with one zenity window.
 */
import { spawn } from 'node:child_process';
import { join, resolve } from 'node:path';
import { createInterface } from 'node:readline';
import { describe, expect, test } from 'vitest';
import { desktopProcessEnv } from '../../src/platform/linux/desktop/index.js';
import { displayStack, useDesktop } from './helpers/desktop.js';

const CLI = join(resolve(import.meta.dirname, '../..'), 'dist/src/cli.js');
const stack = displayStack(['zenity']);

describe.skipIf(stack.skip)('serve --app on stdio', () => {
  const live = useDesktop();

  test('exits 0 on stdin EOF after serving a live window', async () => {
    await live.desktop.launch('zenity', ['--info', '--title=EOF probe', '--text=still here']);
    const server = spawn(process.execPath, [CLI, 'serve', '--app', 'zenity', '--log-level', 'error'], {
      stdio: ['pipe', 'pipe', 'pipe'],
      env: { ...process.env, ...desktopProcessEnv(live.desktop.env) },
    });
    let stderr = '';
    server.stderr.on('data', (c: Buffer) => (stderr += c.toString()));
    const exited = new Promise<number | null>((done) => server.on('exit', (code) => done(code)));
    const lines = createInterface({ input: server.stdout })[Symbol.asyncIterator]();
    const send = (message: object) => server.stdin.write(`${JSON.stringify(message)}\n`);
    send({
      jsonrpc: '2.0',
      id: 1,
      method: 'initialize',
      params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'eof', version: '1' } },
    });
    expect(JSON.parse((await lines.next()).value as string)).toMatchObject({ id: 1, result: { serverInfo: { name: 'gui-bridge' } } });
    send({ jsonrpc: '2.0', method: 'notifications/initialized' });
    let snapshot = '';
    for (let id = 2; !snapshot.includes('EOF probe'); id++) {
      send({ jsonrpc: '2.0', id, method: 'resources/read', params: { uri: 'app://windows' } });
      for (;;) {
        const reply = JSON.parse((await lines.next()).value as string) as { id?: number; result?: { contents: Array<{ text: string }> } };
        if (reply.id !== id) continue;
        snapshot = reply.result?.contents[0]?.text ?? '';
        break;
      }
      if (!snapshot.includes('EOF probe')) await new Promise((r) => setTimeout(r, 200));
    }
    server.stdin.end();
    expect(await exited).toBe(0);
    expect(stderr).not.toMatch(/error/i);
  }, 60_000);
});
