/**
 * Benchmark: `resources/read` of app://windows and `tools/call` round trips on the demo
 * app with 10, 100 and 1,000 windows. A real SDK client talks to the built `gui-bridge serve
 * --demo` over stdio, the transport local clients use, so every message is serialised, piped and
 * parsed. Reference measured in the same run: an MCP `ping` round trip (the transport's floor).
 * Goal: reading app://windows with 100 windows under 5 ms; cost growing about linearly with size.
 */
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { join, resolve } from 'node:path';
import { ms, table, time } from './stats.js';

const CLI = join(resolve(import.meta.dirname, '..'), 'dist/src/cli.js');

const SIZES = [10, 100, 1000];
const ITERATIONS = Number(process.env.BENCH_ITERATIONS ?? 300);

async function measure(windows: number): Promise<Record<string, string | number>> {
  const half = String(windows / 2);
  const transport = new StdioClientTransport({
    command: process.execPath,
    args: [CLI, 'serve', '--demo', '--demo-orders', half, '--demo-reports', half, '--max-windows', String(windows), '--log-level', 'error'],
  });
  const client = new Client({ name: 'bench', version: '1' });
  const started = performance.now();
  await client.connect(transport);
  const startup = performance.now() - started;
  await client.listTools(); // the client caches output schemas, as real clients do

  const first = await client.readResource({ uri: 'app://windows' });
  const snapshotText = (first.contents[0] as { text: string }).text;
  const bytes = Buffer.byteLength(snapshotText);
  const ping = await time(() => client.ping(), ITERATIONS);
  const read = await time(() => client.readResource({ uri: 'app://windows' }), ITERATIONS);
  let n = 0;
  const write = await time(() => client.callTool({ name: 'w1__edit_field', arguments: { field: 'amount', value: `$${++n}.00` } }), ITERATIONS);
  const snapshot = JSON.parse(snapshotText) as { windows: Array<{ id: string; title: string }> };
  const report = snapshot.windows.find((w) => w.title.startsWith('Report'))?.id as string;
  const readTool = await time(() => client.callTool({ name: `${report}__load_rows`, arguments: { offset: 1000, limit: 10 } }), ITERATIONS);
  const tools = (await client.listTools()).tools.length;
  await client.close();
  return {
    windows,
    tools,
    'snapshot KB': (bytes / 1024).toFixed(1),
    'start + connect': ms(startup),
    'ping (ref)': ms(ping.median),
    'read median': ms(read.median),
    'read p99': ms(read.p99),
    'read/ping': (read.median / ping.median).toFixed(1),
    'µs per KB read': ((read.median * 1000) / (bytes / 1024)).toFixed(1),
    'edit_field median': ms(write.median),
    'edit_field p99': ms(write.p99),
    'load_rows median': ms(readTool.median),
    'load_rows p99': ms(readTool.p99),
  };
}

const rows = [];
for (const size of SIZES) rows.push(await measure(size));
console.log(`Protocol core on the demo app over stdio (${ITERATIONS} iterations each, Node ${process.version})\n`);
console.log(table(rows));
