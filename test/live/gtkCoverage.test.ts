/**
 * Generic translator coverage on GTK applications the project was not built against:
 * Mousepad, Pluma (GTK 3 text editors) and galculator (GTK 3 calculator with icon-only and
 * symbol buttons). The share of the visible labels, values and button labels of a pyatspi dump
 * of the same window that an agent can read (test/live/helpers/coverage.ts) must be ≥ 97% for
 * each. One desktop for the file.
 */
import { describe, expect, it } from 'vitest';
import { coverageOf, pyatspiWindow } from './helpers/coverage.js';
import { displayStack } from './helpers/desktop.js';
import { useLiveBridge } from './helpers/liveBridge.js';

const THRESHOLD = 0.97;
const APPS = [
  { command: 'mousepad', atspiName: 'mousepad', title: /Mousepad$/, titleText: 'Mousepad' },
  { command: 'pluma', atspiName: 'pluma', title: /Pluma$/, titleText: 'Pluma' },
  { command: 'galculator', atspiName: 'galculator', title: /^galculator$/, titleText: 'galculator' },
];
const stack = displayStack(APPS.map((app) => app.command));

describe.skipIf(stack.skip)('generic coverage on GTK apps not built against', () => {
  const live = useLiveBridge({ desktop: { apps: APPS.map((app) => app.command) } });

  for (const app of APPS) {
    it(`${app.command}: ≥ ${THRESHOLD * 100}% of pyatspi's visible labels and values`, async () => {
      const window = await live.windowTitled(app.title, 30_000);
      const tools = (await live.client.client.listTools()).tools.filter((t) => t.name.startsWith(`${window.id}__`));
      const coverage = coverageOf(await pyatspiWindow(live.desktop, app.atspiName, app.titleText), window, tools);
      console.log(`${app.command}: ${(coverage.ratio * 100).toFixed(1)}% of ${coverage.items}; missing: ${coverage.missing.join(' | ')}`);
      expect(coverage.ratio, `missing: ${coverage.missing.join(' | ')}`).toBeGreaterThanOrEqual(THRESHOLD);
    }, 90_000);
  }
});
