/**
 * `serve` whatever the applications do: a window whose application changes fifty times a second
 * is served (initialize answered, its content read); stdin's end and SIGTERM end serve at every
 * stage, also while the source opens on a desktop with a hung application; `--app` that matches
 * nothing is a usage error listing what runs; `--wait-for-app` serves once the application starts;
 * reading a GTK 4 window makes GTK print no "Screen coordinates not supported" warning.
 * Runs the built CLI on a private headless desktop.
 */
import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import { desktopProcessEnv } from '../../src/platform/linux/desktop/index.js';
import { displayStack, useDesktop, waitFor } from './helpers/desktop.js';
import { CLI, startServe, type ServeProcess } from './helpers/serveProcess.js';

const FLOOD_LOG = join(import.meta.dirname, 'fixtures', 'flood_log.py');
const stack = displayStack(['zenity', 'gnome-text-editor']);

const textOf = (snapshot: Awaited<ReturnType<ServeProcess['snapshot']>>, title: RegExp) =>
  JSON.stringify(snapshot.windows.find((w) => title.test(w.title))?.blocks ?? []);

describe.skipIf(stack.skip)('serve at every stage', () => {
  const live = useDesktop();
  const env = () => live.desktop.env;

  test('--wait-for-app: serves once the application starts', async () => {
    const serve = startServe(['--wait-for-app', 'zenity', '--log-level', 'debug'], env());
    const initialized = serve.initialize();
    await waitFor(() => serve.stderr().includes('opening the source'), 30_000);
    const zenity = await live.desktop.launch('zenity', ['--info', '--title=Awaited', '--text=here at last']);
    await initialized;
    const snapshot = await waitFor(async () => {
      const s = await serve.snapshot();
      return textOf(s, /^Awaited$/).includes('here at last') ? s : undefined;
    }, 30_000);
    expect(snapshot.windows.some((w) => w.title === 'Awaited')).toBe(true);
    serve.child.stdin.end();
    expect(await serve.exited).toBe(0);
    await zenity.kill();
  }, 90_000);

  test('snapshot --app nosuchapp: exit 2, naming the applications that run', async () => {
    const zenity = await live.desktop.launch('zenity', ['--info', '--title=Bystander', '--text=running']);
    const child = spawn(process.execPath, [CLI, 'snapshot', '--app', 'nosuchapp'], { env: desktopProcessEnv(env()) });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (c: Buffer) => (stdout += c.toString()));
    child.stderr.on('data', (c: Buffer) => (stderr += c.toString()));
    const code = await new Promise<number | null>((done) => child.on('exit', done));
    expect(code).toBe(2);
    expect(stdout).toBe('');
    expect(stderr).toMatch(/no running application matches --app "nosuchapp"; running: .*zenity/);
    await zenity.kill();
  }, 60_000);

  test('a window whose application floods events: initialize is answered, reads return it, stdin EOF ends serve', async () => {
    const app = await live.desktop.launch('/usr/bin/python3', [FLOOD_LOG, '20', '300']);
    const serve = startServe(['--all-apps', '--log-level', 'error'], env());
    await serve.initialize();
    const snapshot = await waitFor(async () => {
      const s = await serve.snapshot();
      return /Tick \d+/.test(textOf(s, /^Flood log$/)) ? s : undefined;
    }, 30_000);
    expect(textOf(snapshot, /^Flood log$/)).toMatch(/Cell 0\b[^]*line \d+|line \d+[^]*Cell 0\b/);
    // It keeps changing; later reads are answered with later content.
    const later = await waitFor(async () => {
      const s = await serve.snapshot();
      return textOf(s, /^Flood log$/) !== textOf(snapshot, /^Flood log$/) ? s : undefined;
    }, 30_000);
    expect(textOf(later, /^Flood log$/)).toContain('Cell 0');
    serve.child.stdin.end();
    expect(await serve.exited).toBe(0);
    await app.kill();
  }, 120_000);

  for (const stop of ['stdin EOF', 'SIGTERM'] as const) {
    test(`${stop} while the source opens on a desktop with a hung application ends serve`, async () => {
      const zenity = await live.desktop.launch('zenity', ['--info', '--title=Hung', '--text=stopped']);
      process.kill(zenity.pid, 'SIGSTOP');
      try {
        const serve = startServe(['--all-apps', '--log-level', 'debug'], env());
        // A client that asked something may half-close stdin and still read the answer; one that
        // closes stdin before asking anything has left. A signal stops serve either way.
        if (stop === 'SIGTERM') void serve.initialize().catch(() => undefined);
        await waitFor(() => serve.stderr().includes('opening the source'), 30_000);
        expect(serve.stderr()).not.toContain('on stdio'); // not serving yet
        if (stop === 'stdin EOF') serve.child.stdin.end();
        else serve.child.kill('SIGTERM');
        expect(await serve.exited).toBe(0);
        expect(serve.stderr()).toMatch(/stopped by (SIGTERM|the client closing stdin) during start-up/);
      } finally {
        process.kill(zenity.pid, 'SIGCONT');
        await zenity.kill();
      }
    }, 90_000);
  }

  test('reading a GTK 4 window asks for no screen coordinates (GTK 4 warns on each such call)', async () => {
    const editor = spawn('gnome-text-editor', ['--standalone'], { env: desktopProcessEnv(env()) });
    let stderr = '';
    editor.stderr.on('data', (c: Buffer) => (stderr += c.toString()));
    try {
      const serve = startServe(['--wait-for-app', 'gnome-text-editor', '--log-level', 'error'], env());
      await serve.initialize();
      await waitFor(async () => (await serve.snapshot()).windows.some((w) => /Text Editor/.test(w.title)), 30_000);
      // A second read and a snapshot through another process: every path that asks for positions.
      await serve.snapshot();
      const snapshot = spawn(process.execPath, [CLI, 'snapshot', '--app', 'gnome-text-editor'], { env: desktopProcessEnv(env()) });
      expect(await new Promise((done) => snapshot.on('exit', done))).toBe(0);
      serve.child.stdin.end();
      expect(await serve.exited).toBe(0);
      expect(stderr).not.toContain('Screen coordinates not supported');
    } finally {
      editor.kill('SIGTERM');
    }
  }, 90_000);
});
