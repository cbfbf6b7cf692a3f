/**
 * Read bytes with `--screenshots` ÷ without, over Streamable HTTP with a real SDK client: the
 * `app://windows` text of the demo app and of a recorded gnome-calculator window (a small read,
 * where a screenshot weighs most). Three servers per source, same run: no screenshots, screenshots
 * by reference (the default over HTTP: a /media/… URL per window) and inline (`--screenshots
 * inline`: a data: URL per window, what HTTP used to send). Pictures are drawn to a window's size
 * (test/helpers/screenshotServer.ts), about what a small dialog's PNG weighs. Goal: by reference
 * ≤ 1.2× without.
 */
import { join, resolve } from 'node:path';
import { readFixtureFile } from '../src/platform/fixture/files.js';
import { openFixtureProbe } from '../src/platform/fixture/probe.js';
import { connectHttpClient } from '../test/helpers/httpClient.js';
import { startScreenshotServer, type ScreenshotServerOptions } from '../test/helpers/screenshotServer.js';
import { table } from './stats.js';

const ROOT = resolve(import.meta.dirname, '..');
const CALCULATOR = join(ROOT, 'fixtures/gnome-calculator/basic-result.json');

async function readBytes(options: ScreenshotServerOptions): Promise<number> {
  const server = await startScreenshotServer(options);
  const client = await connectHttpClient(server.http.url);
  try {
    const text = ((await client.client.readResource({ uri: 'app://windows' })).contents[0] as { text: string }).text;
    return Buffer.byteLength(text);
  } finally {
    await client.close();
    await server.close();
  }
}

async function calculator(): Promise<ScreenshotServerOptions> {
  const fixture = await readFixtureFile(CALCULATOR);
  return { probe: await openFixtureProbe({ fixture }), contentOf: (nativeId) => fixture.trees[nativeId]?.root.name ?? nativeId };
}

const rows: Record<string, string | number>[] = [];
for (const [source, base] of [
  ['demo (serve --demo)', async () => ({})],
  ['gnome-calculator fixture', calculator],
] as const) {
  const without = await readBytes({ ...(await base()), urls: 'none' });
  const byReference = await readBytes({ ...(await base()), urls: 'http' });
  const inline = await readBytes({ ...(await base()), urls: 'inline' });
  rows.push({
    source,
    'read B, no screenshots': without,
    'read B, by reference': byReference,
    'read B, inline': inline,
    'by reference ÷ without': (byReference / without).toFixed(2),
    'inline ÷ without': (inline / without).toFixed(2),
  });
}
console.log('app://windows read bytes with --screenshots ÷ without, SDK client over HTTP (goal: by reference ≤ 1.2)');
console.log(table(rows));
