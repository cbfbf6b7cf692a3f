/**
 * Java Swing through libatk-wrapper-java on a live desktop: a Swing sign-up form and
 * an orders table (test/live/fixtures/SwingForm.java, compiled at test time), accessibility on
 * through the ATK wrapper, read with libatspi's call pattern (docs/toolkits.md). Readable form
 * and table (column headers from Table.GetColumnHeader), password masked, fields set, form
 * submitted; still running after 50 full reads and 20 actions; generic coverage ≥ 97% of a
 * pyatspi dump of the same window. One desktop for the file.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_TREE_BUDGET, SENSITIVE_MASK } from '../../src/platform/probe.js';
import { coverageOf, pyatspiWindow } from './helpers/coverage.js';
import { displayStack, waitFor } from './helpers/desktop.js';
import { useLiveBridge } from './helpers/liveBridge.js';
import { launchSwingForm, type SwingApp } from './helpers/swingApp.js';

const TITLE = /^Swing Sign-up$/;
const SECRET = 'Sw1ng-secret-77';
const stack = displayStack(['java', 'javac']);

describe.skipIf(stack.skip)('Java Swing through the ATK wrapper', () => {
  const live = useLiveBridge();
  let swing: SwingApp;
  beforeAll(async () => {
    swing = await launchSwingForm(live.desktop);
  }, 60_000);
  afterAll(async () => {
    await swing?.app.kill();
    swing?.cleanUp();
  });

  const window = () => live.windowTitled(TITLE, 60_000);
  const fieldsOf = (id: string) => live.fieldsOf(id);

  it('reads the form and the table, column headers included', async () => {
    const w = await window();
    const fields = await waitFor(async () => {
      const items = await fieldsOf(w.id);
      return items.length >= 5 ? items : null;
    }, 20_000);
    expect(fields.map((f) => f.label)).toEqual(['Full name', 'Email', 'Password', 'Plan', 'Send me the newsletter']);
    expect(fields.find((f) => f.label === 'Password')?.sensitive).toBe(true);
    type Table = { columns: string[]; rows: string[][]; total: number };
    const table = await waitFor(
      async () => (await live.client.snapshot()).windows.find((x) => x.id === w.id)?.blocks.find((b) => b.type === 'table') as Table | undefined,
      20_000,
    );
    expect(table.columns).toEqual(['Order', 'Customer', 'Total']);
    expect(table.total).toBe(40);
    expect(table.rows[0]).toEqual(['A-1000', 'Customer 1', '10.00']);
  }, 90_000);

  it('generic coverage ≥ 97% of pyatspi; still running after 50 full reads and 20 actions', async () => {
    const w = await window();
    const tools = (await live.client.client.listTools()).tools.filter((t) => t.name.startsWith(`${w.id}__`));
    const coverage = coverageOf(await pyatspiWindow(live.desktop, 'Swing Sign-up', 'Swing Sign-up'), w, tools);
    expect(coverage.ratio, `missing: ${coverage.missing.join(' | ')}`).toBeGreaterThanOrEqual(0.97);

    const native = (await live.probe.readTopology()).windows.find((x) => TITLE.test(x.title));
    for (let read = 0; read < 50; read++) {
      const tree = await live.probe.readTree(native!.nativeId, DEFAULT_TREE_BUDGET);
      expect(tree.nodeCount).toBeGreaterThan(1);
    }
    for (let i = 0; i < 20; i++) {
      const [tool, args]: [string, Record<string, unknown>] =
        i % 2 === 0 ? ['set_field', { field: 'Email', value: `user${i}@example.org` }] : ['toggle', { field: 'Send me the newsletter', on: i % 4 === 1 }];
      const result = await live.client.call(`${w.id}__${tool}`, args);
      expect(result.isError, JSON.stringify(result.structuredContent)).toBeFalsy();
    }
    expect(() => process.kill(swing.app.pid, 0)).not.toThrow();
    const after = (await live.client.snapshot()).windows.find((x) => x.id === w.id);
    expect(after?.summary).not.toMatch(/cannot be read|not responding/);
  }, 120_000);

  it('agent task: fills in the form (password masked) and submits it', async () => {
    const w = await window();
    const set = async (field: string, value: string) => {
      const result = await live.client.call(`${w.id}__set_field`, { field, value });
      expect(result.isError, `${field}: ${JSON.stringify(result.structuredContent)}`).toBeFalsy();
      return JSON.stringify(result);
    };
    await set('Full name', 'Ada Lovelace');
    await set('Email', 'ada@example.org');
    expect(await set('Password', SECRET)).not.toContain(SECRET);
    const select = await live.client.call(`${w.id}__select`, { field: 'Plan', option: 'Premium' });
    expect(select.isError, JSON.stringify(select.structuredContent)).toBeFalsy();
    expect((await live.client.call(`${w.id}__toggle`, { field: 'Send me the newsletter', on: true })).isError).toBeFalsy();
    const fields = await waitFor(async () => {
      const items = await fieldsOf(w.id);
      return items.find((f) => f.label === 'Plan')?.value === 'Premium' ? items : null;
    }, 10_000);
    expect(fields.find((f) => f.label === 'Password')?.value).toBe(SENSITIVE_MASK);
    expect(JSON.stringify(await live.client.snapshot())).not.toContain(SECRET);

    expect((await live.client.call(`${w.id}__press`, { button: 'Submit' })).isError).toBeFalsy();
    const line = await waitFor(
      () =>
        swing.app
          .stdout()
          .split('\n')
          .find((l) => l.startsWith('submitted ')),
      15_000,
    );
    expect(line).toBe(`submitted name=Ada Lovelace email=ada@example.org plan=Premium newsletter=true password-length=${SECRET.length}`);
    await waitFor(async () => JSON.stringify((await live.client.snapshot()).windows.find((x) => x.id === w.id)).includes('Submitted'), 10_000);
    expect(live.logs.join('\n')).not.toContain(SECRET);
  }, 120_000);
});
