/**
 * Agent task: fill in and send a web order form in Firefox (Gecko) and in Chromium, through the
 * tools an MCP client sees only (set_field, select, toggle, press; no key tool). The truth is
 * what the browser itself sent: the local form server records the submitted fields. Gecko takes
 * EditableText calls on web fields and changes nothing, and wraps check boxes and radio buttons
 * in their labels: the writes must fall back to typing and the wrapped controls must have tools.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { expectAppsQuiet } from '../helpers/appLogs.js';
import { CHROMIUM, launchChromium } from '../helpers/chromiumApp.js';
import { displayStack } from '../helpers/desktop.js';
import { FIREFOX, launchFirefox } from '../helpers/firefoxApp.js';
import { startFormServer, type FormServer } from '../helpers/formServer.js';
import { useLiveBridge } from '../helpers/liveBridge.js';
import { waitFor } from '../helpers/desktop.js';
import type { Desktop, LaunchedApp } from '../../../src/platform/linux/desktop/index.js';

interface Browser {
  name: string;
  program: string;
  title: RegExp;
  launch(desktop: Desktop, url: string): Promise<{ app: LaunchedApp; cleanUp(): void }>;
}

const BROWSERS: Browser[] = [
  { name: 'Firefox', program: FIREFOX, title: /^Web Order — Mozilla Firefox$/, launch: launchFirefox },
  { name: 'Chromium', program: CHROMIUM, title: /^Web Order - Chromium$/, launch: launchChromium },
];

describe.each(BROWSERS)('agent task: a web order form in $name', (browser) => {
  const stack = displayStack([browser.program]);
  describe.skipIf(stack.skip)(browser.name, () => {
    const live = useLiveBridge();
    // The apps printed no critical or warning during the test (../helpers/appLogs.ts).
    afterEach(() => expectAppsQuiet(live.desktop));
    let server: FormServer;
    let running: { app: LaunchedApp; cleanUp(): void } | undefined;
    beforeAll(async () => {
      server = await startFormServer();
      running = await browser.launch(live.desktop, server.url);
    }, 60_000);
    afterAll(async () => {
      await running?.app.kill();
      running?.cleanUp();
      await server?.close();
    });

    it('fills text fields, a text area, a drop-down, a wrapped check box and a radio button, each write verified, and sends the form', async () => {
      const w = await waitFor(async () => {
        const found = await live.windowTitled(browser.title, 60_000);
        const items = await live.fieldsOf(found.id);
        return items.some((f) => f.label === 'Express delivery') ? found : null;
      }, 60_000);
      const tools = (await live.client.client.listTools()).tools.map((t) => t.name);
      expect(tools).toEqual(expect.arrayContaining(['set_field', 'select', 'toggle', 'press'].map((t) => `${w.id}__${t}`)));
      const toggles = (await live.client.client.listTools()).tools.find((t) => t.name === `${w.id}__toggle`);
      expect(JSON.stringify(toggles?.inputSchema)).toContain('Gift wrapping');

      const routes: Record<string, unknown> = {};
      const write = async (tool: string, args: Record<string, unknown>) => {
        const result = await live.client.call(`${w.id}__${tool}`, args);
        expect(result.isError, `${tool} ${JSON.stringify(result.structuredContent)}`).toBeFalsy();
        const via = (result.structuredContent as { result?: { via?: string } }).result?.via;
        expect(via, `${tool} ${JSON.stringify(args)} says its route`).toMatch(/^(editable_text|typing|selection|action|keyboard|pointer)$/);
        routes[`${tool} ${String(args.field)}`] = via;
      };
      await write('set_field', { field: 'Full name', value: 'Ada Lovelace' });
      await write('set_field', { field: 'City', value: 'London' });
      await write('set_field', { field: 'Notes', value: 'Ring twice\nBack door' });
      await write('select', { field: 'Size', option: 'Large' });
      await write('toggle', { field: 'Gift wrapping', on: true });
      await write('toggle', { field: 'Express delivery', on: true });
      const fields = await live.fieldsOf(w.id);
      expect(fields).toEqual(
        expect.arrayContaining([
          { label: 'Full name', value: 'Ada Lovelace' },
          { label: 'City', value: 'London' },
          { label: 'Size', value: 'Large' },
          { label: 'Gift wrapping', value: true },
          { label: 'Express delivery', value: true },
          { label: 'Standard delivery', value: false },
        ]),
      );

      const pressed = await live.client.call(`${w.id}__press`, { button: 'Place order' });
      expect(pressed.isError, JSON.stringify(pressed.structuredContent)).toBeFalsy();
      const sent = await waitFor(() => server.submissions[0], 15_000);
      expect(sent).toEqual({
        name: ['Ada Lovelace'],
        city: ['London'],
        notes: ['Ring twice\r\nBack door'],
        size: ['Large'],
        gift: ['on'],
        delivery: ['express'],
      });
      console.log(`[web form ${browser.name}] routes: ${JSON.stringify(routes)}`);
    }, 180_000);
  });
});
