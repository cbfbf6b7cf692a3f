/**
 * A `gui-bridge serve --http 0` child process for benchmarks, and the URL it listens on (read from
 * the connect hint it prints on stderr: port 0 means the OS picks the port).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { join, resolve } from 'node:path';

export const CLI = join(resolve(import.meta.dirname, '..'), 'dist/src/cli.js');

export async function startHttpServe(args: string[], env: NodeJS.ProcessEnv = process.env): Promise<{ child: ChildProcess; url: URL }> {
  const child = spawn(process.execPath, [CLI, 'serve', ...args, '--http', '0'], { env, stdio: ['ignore', 'ignore', 'pipe'] });
  const url = await new Promise<string>((found, fail) => {
    let err = '';
    child.stderr?.on('data', (c: Buffer) => {
      err += c.toString();
      const match = /(http:\/\/127\.0\.0\.1:\d+\/mcp)/.exec(err);
      if (match) found(match[1] as string);
    });
    child.on('exit', () => fail(new Error(err)));
  });
  return { child, url: new URL(url) };
}
