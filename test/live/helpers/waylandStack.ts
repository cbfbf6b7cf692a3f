/**
 * The bridge on a private headless Wayland desktop (sway), driven the way a user runs it: the
 * real CLI (`gui-bridge serve --all-apps`, stdio) as a child process with the desktop's
 * environment, and a real SDK client. Under root the CLI re-executes itself as the desktop's
 * account (src/cli/desktopUser.ts): the Wayland session's accessibility bus answers only that
 * user, so the bridge cannot run inside the test process.
 */
import { spawnSync } from 'node:child_process';
import { chownSync } from 'node:fs';
import { join } from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { desktopProcessEnv, openDesktop, type DesktopHandle } from '../../../src/platform/linux/desktop/index.js';
import { checkWaylandPrograms, type Compositor } from '../../../src/platform/linux/wayland/desktop/bringUp.js';
import { desktopAccount } from '../../../src/platform/linux/wayland/desktop/account.js';
import { wrapClient, type TestClient } from '../../helpers/demoServer.js';
import { displayStack, type DisplayStack } from './desktop.js';

const CLI = join(import.meta.dirname, '..', '..', '..', 'dist', 'src', 'cli.js');
const REPO_PACKAGE = join(import.meta.dirname, '..', '..', '..', 'package.json');

/** Whether the compositor (sway unless named), the bus daemons, these programs and (under root) the desktop account exist. */
export function waylandStack(programs: string[] = [], compositor: Compositor = 'sway'): DisplayStack {
  if (process.platform !== 'linux') return skip('not Linux');
  try {
    checkWaylandPrograms(programs, compositor);
    const account = desktopAccount();
    // The bridge runs as the desktop's account: it must be able to read the built CLI.
    if (
      account.uid !== process.getuid?.() &&
      spawnSync(process.execPath, ['-e', `require('fs').accessSync(${JSON.stringify(REPO_PACKAGE)}, 4)`], { uid: account.uid, gid: account.gid }).status !== 0
    ) {
      throw new Error(`the desktop account ${account.name} cannot read the repository (${REPO_PACKAGE}): make it readable to that account`);
    }
    return { skip: false, reason: null };
  } catch (error) {
    return skip(error instanceof Error ? error.message : String(error));
  }
}

/** The sessions a live test runs on (X11 and Wayland), each with its own skip. */
export function liveSessions(programs: string[]): Array<{ session: 'x11' | 'wayland'; skip: boolean }> {
  return [
    { session: 'x11', skip: displayStack(programs).skip },
    { session: 'wayland', skip: waylandStack(programs).skip },
  ];
}

function skip(reason: string): DisplayStack {
  if (process.env.CI) return { skip: false, reason }; // CI installs the stack: never hide a failure
  console.warn(`[Wayland live tests skipped] ${reason}`);
  return { skip: true, reason };
}

export interface WaylandBridge {
  desktop: DesktopHandle;
  client: TestClient;
  /** What the bridge process wrote to stderr (its log). */
  stderr(): string;
  close(): Promise<void>;
}

/** A Wayland desktop with `apps`, and the CLI bridge serving all of them to one SDK client. */
export async function openWaylandBridge(apps: string[], serveArgs: string[] = [], compositor: Compositor = 'sway'): Promise<WaylandBridge> {
  const desktop = await openDesktop({ wayland: { compositor }, apps });
  let log = '';
  try {
    const transport = new StdioClientTransport({
      command: process.execPath,
      args: [CLI, 'serve', '--all-apps', '--log-level', 'debug', ...serveArgs],
      env: desktopProcessEnv(desktop.env) as Record<string, string>,
      stderr: 'pipe',
    });
    transport.stderr?.on('data', (chunk: Buffer) => {
      log += chunk.toString();
    });
    const client = new Client({ name: 'wayland-live', version: '1.0.0' });
    await client.connect(transport);
    // Every message the server sends, as the in-process clients record it (secrets never in it).
    const recorder = { events: [] as string[], bytes: [] as string[] };
    const deliver = transport.onmessage;
    transport.onmessage = (message) => {
      recorder.bytes.push(JSON.stringify(message));
      deliver?.(message);
    };
    const wrapped = await wrapClient(client, recorder);
    return {
      desktop,
      client: wrapped,
      stderr: () => log,
      close: async () => {
        await wrapped.close().catch(() => undefined);
        await desktop.stop();
      },
    };
  } catch (error) {
    await desktop.stop();
    throw new Error(`${error instanceof Error ? error.message : String(error)}; bridge log: ${log.slice(-2000)}`);
  }
}

/** A scratch folder the desktop's apps (another account under root) may write into. */
export function shareWithDesktop(dir: string, desktop: DesktopHandle): void {
  const wayland = desktop.state.wayland;
  if (wayland) chownSync(dir, wayland.uid, wayland.gid);
}
