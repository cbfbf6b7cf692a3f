/**
 * LibreOffice rows of the per-toolkit benchmark: Writer and Calc (VCL gtk3 plugin) on
 * a live private desktop, each with a fresh profile in a temporary directory. A full read of the
 * main window by our probe against pyatspi reading the same tree with the same details in the
 * same run, and the bytes of our window entry against the raw tree (bench/toolkitRows.ts). Calc's
 * sheet is read by its visible range by both (docs/toolkits.md "LibreOffice").
 *   npx tsx bench/toolkits-libreoffice.ts        (BENCH_ROUNDS=7 by default)
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { silentLogger } from '../src/util/logger.js';
import { waitFor } from '../test/live/helpers/desktop.js';
import { openLiveStack } from '../test/live/helpers/liveStack.js';
import { table } from './stats.js';
import { FOOTNOTE, toolkitRow } from './toolkitRows.js';

const APPS = [
  { module: 'writer', label: 'LibreOffice Writer 7.4 (gtk3)', title: /LibreOffice Writer$/ },
  { module: 'calc', label: 'LibreOffice Calc 7.4 (gtk3)', title: /LibreOffice Calc$/ },
];

const profiles = mkdtempSync(join(tmpdir(), 'gui-bridge-lo-bench-'));
const stack = await openLiveStack({ desktop: {}, probe: {} }, silentLogger);
try {
  for (const app of APPS)
    await stack.desktop.launch('soffice', [`-env:UserInstallation=file://${join(profiles, app.module)}`, '--norestore', '--nologo', `--${app.module}`]);
  for (const app of APPS) await waitFor(() => stack.bridge.snapshot().windows.find((w) => app.title.test(w.title)), 120_000);
  await new Promise((resolve) => setTimeout(resolve, 3000)); // let the apps finish starting up
  const rows: Array<Record<string, string | number>> = [];
  for (const app of APPS) {
    // soffice is a launcher script: the accessible application is the window's process (soffice.bin).
    const pid = (await stack.probe.readTopology()).windows.find((w) => app.title.test(w.title))?.pid as number;
    rows.push(await toolkitRow(stack, app.label, app.title, pid));
  }
  console.log(table(rows));
  console.log(`${FOOTNOTE} Calc: the cells on screen. Ours keeps closed menus between reads while no event names them (docs/toolkits.md "LibreOffice").`);
} finally {
  await stack.close();
  rmSync(profiles, { recursive: true, force: true });
}
