/**
 * How fast a change reaches the owner's console page (goal: within 100 ms),
 * against the MCP notification of the same change in the same run. The demo app changes as if
 * the user typed (no agent call in the way); t0 is the moment the bridge applied the change.
 *  - page: t0 → the open console page (Debian's chromium via playwright-core) has re-rendered
 *    the window (a MutationObserver on its version attribute, stamped with the wall clock);
 *  - MCP (reference): t0 → a real SDK client over Streamable HTTP, subscribed to app://windows,
 *    receives notifications/resources/updated.
 */
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { ResourceUpdatedNotificationSchema } from '@modelcontextprotocol/sdk/types.js';
import { launchBrowser, startConsoleServer } from '../test/helpers/consoleServer.js';
import { ms, summarise, table } from './stats.js';

const ITERATIONS = Number(process.env.BENCH_ITERATIONS ?? 100);
const WARMUP = 10;
const now = () => performance.timeOrigin + performance.now();

const applied = new Map<number, number>();
// The first listener of the bridge, so that t0 is stamped before the console or MCP send anything.
const server = await startConsoleServer({
  onBridge: (demo) =>
    demo.bridge.onChange(() => {
      const w1 = demo.bridge.snapshot().windows.find((w) => w.id === 'w1');
      if (w1 && !applied.has(w1.version)) applied.set(w1.version, now());
    }),
});
const browser = await launchBrowser();
try {
  const page = await browser.newPage();
  await page.goto(`${server.origin}/console`);
  await page.locator('article[data-window-id="w1"]').waitFor();
  // Stamp every re-render of w1 with the page's wall clock.
  await page.evaluate(`(() => {
    window.__shown = {};
    const article = document.querySelector('article[data-window-id="w1"]');
    new MutationObserver(() => { window.__shown[article.dataset.version] = performance.timeOrigin + performance.now(); })
      .observe(article, { attributes: true, attributeFilter: ['data-version'] });
  })()`);

  const client = new Client({ name: 'bench', version: '1' });
  await client.connect(new StreamableHTTPClientTransport(new URL(server.http.url)));
  await client.subscribeResource({ uri: 'app://windows' });
  let notified: (() => void) | undefined;
  client.setNotificationHandler(ResourceUpdatedNotificationSchema, async () => notified?.());

  const pageMs: number[] = [];
  const mcpMs: number[] = [];
  const windowId = (await server.demo.probe.readTopology()).windows[0]?.nativeId as string;
  for (let i = 0; i < WARMUP + ITERATIONS; i++) {
    const mcp = new Promise<number>((resolve) => (notified = () => resolve(now())));
    server.demo.probe.app.setOrderField(windowId, 'recipient', `Recipient ${i}`); // the user types
    const mcpAt = await mcp;
    const version = server.demo.bridge.snapshot().windows.find((w) => w.id === 'w1')?.version as number;
    await page.waitForFunction((v) => (globalThis as unknown as { __shown: Record<string, number> }).__shown[v] !== undefined, String(version));
    const pageAt = await page.evaluate((v) => (globalThis as unknown as { __shown: Record<string, number> }).__shown[v] as number, String(version));
    const t0 = applied.get(version) as number;
    if (i >= WARMUP) {
      pageMs.push(pageAt - t0);
      mcpMs.push(mcpAt - t0);
    }
  }
  await client.close();

  const pageSummary = summarise(pageMs);
  const mcpSummary = summarise(mcpMs);
  console.log(`Change applied → shown, demo app, ${ITERATIONS} changes (Node ${process.version}, ${await browser.version()})\n`);
  console.log(
    table([
      { path: 'MCP notifications/resources/updated (reference)', median: ms(mcpSummary.median), p99: ms(mcpSummary.p99), 'median vs MCP': '1.00×' },
      {
        path: 'console page re-rendered',
        median: ms(pageSummary.median),
        p99: ms(pageSummary.p99),
        'median vs MCP': `${(pageSummary.median / mcpSummary.median).toFixed(2)}×`,
      },
    ]),
  );
  console.log(`\nGoal: the page within 100 ms of the change (p99 ${pageSummary.p99 <= 100 ? 'meets' : 'misses'} it here).`);
} finally {
  await browser.close();
  await server.close();
}
