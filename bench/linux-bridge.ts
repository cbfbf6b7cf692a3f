/**
 * Issue 3 benchmark on a live headless desktop:
 * - latency from a text change in gedit to `resources/updated` at a subscribed MCP client
 *   (goal: median under 100 ms), next to the raw AT-SPI event latency and one gedit tree read
 *   measured in the same run;
 * - resident memory of `gui-bridge serve --all-apps` with 5 applications open, next to
 *   `gui-bridge serve --demo` measured in the same run.
 */
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { ResourceUpdatedNotificationSchema } from '@modelcontextprotocol/sdk/types.js';
import { Bridge } from '../src/bridge/bridge.js';
import { AtspiAccess } from '../src/platform/linux/atspi/index.js';
import { desktopProcessEnv, openDesktop, type DesktopHandle } from '../src/platform/linux/desktop/index.js';
import { openLinuxProbe } from '../src/platform/linux/probe.js';
import { DEFAULT_TREE_BUDGET, type A11yNode } from '../src/platform/probe.js';
import { SessionHub } from '../src/server/hub.js';
import { silentLogger } from '../src/util/logger.js';
import { registry } from '../translators/index.js';
import { connectMemoryClient } from '../test/helpers/demoServer.js';
import { ms, summarise, table } from './stats.js';

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 30);
const CLI = join(resolve(import.meta.dirname, '..'), 'dist/src/cli.js');
const sleep = (n: number) => new Promise((r) => setTimeout(r, n));

function findText(node: A11yNode): A11yNode | undefined {
  if (node.role === 'text' && node.states.includes('editable') && node.states.includes('multi_line')) return node;
  for (const child of node.children) {
    const found = findText(child);
    if (found) return found;
  }
  return undefined;
}

async function latency(desktop: DesktopHandle): Promise<Array<Record<string, string>>> {
  const probe = await openLinuxProbe({ env: desktop.env });
  const bridge = await Bridge.start({ probe, registry, log: silentLogger });
  const hub = new SessionHub(bridge, silentLogger);
  const client = await connectMemoryClient(hub);
  await client.client.subscribeResource({ uri: 'app://windows' });
  let notified: (() => void) | null = null;
  client.client.setNotificationHandler(ResourceUpdatedNotificationSchema, async () => notified?.());

  const user = await AtspiAccess.open({ env: desktop.env }); // the "user": another AT-SPI client
  const gedit = (await user.listApplications()).find((a) => a.name === 'gedit');
  const frame = gedit?.topLevels.find((t) => t.role === 'frame');
  if (!frame) throw new Error('gedit window not found');
  const text = findText((await user.readTree(frame.ref, DEFAULT_TREE_BUDGET)).root) as A11yNode;
  let rawAt = 0;
  user.events.on('event', (e) => void (e.type.startsWith('object:text-changed') && !rawAt && (rawAt = e.receivedAt)));

  const endToEnd: number[] = [];
  const raw: number[] = [];
  const reads: number[] = [];
  for (let i = 0; i < ROUNDS; i++) {
    await sleep(150);
    rawAt = 0;
    const done = new Promise<void>((r) => (notified = r));
    const start = performance.now();
    await user.primitives.insertText(text.ref, 'x');
    await done;
    endToEnd.push(performance.now() - start);
    if (rawAt) raw.push(rawAt - start);
    const readStart = performance.now();
    await user.readTree(frame.ref, DEFAULT_TREE_BUDGET);
    reads.push(performance.now() - readStart);
  }
  await client.close();
  hub.close();
  await bridge.close();
  await user.close();
  const row = (what: string, samples: number[]) => {
    const s = summarise(samples);
    return { measure: what, median: ms(s.median), p99: ms(s.p99), n: String(s.n) };
  };
  return [
    row('text change → resources/updated at the client', endToEnd),
    row('text change → raw AT-SPI event (reference)', raw),
    row('one full read of the gedit window (reference)', reads),
  ];
}

async function rssOf(args: string[], env: NodeJS.ProcessEnv, settleMs: number): Promise<number> {
  const child = spawn(process.execPath, [CLI, 'serve', ...args, '--http', '0', '--log-level', 'error'], { env, stdio: 'ignore' });
  await sleep(settleMs);
  const status = readFileSync(`/proc/${child.pid}/status`, 'utf8');
  child.kill('SIGTERM');
  return Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0) / 1024;
}

const desktop = await openDesktop({ apps: ['gedit', 'gnome-calculator'] });
try {
  const latencyRows = await latency(desktop);
  for (const args of [['--question', '--text=One'], ['--entry', '--text=Two'], ['--list', '--column=N', 'a', 'b', 'c']]) {
    await desktop.launch('zenity', args);
  }
  const env = desktopProcessEnv(desktop.env);
  const live = await rssOf(['--all-apps'], env, 4000);
  const demo = await rssOf(['--demo'], env, 2000);
  console.log(`Linux bridge on a live desktop (${ROUNDS} rounds, Node ${process.version})\n`);
  console.log(table(latencyRows));
  console.log('');
  console.log(table([
    { server: 'serve --all-apps, 5 apps (gedit, calculator, 3 zenity)', 'RSS MB': live.toFixed(1) },
    { server: 'serve --demo (reference)', 'RSS MB': demo.toFixed(1) },
  ]));
} finally {
  await desktop.stop();
}
