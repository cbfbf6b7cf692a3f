/**
 * Chromium showing a local HTML form on a live desktop: the page's tree is read with
 * no accessibility flag (org.a11y.Status is on), labels pair with their fields, the password is
 * masked, fields are set (Chromium's fields have no EditableText: typed into), the <select> is
 * chosen through its options' "select" action, the form is submitted; still running after 50
 * full reads and 20 actions; generic coverage ≥ 97% of a pyatspi dump. One desktop for the file.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_TREE_BUDGET, SENSITIVE_MASK } from '../../src/platform/probe.js';
import { coverageOf, pyatspiWindow } from './helpers/coverage.js';
import { CHROMIUM, launchChromiumForm, type ChromiumApp } from './helpers/chromiumApp.js';
import { displayStack, waitFor } from './helpers/desktop.js';
import { useLiveBridge } from './helpers/liveBridge.js';

const TITLE = /^Web Sign-up - Chromium$/;
const SECRET = 'Chr0me-secret-42';
const stack = displayStack([CHROMIUM]);

describe.skipIf(stack.skip)('Chromium showing a local HTML form', () => {
  const live = useLiveBridge();
  let chromium: ChromiumApp;
  beforeAll(async () => {
    chromium = await launchChromiumForm(live.desktop);
  }, 60_000);
  afterAll(async () => {
    await chromium?.app.kill();
    chromium?.cleanUp();
  });

  const window = () => live.windowTitled(TITLE, 60_000);
  const windowNow = (id: string) => live.windowNow(id);
  const fieldsOf = (id: string) => live.fieldsOf(id);

  it('reads the page form with no accessibility flag: labelled fields, masked password', async () => {
    const w = await window();
    const fields = await waitFor(async () => {
      const items = await fieldsOf(w.id);
      return items.some((f) => f.label === 'Send me the newsletter') ? items : null;
    }, 30_000);
    expect(fields.map((f) => f.label)).toEqual(expect.arrayContaining(['Full name', 'Email', 'Password', 'Plan', 'Send me the newsletter']));
    expect(fields.find((f) => f.label === 'Password')?.sensitive).toBe(true);
    expect(fields.find((f) => f.label === 'Plan')?.value).toBe('Basic');
    const tools = (await live.client.client.listTools()).tools.map((t) => t.name);
    expect(tools).toEqual(expect.arrayContaining([`${w.id}__set_field`, `${w.id}__select`, `${w.id}__toggle`, `${w.id}__press`]));
  }, 90_000);

  it('generic coverage ≥ 97% of pyatspi; still running after 50 full reads and 20 actions', async () => {
    const w = await window();
    const tools = (await live.client.client.listTools()).tools.filter((t) => t.name.startsWith(`${w.id}__`));
    // A second look when the first falls short: the tab's hover card ("Web Sign-up - Memory
    // usage - 22.9 MB") comes and goes with the pointer, and was once in pyatspi's dump only.
    let coverage = coverageOf(await pyatspiWindow(live.desktop, 'Chromium', 'Web Sign-up'), (await windowNow(w.id))!, tools);
    if (coverage.ratio < 0.97) coverage = coverageOf(await pyatspiWindow(live.desktop, 'Chromium', 'Web Sign-up'), (await windowNow(w.id))!, tools);
    expect(coverage.ratio, `missing: ${coverage.missing.join(' | ')}`).toBeGreaterThanOrEqual(0.97);

    const native = (await live.probe.readTopology()).windows.find((x) => TITLE.test(x.title));
    for (let read = 0; read < 50; read++) {
      const tree = await live.probe.readTree(native!.nativeId, DEFAULT_TREE_BUDGET);
      expect(tree.nodeCount).toBeGreaterThan(1);
    }
    for (let i = 0; i < 20; i++) {
      const [tool, args]: [string, Record<string, unknown>] =
        i % 2 === 0
          ? ['toggle', { field: 'Send me the newsletter', on: i % 4 === 0 }]
          : ['select', { field: 'Plan', option: i % 4 === 1 ? 'Standard' : 'Basic' }];
      const result = await live.client.call(`${w.id}__${tool}`, args);
      expect(result.isError, JSON.stringify(result.structuredContent)).toBeFalsy();
    }
    expect(() => process.kill(chromium.app.pid, 0)).not.toThrow();
    expect((await windowNow(w.id))?.summary).not.toMatch(/cannot be read|not responding/);
  }, 150_000);

  it('agent task: fills in the form (password masked) and submits it', async () => {
    const w = await window();
    const call = async (tool: string, args: Record<string, unknown>) => {
      const result = await live.client.call(`${w.id}__${tool}`, args);
      expect(result.isError, `${tool} ${JSON.stringify(result.structuredContent)}`).toBeFalsy();
      return JSON.stringify(result);
    };
    await call('set_field', { field: 'Full name', value: 'Ada Lovelace' });
    await call('set_field', { field: 'Email', value: 'ada@example.org' });
    expect(await call('set_field', { field: 'Password', value: SECRET })).not.toContain(SECRET);
    await call('select', { field: 'Plan', option: 'Premium' });
    await call('toggle', { field: 'Send me the newsletter', on: true });
    const fields = await waitFor(async () => {
      const items = await fieldsOf(w.id);
      return items.find((f) => f.label === 'Plan')?.value === 'Premium' ? items : null;
    }, 10_000);
    expect(fields.find((f) => f.label === 'Password')?.value).toBe(SENSITIVE_MASK);
    expect(fields.find((f) => f.label === 'Full name')?.value).toBe('Ada Lovelace');
    const pressed = await call('press', { button: 'Submit' });
    // What the press answered and the titles shown then: a CI failure is otherwise unexplained.
    const submitted = await live.windowTitled(/^Web Sign-up \(submitted\) - Chromium$/, 15_000).catch(async (error: unknown) => {
      const titles = (await live.client.snapshot()).windows.map((x) => x.title);
      throw new Error(`${String(error)}; the press answered ${pressed}; titles now: ${JSON.stringify(titles)}`);
    });
    expect(JSON.stringify(submitted.blocks)).toContain(`Submitted: Ada Lovelace / ada@example.org / Premium / newsletter / password ${SECRET.length} chars`);
    expect(JSON.stringify(await live.client.snapshot())).not.toContain(SECRET);
    expect(live.logs.join('\n')).not.toContain(SECRET);
  }, 120_000);
});
