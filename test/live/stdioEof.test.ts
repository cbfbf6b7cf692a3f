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

  /** The built CLI's serve on this desktop, on pipes: its stderr so far and its exit code. */
  const startServe = (args: string[]) => {
    const server = spawn(process.execPath, [CLI, 'serve', ...args, '--log-level', 'error'], {
      stdio: ['pipe', 'pipe', 'pipe'],
      env: { ...process.env, ...desktopProcessEnv(live.desktop.env) },
    });
    const output = { stderr: '' };
    server.stderr.on('data', (c: Buffer) => (output.stderr += c.toString()));
    const exited = new Promise<number | null>((done) => server.on('exit', (code) => done(code)));
    return { server, output, exited };
  };

  test('exits 0 on stdin EOF after serving a live window', async () => {
    await live.desktop.launch('zenity', ['--info', '--title=EOF probe', '--text=still here']);
    // --wait-for-app: zenity registers with the accessibility bus a moment after it starts.
    const { server, output, exited } = startServe(['--wait-for-app', 'zenity']);
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
    // Each stage bounded with what it saw, so a failure says where it stopped (a timeout alone does not).
    const readUntil = Date.now() + 40_000;
    for (let id = 2; !snapshot.includes('EOF probe'); id++) {
      if (Date.now() > readUntil)
        throw new Error(`no "EOF probe" window in 40 s; last snapshot: ${snapshot.slice(0, 300)}; stderr: ${output.stderr.slice(-500)}`);
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
    const late = new Promise<string>((done) => setTimeout(() => done('still running 10 s after stdin ended'), 10_000).unref());
    const code = await Promise.race([exited, late]);
    if (typeof code === 'string') {
      server.kill('SIGKILL');
      throw new Error(`${code}; stderr: ${output.stderr.slice(-500)}`);
    }
    expect(code).toBe(0);
    expect(output.stderr.split('\n').filter((line) => /error/i.test(line))).toEqual([]);
  }, 60_000);

  test('an --app that matches nothing ends serve (exit 2) while its client keeps stdin open', async () => {
    const { server, output, exited } = startServe(['--app', 'no-such-app-here']);
    server.stdin.write(
      `${JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'initialize', params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'eof', version: '1' } } })}\n`,
    );
    const late = new Promise<string>((done) => setTimeout(() => done('still running 15 s after its error'), 15_000).unref());
    const code = await Promise.race([exited, late]);
    if (typeof code === 'string') server.kill('SIGKILL');
    expect(code).toBe(2);
    expect(output.stderr).toMatch(/no running application matches --app "no-such-app-here"/);
    server.stdin.destroy();
  }, 60_000);
});
