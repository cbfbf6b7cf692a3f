/**
 * Bytes of `tools/list`, what an agent reads most. A real SDK client lists the
 * tools of the built `gui-bridge serve` over stdio for the demo app and for every recorded fixture
 * of a real app, and reports bytes per tool (median, worst) and per part of a tool descriptor.
 * Bytes are deterministic: no reference run is needed. Goal: median ≤ 450 B per tool.
 */
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import type { Tool } from '@modelcontextprotocol/sdk/types.js';
import { readdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { summarise, table } from './stats.js';

const median = (values: number[]) => (values.length === 0 ? 0 : summarise(values).median);

const ROOT = resolve(import.meta.dirname, '..');
const CLI = join(ROOT, 'dist/src/cli.js');
const REAL_APPS = ['gedit', 'gnome-calculator', 'gtk-file-chooser', 'zenity'];

async function listTools(args: string[]): Promise<Tool[]> {
  const transport = new StdioClientTransport({ command: process.execPath, args: [CLI, 'serve', ...args, '--log-level', 'error'], stderr: 'ignore' });
  const client = new Client({ name: 'bench-tools-list', version: '1' });
  await client.connect(transport);
  const { tools } = await client.listTools();
  await client.close();
  return tools;
}

const bytes = (value: unknown) => (value === undefined ? 0 : Buffer.byteLength(JSON.stringify(value)));

function row(source: string, tools: Tool[]): Record<string, string | number> {
  const sizes = tools.map(bytes);
  const part = (pick: (t: Tool) => unknown) => Math.round(median(tools.map((t) => bytes(pick(t)))));
  return {
    source,
    tools: tools.length,
    'tools/list B': bytes({ tools }),
    'median B/tool': Math.round(median(sizes)),
    'max B/tool': Math.max(0, ...sizes),
    'inputSchema (median)': part((t) => t.inputSchema),
    'outputSchema (median)': part((t) => t.outputSchema),
    'title+description (median)': part((t) => [t.title, t.description]),
    'annotations (median)': part((t) => t.annotations),
  };
}

const rows = [row('demo (serve --demo)', await listTools(['--demo']))];
const all: Tool[] = [];
for (const app of REAL_APPS) {
  const dir = join(ROOT, 'fixtures', app);
  const files = readdirSync(dir).filter((f) => f.endsWith('.json') && !f.endsWith('.expected.json'));
  const tools: Tool[] = [];
  for (const file of files) tools.push(...(await listTools(['--fixture', join(dir, file)])));
  all.push(...tools);
  rows.push(row(`${app} (${files.length} fixtures)`, tools));
}
rows.push(row('all real-app fixtures', all));
console.log('tools/list bytes per tool, SDK client over stdio (goal: median ≤ 450 B per tool)');
console.log(table(rows));
