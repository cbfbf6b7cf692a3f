/**
 * Live: the README's X11 headless-desktop block, run as written — `desktop up --apps …`,
 * `eval "$(gui-bridge desktop env)"`, `serve --all-apps --http PORT` (on a free port) read by a
 * real SDK client that finds the apps `up` started, then `desktop down`. The desktops live in a
 * state folder of this test's own, so `desktop env` without `--display` finds only this one.
 * (test/docs/readmeCommands.test.ts checks every README command without a desktop.)
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { readmeCommands, type ShellCommand } from '../docs/readmeShell.js';
import { CLI, serveAndRead } from '../docs/serveRead.js';
import { displayStack } from './helpers/desktop.js';

const README = readFileSync(join(resolve(import.meta.dirname, '../..'), 'README.md'), 'utf8');
const stack = displayStack(['gedit', 'gnome-calculator']);
const desktops = mkdtempSync(join(tmpdir(), 'gui-bridge-readme-live-'));
const env: NodeJS.ProcessEnv = { ...process.env, GUI_BRIDGE_DESKTOPS_DIR: desktops };
let up = false;

afterAll(() => {
  if (up) spawnSync(process.execPath, [CLI, 'desktop', 'down'], { env });
  rmSync(desktops, { recursive: true, force: true });
});

/** The README block that brings up an X11 desktop: the one whose `desktop up` has no --wayland. */
function x11Block(): ShellCommand[] {
  const commands = readmeCommands(README);
  const upLine = commands.find((c) => c.words[1] === 'desktop' && c.words[2] === 'up' && !c.words.includes('--wayland'));
  if (!upLine) throw new Error('the README has no X11 "gui-bridge desktop up" block');
  return commands.filter((c) => c.block === upLine.block);
}

/** `export NAME='value'` lines, as `eval` would set them. */
function exported(lines: string): Record<string, string> {
  return Object.fromEntries([...lines.matchAll(/^export (\w+)='((?:[^']|'\\'')*)'$/gm)].map((m) => [m[1] as string, (m[2] as string).replace(/'\\''/g, "'")]));
}

describe.skipIf(stack.skip)("the README's headless desktop, as written", () => {
  it('up, env, serve read by a client, down', { timeout: 180_000 }, async () => {
    const block = x11Block();
    expect(block.map((c) => c.words.slice(1, 3).join(' '))).toEqual(['desktop up', 'desktop env', 'serve --all-apps', 'desktop down']);
    let served: Awaited<ReturnType<typeof serveAndRead>> | undefined;
    for (const { words } of block) {
      const args = words.slice(1);
      if (args[0] === 'serve') {
        served = await serveAndRead(args, env);
        continue;
      }
      const run = spawnSync(process.execPath, [CLI, ...args], { env, encoding: 'utf8', timeout: 120_000 });
      expect(run.status, `${words.join(' ')}: ${run.stderr}`).toBe(0);
      if (args[1] === 'up') up = true;
      if (args[1] === 'env') Object.assign(env, exported(run.stdout));
      if (args[1] === 'down') up = false;
    }
    expect(env.DISPLAY).toMatch(/^:\d+$/);
    const titles = served?.windows.map((w) => w.title) ?? [];
    expect(titles.some((t) => /gedit|Untitled Document/.test(t))).toBe(true);
    expect(titles).toContain('Calculator');
    expect(served?.consoleStatus).toBe(200);
  });
});
