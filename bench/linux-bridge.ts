/**
 * Benchmark on a live headless desktop:
 * - latency from a change to `resources/updated` at a subscribed MCP client (goal:
 *   median under 20 ms, p99 under 60 ms), for typing text in gedit and for a button press in
 *   gnome-calculator, next to the raw AT-SPI event arrival and one full tree read of the same
 *   window measured in the same run; rounds are spaced so that the full read checking each
 *   incremental one (atspi/incremental.ts) runs between them;
 * - resident memory of `gui-bridge serve --all-apps` with 5 applications open, next to
 *   `gui-bridge serve --demo` measured in the same run.
 *   npx tsx bench/linux-bridge.ts        (BENCH_ROUNDS=30 by default)
 */
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import { join, resolve } from 'node:path';
import { ResourceUpdatedNotificationSchema } from '@modelcontextprotocol/sdk/types.js';
import { Bridge } from '../src/bridge/bridge.js';
import { AtspiAccess, type AtspiEventRecord } from '../src/platform/linux/atspi/index.js';
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

function find(node: A11yNode, match: (node: A11yNode) => boolean): A11yNode | undefined {
  if (match(node)) return node;
  for (const child of node.children) {
    const found = find(child, match);
    if (found) return found;
  }
  return undefined;
}

const isDocument = (n: A11yNode) => n.role === 'text' && n.states.includes('editable') && n.states.includes('multi_line');

interface Scenario {
  label: string;
  app: string;
  /** The node to act on, found in the app's window. */
  target: (root: A11yNode) => A11yNode | undefined;
  act: (user: AtspiAccess, ref: string) => Promise<void>;
}

const SCENARIOS: Scenario[] = [
  { label: 'typing in gedit', app: 'gedit', target: (root) => find(root, isDocument), act: (user, ref) => user.primitives.insertText(ref, 'x') },
  {
    label: 'a button press in gnome-calculator',
    app: 'gnome-calculator',
    target: (root) => find(root, (n) => n.role === 'push_button' && n.name === '7'),
    act: (user, ref) => user.primitives.doAction(ref, 'click'),
  },
];

type Row = Record<string, string>;

async function latency(desktop: DesktopHandle): Promise<{ rows: Row[]; stats: string }> {
  const probe = await openLinuxProbe({ env: desktop.env });
  const bridge = await Bridge.start({ probe, registry, log: silentLogger });
  const hub = new SessionHub(bridge, silentLogger);
  const client = await connectMemoryClient(hub);
  await client.client.subscribeResource({ uri: 'app://windows' });
  let notified: (() => void) | null = null;
  client.client.setNotificationHandler(ResourceUpdatedNotificationSchema, async () => notified?.());
  const user = await AtspiAccess.open({ env: desktop.env }); // the "user": another AT-SPI client
  const rows: Row[] = [];
  for (const scenario of SCENARIOS) {
    const app = (await user.listApplications()).find((a) => a.name === scenario.app);
    const frame = app?.topLevels.find((t) => t.role === 'frame');
    if (!app || !frame) throw new Error(`${scenario.app} window not found`);
    const target = scenario.target((await user.readTree(frame.ref, DEFAULT_TREE_BUDGET)).root);
    if (!target) throw new Error(`nothing to act on in ${scenario.app}`);
    let rawAt = 0;
    const onEvent = (e: AtspiEventRecord) => void (!rawAt && e.source.startsWith(app.bus + '/') && e.type.startsWith('object:') && (rawAt = e.receivedAt));
    user.events.on('event', onEvent);
    const endToEnd: number[] = [];
    const raw: number[] = [];
    const ours: number[] = [];
    const reads: number[] = [];
    for (let i = 0; i < ROUNDS; i++) {
      await sleep(700); // past the consistency check of the previous round (500 ms quiet)
      rawAt = 0;
      const done = new Promise<void>((r) => (notified = r));
      const start = performance.now();
      await scenario.act(user, target.ref);
      await done;
      const notifiedAt = performance.now();
      endToEnd.push(notifiedAt - start);
      if (rawAt) raw.push(rawAt - start);
      if (rawAt) ours.push(notifiedAt - rawAt);
      const readStart = performance.now();
      await user.readTree(frame.ref, DEFAULT_TREE_BUDGET);
      reads.push(performance.now() - readStart);
    }
    user.events.off('event', onEvent);
    const change = summarise(endToEnd);
    const row = (what: string, samples: number[]) => {
      const s = summarise(samples);
      return { measure: what, median: ms(s.median), p99: ms(s.p99), n: String(s.n), 'median ÷ notify': `${(s.median / change.median).toFixed(2)}×` };
    };
    rows.push(
      row(`${scenario.label} → resources/updated at the client`, endToEnd),
      row(`${scenario.label} → raw AT-SPI event (reference)`, raw),
      row(`${scenario.label}: raw AT-SPI event → resources/updated (the bridge's part)`, ours),
      row(`one full read of the ${scenario.app} window (reference)`, reads),
    );
  }
  const stats = probe.incrementalStats;
  await client.close();
  hub.close();
  await bridge.close();
  await user.close();
  return {
    rows,
    stats: `bridge reads: ${stats.partial} incremental, ${stats.full} full; ${stats.verified} incremental states checked by a full read, ${stats.mismatches} differed${stats.lastMismatch ? ` (last: ${stats.lastMismatch})` : ''}`,
  };
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
  const measured = await latency(desktop);
  for (const args of [
    ['--question', '--text=One'],
    ['--entry', '--text=Two'],
    ['--list', '--column=N', 'a', 'b', 'c'],
  ]) {
    await desktop.launch('zenity', args);
  }
  const env = desktopProcessEnv(desktop.env);
  const live = await rssOf(['--all-apps'], env, 4000);
  const demo = await rssOf(['--demo'], env, 2000);
  console.log(
    `Linux bridge on a live desktop (${ROUNDS} rounds, Node ${process.version}, load average ${loadavg()
      .map((l) => l.toFixed(1))
      .join(' ')} on ${cpus().length} CPUs)\n`,
  );
  console.log(table(measured.rows));
  console.log(measured.stats);
  console.log('');
  console.log(
    table([
      { server: 'serve --all-apps, 5 apps (gedit, calculator, 3 zenity)', 'RSS MB': live.toFixed(1) },
      { server: 'serve --demo (reference)', 'RSS MB': demo.toFixed(1) },
    ]),
  );
} finally {
  await desktop.stop();
}
