/**
 * `resources/read` latency of one `window://` URI (serve --a2c) for the demo app, through a real SDK
 * client over InMemoryTransport, next to `app://windows` in the same run. Goal: < 2 ms.
 *
 *   npx tsx bench/a2c-read.ts [iterations]
 *
 * "cached" reads repeat with no change in between (what a Computer's desktop refresh mostly does);
 * "after a change" edits the Order Editor before every read, so the window text is rebuilt each time.
 */
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js';
import { createWindowResources } from '../src/a2c/windowResources.js';
import { Bridge } from '../src/bridge/bridge.js';
import { openDemoProbe } from '../src/platform/demo/probe.js';
import { SessionHub } from '../src/server/hub.js';
import { createSessionServer } from '../src/server/session.js';
import { silentLogger } from '../src/util/logger.js';
import { registry } from '../translators/index.js';
import { ms, summarise, table } from './stats.js';

const ITERATIONS = Number(process.argv[2] ?? 5000);
const WARMUP = 200;
const CHANGED_ITERATIONS = Math.min(500, ITERATIONS);

async function timeReads(client: Client, uri: string, count: number, before?: () => Promise<void>): Promise<number[]> {
  const samples: number[] = [];
  for (let i = 0; i < count; i++) {
    if (before) await before();
    const start = process.hrtime.bigint();
    await client.readResource({ uri });
    samples.push(Number(process.hrtime.bigint() - start) / 1e6);
  }
  return samples;
}

function row(read: string, samples: number[]): Record<string, string | number> {
  const summary = summarise(samples);
  return { read, n: summary.n, median: ms(summary.median), p99: ms(summary.p99) };
}

async function main(): Promise<void> {
  const probe = await openDemoProbe({ effectDelayMs: 0 });
  const bridge = await Bridge.start({ probe, registry, log: silentLogger });
  const resources = createWindowResources(bridge);
  const hub = new SessionHub(bridge, silentLogger, resources);
  const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
  await createSessionServer(hub, 'memory').connect(serverSide);
  const client = new Client({ name: 'bench', version: '1.0.0' });
  await client.connect(clientSide);

  const [w1, w2] = bridge.windows().map((w) => resources.uriOf(w));
  if (!w1 || !w2) throw new Error('the demo app has no windows');
  await timeReads(client, w1, WARMUP);
  await timeReads(client, 'app://windows', WARMUP);

  let cents = 10_000;
  const orderEditor = bridge.windows()[0]?.facts.nativeId as string;
  const edit = async () => {
    probe.app.userEdits(orderEditor, 'amount', `$${((cents += 125) / 100).toFixed(2)}`);
    await bridge.flush();
  };
  const rows = [
    row(`${w1} (cached)`, await timeReads(client, w1, ITERATIONS)),
    row(`${w2} (cached)`, await timeReads(client, w2, ITERATIONS)),
    row('app://windows (cached)', await timeReads(client, 'app://windows', ITERATIONS)),
    row(`${w1} (after a change)`, await timeReads(client, w1, CHANGED_ITERATIONS, edit)),
    row('app://windows (after a change)', await timeReads(client, 'app://windows', CHANGED_ITERATIONS, edit)),
  ];
  console.log(`A2C window:// resources/read, demo app (${bridge.windows().length} windows), SDK client over InMemoryTransport, Node ${process.version}`);
  console.log(table(rows));

  await client.close();
  hub.close();
  await bridge.close();
}

await main();
