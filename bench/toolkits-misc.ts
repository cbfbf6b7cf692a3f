/**
 * Java, Chromium and GTK rows of the per-toolkit benchmark: the Swing form and table
 * through the ATK wrapper, Chromium showing the local HTML form, and GTK 3 apps the project was
 * not built against (Mousepad, Pluma, galculator), each on one live private desktop: a full read
 * of the window by our probe against pyatspi in the same run, and the bytes of our window entry
 * against the raw tree (bench/toolkitRows.ts).
 *   npx tsx bench/toolkits-misc.ts      (BENCH_ROUNDS=7 by default)
 */
import { silentLogger } from '../src/util/logger.js';
import { launchChromiumForm } from '../test/live/helpers/chromiumApp.js';
import { waitFor } from '../test/live/helpers/desktop.js';
import { openLiveStack } from '../test/live/helpers/liveStack.js';
import { launchSwingForm } from '../test/live/helpers/swingApp.js';
import { table } from './stats.js';
import { FOOTNOTE, toolkitRow } from './toolkitRows.js';

const GTK_APPS = [
  { command: 'mousepad', label: 'Mousepad 0.5 (GTK 3)', title: /Mousepad$/ },
  { command: 'pluma', label: 'Pluma 1.26 (GTK 3)', title: /Pluma$/ },
  { command: 'galculator', label: 'galculator 2.1 (GTK 3)', title: /^galculator$/ },
];

const stack = await openLiveStack({ desktop: { apps: GTK_APPS.map((a) => a.command) }, probe: {} }, silentLogger);
const swing = await launchSwingForm(stack.desktop);
const chromium = await launchChromiumForm(stack.desktop);
try {
  const titled = (title: RegExp) => waitFor(async () => (await stack.probe.readTopology()).windows.find((w) => title.test(w.title)), 60_000);
  await Promise.all([titled(/^Swing Sign-up$/), titled(/^Web Sign-up - Chromium$/)]);
  await new Promise((resolve) => setTimeout(resolve, 3000)); // let the apps finish starting up
  const rows: Array<Record<string, string | number>> = [];
  rows.push(await toolkitRow(stack, 'Swing form + table (Java 17, ATK wrapper 0.40)', /^Swing Sign-up$/, swing.app.pid));
  rows.push(await toolkitRow(stack, 'Chromium 156, local HTML form', /^Web Sign-up - Chromium$/, chromium.app.pid));
  for (const app of GTK_APPS) {
    const pid = stack.desktop.state.processes.find((p) => p.name.endsWith(`-${app.command}`))?.pid as number;
    rows.push(await toolkitRow(stack, app.label, app.title, pid));
  }
  console.log(table(rows));
  console.log(FOOTNOTE);
} finally {
  await swing.app.kill().catch(() => undefined);
  await chromium.app.kill().catch(() => undefined);
  swing.cleanUp();
  chromium.cleanUp();
  await stack.close();
}
