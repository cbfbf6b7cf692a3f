/**
 * Records real window ↔ accessible data for the correlate unit tests:
 *   npx tsx test/live/helpers/recordCorrelation.ts > test/platform/linux/fixtures/correlate-desktop.json
 * Scenario (docs/linux-desktop-notes.md): gnome-calculator (GTK4) with its About dialog (role frame),
 * gedit (GTK3) with its modal Save As, a zenity modal attached to the calculator (another
 * process's owner), and twins.py (two same-titled windows + a message dialog named
 * "Information"). The expected pairs in the fixture are checked by hand, not produced here.
 */
import { fileURLToPath } from 'node:url';
import { startDesktop } from '../../../src/platform/linux/desktop/index.js';
import { XTestInput } from '../../../src/platform/linux/input/index.js';
import { activateWindow, listWindows, X11Connection, type X11Window } from '../../../src/platform/linux/x11/index.js';
import { waitFor } from './desktop.js';
import { pyatspi } from './pyatspi.js';

const TWINS = fileURLToPath(new URL('./twins.py', import.meta.url));

const desktop = await startDesktop({ apps: ['gnome-calculator', 'gedit'] });
const conn = await X11Connection.open(desktop.display);
try {
  const byTitle = async (pattern: RegExp, count = 1) =>
    waitFor(async () => {
      const found = (await listWindows(conn)).filter((w) => pattern.test(w.title));
      return found.length >= count ? found : null;
    }, 20_000);
  const [calculator] = await byTitle(/^Calculator$/);
  const [gedit] = await byTitle(/gedit$/);
  await desktop.launch('zenity', ['--question', '--modal', `--attach=${calculator!.xid}`, '--title=Modal question', '--text=Proceed?']);
  await desktop.launch('/usr/bin/python3', [TWINS]);
  await byTitle(/^Modal question$/);
  await byTitle(/^Twin dialog$/);
  await activateWindow(conn, gedit!.xid);
  const input = await XTestInput.open(conn);
  await input.pressKeys(['ctrl+shift+s']);
  await byTitle(/^Save As$/);
  await pyatspi(desktop, 'do-action', String(calculator!.pid), 'push button', 'Primary menu');
  await waitFor(
    async () => ((await pyatspi<{ done?: boolean }>(desktop, 'do-action', String(calculator!.pid), 'menu item', 'About Calculator')).done ? true : null),
    10_000,
  );
  await byTitle(/^About/);
  await new Promise((resolve) => setTimeout(resolve, 500)); // let the last window settle
  const windows: X11Window[] = await listWindows(conn);
  const pids = [...new Set(windows.map((w) => w.pid).filter((pid): pid is number => pid !== null))];
  const toplevels = (await Promise.all(pids.map((pid) => pyatspi<unknown[]>(desktop, 'toplevels', String(pid))))).flat();
  process.stdout.write(`${JSON.stringify({ recordedWith: 'test/live/helpers/recordCorrelation.ts', windows, toplevels }, null, 1)}\n`);
  await input.close();
} finally {
  await conn.close();
  await desktop.stop();
}
