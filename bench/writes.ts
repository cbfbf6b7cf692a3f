/**
 * Verified writes per toolkit and write kind: the route that took (`via`) and the time of a
 * write that returns only once the window shows it, through a real MCP client on a live private
 * desktop: Firefox (Gecko) and Chromium on a local form, qt6ct (Qt 6), AbiWord (GTK 3), a shape's
 * text in LibreOffice Draw, a field of JabRef's entry editor (Java Swing), the documents of GNOME
 * Text Editor (GTK 4) and FeatherPad (Qt 5), GNOME Calculator's libadwaita preference rows, text
 * typed into AbiWord's drawn page and GNOME Text Editor's document, and a path chosen in
 * AbiWord's Save As file chooser (each round opens the dialog by the menu first, untimed). The
 * first call of a kind may pay a detour (a route that did not take) before the route that works
 * is remembered: it is shown apart from the median of the later calls. Reference, same run: the
 * median full read of the same window by the probe (what one look at the effect costs at least).
 *   npx tsx bench/writes.ts        (BENCH_ROUNDS=6 by default)
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { DEFAULT_TREE_BUDGET } from '../src/platform/probe.js';
import { silentLogger } from '../src/util/logger.js';
import { connectMemoryClient, type TestClient } from '../test/helpers/demoServer.js';
import { launchChromium } from '../test/live/helpers/chromiumApp.js';
import { waitFor } from '../test/live/helpers/desktop.js';
import { launchFirefox } from '../test/live/helpers/firefoxApp.js';
import { startFormServer } from '../test/live/helpers/formServer.js';
import { openLiveStack } from '../test/live/helpers/liveStack.js';
import { corpusApp, launchCorpusApp } from '../test/live/corpus/apps.js';
import { prepareDocuments } from '../test/live/corpus/documents.js';
import { writeDrawing } from '../test/live/tasks/scenarios/odfPackage.js';
import { summarise, table } from './stats.js';

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 6);

interface Write {
  kind: string;
  tool: string;
  /** Arguments of round `i`: alternating values, so every call changes something. */
  args(i: number): Record<string, unknown>;
  /** For a write whose answer carries no route: the answer that says the effect was read back. */
  readBack?: RegExp;
  /** A call on the window before each round that opens the window written to (a file chooser), not timed. */
  opens?: { tool: string; args: Record<string, unknown> };
}

interface Target {
  toolkit: string;
  title: RegExp;
  /** An application tool that opens the window first (GNOME Calculator's preferences). */
  opener?: RegExp;
  /** A call that shows the fields first (JabRef's entry editor opens on a double-click). */
  prepare?: { tool: string; args: Record<string, unknown> };
  writes: Write[];
}

const webWrites: Write[] = [
  { kind: 'set_field (text input)', tool: 'set_field', args: (i) => ({ field: 'Full name', value: `Name ${i}` }) },
  { kind: 'set_field (text area)', tool: 'set_field', args: (i) => ({ field: 'Notes', value: `Line ${i}\nsecond` }) },
  { kind: 'select (drop-down)', tool: 'select', args: (i) => ({ field: 'Size', option: i % 2 === 0 ? 'Large' : 'Small' }) },
  { kind: 'toggle (check box in label)', tool: 'toggle', args: (i) => ({ field: 'Gift wrapping', on: i % 2 === 0 }) },
];

const TARGETS: Target[] = [
  { toolkit: 'Gecko (Firefox ESR)', title: /^Web Order — Mozilla Firefox$/, writes: webWrites },
  { toolkit: 'Chromium', title: /^Web Order - Chromium$/, writes: webWrites },
  {
    toolkit: 'Qt 6 (qt6ct)',
    title: /^Qt6 Configuration Tool$/,
    writes: [
      { kind: 'set_field (line edit)', tool: 'set_field', args: (i) => ({ field: 'Text', value: `text ${i}` }) },
      { kind: 'select (page tab)', tool: 'select', args: (i) => ({ field: 'Appearance tabs', option: i % 2 === 0 ? 'Fonts' : 'Appearance' }) },
      { kind: 'select (combo box)', tool: 'select', args: (i) => ({ field: 'Style', option: i % 2 === 0 ? 'Windows' : 'Fusion' }) },
    ],
  },
  {
    toolkit: 'GTK 3 (AbiWord)',
    title: /^letter\.txt$/,
    writes: [
      { kind: 'set_field (combo entry)', tool: 'set_field', args: (i) => ({ field: 'Font Size', value: i % 2 === 0 ? '14' : '12' }) },
      // Each press turns Bold over; the answer is the state read back ("it is on now").
      { kind: 'press (toggle button, state read back)', tool: 'press', args: () => ({ button: 'Bold' }), readBack: /: it is (on|off) now\./ },
      // AbiWord draws its page: no text to read back, the keys go to the focused page.
      { kind: 'type_text (drawn page)', tool: 'type_text', args: (i) => ({ text: ` word${i}` }) },
      // Last: the document takes the saved name. Each round opens Save As by the menu (not timed).
      {
        kind: 'choose (file chooser, Save As)',
        tool: 'choose',
        args: (i) => ({ path: join(folder, `saved-${i}.abw`) }),
        opens: { tool: 'menu', args: { path: 'File > Save As…' } },
      },
    ],
  },
  {
    toolkit: 'GTK 4 (GNOME Text Editor)',
    title: /^notes\.txt .* - Text Editor$/,
    writes: [
      { kind: 'set_field (document)', tool: 'set_field', args: (i) => ({ field: 'Text', value: `Draft ${i}\nsecond line` }) },
      { kind: 'type_text (document, read back)', tool: 'type_text', args: (i) => ({ text: ` more ${i}` }) },
    ],
  },
  {
    toolkit: 'Qt 5 (FeatherPad)',
    title: /^\S*memo\.txt$/,
    writes: [{ kind: 'set_field (plain text edit)', tool: 'set_field', args: (i) => ({ field: 'Text', value: `Memo ${i}` }) }],
  },
  {
    toolkit: 'Java Swing (JabRef)',
    title: /^JabRef - library\.bib/,
    prepare: { tool: 'open_row', args: { list: 'Table', row: 'Article' } },
    writes: [{ kind: 'set_field (text area, taken on focus loss)', tool: 'set_field', args: (i) => ({ field: 'Year', value: String(1850 + i) }) }],
  },
  {
    toolkit: 'GTK 4 libadwaita (GNOME Calculator)',
    title: /^Preferences$/,
    opener: /^app__(\w+_)?preferences$/,
    writes: [
      { kind: 'select (combo row)', tool: 'select', args: (i) => ({ field: 'Angle units', option: i % 2 === 0 ? 'Radians' : 'Degrees' }) },
      { kind: 'toggle (switch row)', tool: 'toggle', args: (i) => ({ field: 'Thousands separators', on: i % 2 === 0 }) },
      { kind: 'set_field (spin row)', tool: 'set_field', args: (i) => ({ field: 'Number of decimals', value: String(i % 2 === 0 ? 4 : 9) }) },
    ],
  },
  {
    toolkit: 'LibreOffice (Draw)',
    title: /^label\.odg - LibreOffice Draw$/,
    writes: [{ kind: 'set_field (shape text)', tool: 'set_field', args: (i) => ({ field: 'Rectangle', value: `Label ${i + 1}` }) }],
  },
];

const stack = await openLiveStack({ desktop: { apps: ['qt6ct'] }, probe: {} }, silentLogger);
const server = await startFormServer();
const folder = mkdtempSync(join(tmpdir(), 'gui-bridge-bench-writes-'));
writeFileSync(join(folder, 'letter.txt'), 'A letter\n');
const browsers = [await launchFirefox(stack.desktop, server.url), await launchChromium(stack.desktop, server.url)];
const abiword = await stack.desktop.launch('abiword', [join(folder, 'letter.txt')]);
writeDrawing(join(folder, 'label.odg'), 'Label 0');
writeFileSync(join(folder, 'notes.txt'), 'Notes\n');
writeFileSync(join(folder, 'memo.txt'), 'Memo\n');
const textEditor = await stack.desktop.launch('gnome-text-editor', ['--standalone', join(folder, 'notes.txt')]);
const featherpad = await stack.desktop.launch('featherpad', [join(folder, 'memo.txt')]);
const calculator = await stack.desktop.launch('gnome-calculator', []);
const jabref = await launchCorpusApp(stack.desktop, corpusApp('jabref'), prepareDocuments(folder));
const draw = await stack.desktop.launch('soffice', [
  `-env:UserInstallation=${pathToFileURL(join(folder, 'profile')).href}`,
  '--norestore',
  '--nologo',
  '--draw',
  join(folder, 'label.odg'),
]);
try {
  const client = await connectMemoryClient(stack.hub);
  const rows: Array<Record<string, string | number>> = [];
  for (const target of TARGETS) {
    if (target.opener) await openWith(client, target.opener);
    const winId = await windowOf(client, target.title);
    if (target.prepare) await client.call(`${winId}__${target.prepare.tool}`, target.prepare.args);
    const read = await fullRead(target.title);
    for (const write of target.writes) {
      const row = await measure(client, target.toolkit, winId, write);
      rows.push({ ...row, 'full read ms': Math.round(read), '× read': (Number(row['median ms']) / read).toFixed(1) });
    }
  }
  console.log(`Verified writes through the MCP client (${ROUNDS} calls each; reference: a full read of the same window by the probe, same run)\n`);
  console.log(table(rows));
} finally {
  await abiword.kill();
  await jabref.stop();
  await textEditor.kill();
  await featherpad.kill();
  await calculator.kill();
  await draw.kill();
  for (const browser of browsers) {
    await browser.app.kill();
    browser.cleanUp();
  }
  await server.close();
  // A browser's last child processes may still write into the desktop's folders while it is removed.
  await stack.close().catch(async () => {
    await new Promise((resolve) => setTimeout(resolve, 2000));
    await stack.close();
  });
  rmSync(folder, { recursive: true, force: true });
}

async function windowOf(client: TestClient, title: RegExp): Promise<string> {
  const window = await waitFor(async () => (await client.snapshot()).windows.find((w) => title.test(w.title) && (w.blocks?.length ?? 0) > 0), 90_000);
  await new Promise((resolve) => setTimeout(resolve, 2000)); // the page or dialog finishes building
  return window.id;
}

/** Runs the application tool whose name matches, once the bridge offers it. */
async function openWith(client: TestClient, tool: RegExp): Promise<void> {
  const name = await waitFor(async () => (await client.client.listTools()).tools.find((t) => tool.test(t.name))?.name, 90_000);
  const result = await client.call(name, {});
  if (result.isError) throw new Error(`${name} failed: ${JSON.stringify(result.structuredContent)}`);
}

/** Median of five fresh full reads of the window by the probe. */
async function fullRead(title: RegExp): Promise<number> {
  const native = (await stack.probe.readTopology()).windows.find((w) => title.test(w.title));
  if (!native) throw new Error(`no window titled ${title}`);
  const samples: number[] = [];
  for (let i = 0; i < 5; i++) {
    const start = performance.now();
    await stack.probe.readTree(native.nativeId, DEFAULT_TREE_BUDGET, { fresh: true });
    samples.push(performance.now() - start);
  }
  return summarise(samples).median;
}

async function measure(client: TestClient, toolkit: string, winId: string, write: Write): Promise<Record<string, string | number>> {
  const times: number[] = [];
  const routes = new Map<string, number>();
  let failures = 0;
  for (let i = 0; i < ROUNDS; i++) {
    const target = write.opens ? await openedBy(client, winId, write.opens) : winId;
    const start = performance.now();
    const result = await client.call(`${target}__${write.tool}`, write.args(i));
    times.push(performance.now() - start);
    const content = result.structuredContent as { message?: string; result?: { via?: string } } | undefined;
    const via = content?.result?.via;
    if (result.isError || (write.readBack && !write.readBack.test(content?.message ?? ''))) failures++;
    else if (via) routes.set(via, (routes.get(via) ?? 0) + 1);
  }
  const later = summarise(times.slice(1));
  return {
    toolkit,
    write: write.kind,
    via: [...routes].map(([route, count]) => `${route} ×${count}`).join(', ') || '—',
    failed: failures,
    'first call ms': Math.round(times[0] as number),
    'median ms': Math.round(later.median),
  };
}

/** The window a call on `winId` opened (its answer names it), once it offers the tools. */
async function openedBy(client: TestClient, winId: string, opens: { tool: string; args: Record<string, unknown> }): Promise<string> {
  const result = await client.call(`${winId}__${opens.tool}`, opens.args);
  const opened = (result.structuredContent as { openedWindowIds?: string[] } | undefined)?.openedWindowIds?.[0];
  if (result.isError || !opened) throw new Error(`${winId}__${opens.tool} opened no window: ${JSON.stringify(result.structuredContent)}`);
  await waitFor(async () => (await client.client.listTools()).tools.some((t) => t.name.startsWith(`${opened}__`)) || null, 30_000);
  return opened;
}
