/**
 * Takes docs/console.png, the README's picture of the owner's console: the demo app served with
 * --confirm writes, an agent (a real MCP client over HTTP) that filled in an order and submitted
 * it (a modal now blocks the order window), and one call waiting for the owner's approval.
 * Real browser: Debian's chromium via playwright-core. Run: npx tsx scripts/console-screenshot.ts
 */
import { join, resolve } from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { launchBrowser, startConsoleServer } from '../test/helpers/consoleServer.js';

const OUT = join(resolve(import.meta.dirname, '..'), 'docs/console.png');

const server = await startConsoleServer({ confirm: 'writes' });
const browser = await launchBrowser();
try {
  const page = await browser.newPage({ viewport: { width: 1440, height: 1000 } });
  await page.goto(`${server.origin}/console`);
  await page.locator('article[data-window-id="w1"]').waitFor();
  const agent = new Client({ name: 'example-agent', version: '1.0.0' });
  await agent.connect(new StreamableHTTPClientTransport(new URL(server.http.url)));
  await agent.subscribeResource({ uri: 'app://windows' });

  // Each write waits for the owner: approve it in the page, as the owner would.
  const approved = async (name: string, args: Record<string, unknown> = {}) => {
    const result = agent.callTool({ name, arguments: args });
    await page.locator('#approvals li button[data-approve]').click();
    return result;
  };
  await approved('w1__edit_field', { field: 'recipient', value: 'Ada Lovelace' });
  await approved('w1__edit_field', { field: 'payment_password', value: 'correct horse' });
  await approved('w1__submit');
  await page.locator('article.window.operable[data-window-id="w3"]').waitFor();
  const waiting = agent.callTool({ name: 'app__new_order', arguments: {} });
  await page.locator('#approvals li').waitFor();
  await page.screenshot({ path: OUT, fullPage: false });
  process.stdout.write(`wrote ${OUT}\n`);
  await page.locator('#approvals li button[data-decline]').click();
  await waiting;
  await agent.close();
} finally {
  await browser.close();
  await server.close();
}
