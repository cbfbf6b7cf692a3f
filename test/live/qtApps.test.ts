/**
 * Qt 5 and Qt 6 widgets on a live desktop: real Debian apps — FeatherPad (Qt 5 text
 * editor, and its Qt file dialog: lists and a form), SpeedCrunch (Qt 5 calculator form), qt6ct
 * (Qt 6 settings form with drop-downs and tabs) and Qt Linguist (Qt 6, lists). Accessibility is
 * turned on the way a screen reader does it (org.a11y.Status), with no Qt variable. For each app:
 * still running after 50 full reads and 20 actions; the generic translator covers ≥ 97% of the
 * visible labels and values of a pyatspi dump of the same window; FeatherPad types and saves a
 * document end to end. One desktop for the file.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { DEFAULT_TREE_BUDGET } from '../../src/platform/probe.js';
import { coverageOf, pyatspiWindow } from './helpers/coverage.js';
import { displayStack, waitFor } from './helpers/desktop.js';
import { useLiveBridge } from './helpers/liveBridge.js';

const LINGUIST = '/usr/lib/qt6/bin/linguist';
const stack = displayStack(['featherpad', 'speedcrunch', 'qt6ct', LINGUIST]);

interface QtApp {
  command: string;
  /** The application's AT-SPI name (pyatspi looks it up by it). */
  atspiName: string;
  title: RegExp;
  titleText: string;
  /** The i-th of 20 actions: a tool (without the window prefix) and its arguments. */
  action: (i: number) => [string, Record<string, unknown>];
}

const APPS: QtApp[] = [
  {
    command: 'featherpad',
    atspiName: 'FeatherPad',
    title: /^Untitled$/,
    titleText: 'Untitled',
    action: (i) => ['toggle', { field: 'Match Case (F5)', on: i % 2 === 0 }],
  },
  {
    command: 'speedcrunch',
    atspiName: 'SpeedCrunch',
    title: /^SpeedCrunch$/,
    titleText: 'SpeedCrunch',
    action: (i) => ['set_field', { field: 'Text', value: `${i}+${i}` }],
  },
  {
    command: 'qt6ct',
    atspiName: 'qt6ct',
    title: /^Qt6 Configuration Tool$/,
    titleText: 'Qt6 Configuration Tool',
    action: (i) => ['toggle', { field: i % 2 === 0 ? 'Custom' : 'Default', on: true }],
  },
  {
    command: LINGUIST,
    atspiName: 'Linguist',
    title: /^Qt Linguist$/,
    titleText: 'Qt Linguist',
    action: (i) => (i % 2 === 0 ? ['focus', {}] : ['press_keys', { keys: ['Tab'] }]),
  },
];

describe.skipIf(stack.skip)('Qt 5 and Qt 6 applications', () => {
  const live = useLiveBridge({ desktop: { apps: APPS.map((app) => app.command) } });
  const pidOf = (command: string) => live.desktop.state.processes.find((p) => p.name.endsWith(`-${command.split('/').at(-1)}`))?.pid as number;
  const toolsOf = async (winId: string) => (await live.client.client.listTools()).tools.filter((t) => t.name.startsWith(`${winId}__`));

  it('needs no Qt variable: accessibility is on through org.a11y.Status', () => {
    for (const name of ['QT_LINUX_ACCESSIBILITY_ALWAYS_ON', 'QT_ACCESSIBILITY']) {
      expect(live.desktop.env[name]).toBeUndefined();
      expect(process.env[name]).toBeUndefined();
    }
  });

  for (const app of APPS) {
    it(`${app.atspiName}: generic coverage ≥ 97% of pyatspi; still running after 50 full reads and 20 actions`, async () => {
      const window = await live.windowTitled(app.title, 30_000);
      const coverage = coverageOf(await pyatspiWindow(live.desktop, app.atspiName, app.titleText), window, await toolsOf(window.id));
      expect(coverage.ratio, `missing: ${coverage.missing.join(' | ')}`).toBeGreaterThanOrEqual(0.97);

      const native = (await live.probe.readTopology()).windows.find((w) => app.title.test(w.title));
      for (let read = 0; read < 50; read++) {
        const tree = await live.probe.readTree(native!.nativeId, DEFAULT_TREE_BUDGET);
        expect(tree.nodeCount).toBeGreaterThan(1);
      }
      for (let i = 0; i < 20; i++) {
        const [tool, args] = app.action(i);
        const result = await live.client.call(`${window.id}__${tool}`, args);
        expect(result.isError, JSON.stringify(result.structuredContent)).toBeFalsy();
      }
      expect(() => process.kill(pidOf(app.command), 0)).not.toThrow();
      const after = (await live.client.snapshot()).windows.find((w) => w.id === window.id);
      expect(after?.summary).not.toMatch(/cannot be read|not responding/);
    }, 120_000);
  }

  it('select in a Qt combo box (no Selection interface: pointer and keys) changes its value', async () => {
    const window = await live.windowTitled(/^Qt6 Configuration Tool$/);
    const previewOf = async () => {
      const w = (await live.client.snapshot()).windows.find((x) => x.id === window.id);
      const fields = w?.blocks.find((b) => b.type === 'fields') as { items: Array<{ label: string; value: unknown }> } | undefined;
      return fields?.items.find((i) => i.label === 'Preview')?.value;
    };
    for (const option of ['Inactive palette', 'Active palette']) {
      const result = await live.client.call(`${window.id}__select`, { field: 'Preview', option });
      expect(result.isError, `${option}: ${JSON.stringify(result.structuredContent)}`).toBeFalsy();
      expect(await waitFor(async () => ((await previewOf()) === option ? option : null), 10_000)).toBe(option);
    }
  }, 60_000);

  it('agent task: FeatherPad types a document and saves it through its Qt file dialog', async () => {
    const editor = await live.windowTitled(/^Untitled$/);
    const file = join(live.desktop.runtimeDir, 'qt-note.txt');
    expect((await live.client.call(`${editor.id}__type_text`, { text: 'Qt notes: first line' })).isError).toBeFalsy();
    const saveAs = await live.client.call(`${editor.id}__menu`, { path: 'File > Save As' });
    const dialogId = (saveAs.structuredContent as { openedWindowIds: string[] }).openedWindowIds[0] as string;
    expect(dialogId).toBeDefined();
    expect((await live.client.call(`${dialogId}__set_field`, { field: 'File name', value: file })).isError).toBeFalsy();
    expect((await live.client.call(`${dialogId}__press`, { button: 'Save' })).isError).toBeFalsy();
    const saved = await waitFor(() => (existsSync(file) ? readFileSync(file, 'utf8') : null), 15_000);
    expect(saved.trimEnd()).toBe('Qt notes: first line');
    await live.windowTitled(/qt-note\.txt/);
  }, 120_000);
});
