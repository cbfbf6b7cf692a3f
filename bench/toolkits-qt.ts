/**
 * Qt rows of the per-toolkit benchmark: for Qt 5 and Qt 6 applications on a live
 * private desktop, a full read of the main window by our probe against pyatspi in the same run,
 * and the bytes of our window entry against the raw tree (bench/toolkitRows.ts). Qt gets
 * libatspi's call pattern (no GetAll: docs/toolkits.md), so this is also the cost of the safe path.
 *   npx tsx bench/toolkits-qt.ts        (BENCH_ROUNDS=7 by default)
 */
import { silentLogger } from '../src/util/logger.js';
import { openLiveStack } from '../test/live/helpers/liveStack.js';
import { table } from './stats.js';
import { FOOTNOTE, toolkitRow } from './toolkitRows.js';

const APPS = [
  { command: 'featherpad', label: 'FeatherPad (Qt 5.15)', title: /^Untitled$/ },
  { command: 'speedcrunch', label: 'SpeedCrunch (Qt 5.15)', title: /^SpeedCrunch$/ },
  { command: 'qt6ct', label: 'qt6ct (Qt 6.4)', title: /^Qt6 Configuration Tool$/ },
  { command: '/usr/lib/qt6/bin/linguist', label: 'Qt Linguist (Qt 6.4)', title: /^Qt Linguist$/ },
];

const stack = await openLiveStack({ desktop: { apps: APPS.map((a) => a.command) }, probe: {} }, silentLogger);
try {
  await new Promise((resolve) => setTimeout(resolve, 3000)); // let the apps finish starting up
  const rows: Array<Record<string, string | number>> = [];
  for (const app of APPS) {
    const pid = stack.desktop.state.processes.find((p) => p.name.endsWith(`-${app.command.split('/').at(-1)}`))?.pid as number;
    rows.push(await toolkitRow(stack, app.label, app.title, pid));
  }
  console.log(table(rows));
  console.log(FOOTNOTE);
} finally {
  await stack.close();
}
