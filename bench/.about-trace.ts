import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { spawn } from 'node:child_process';
import { Bridge } from '../src/bridge/bridge.js';
import { openDesktop } from '../src/platform/linux/desktop/index.js';
import { desktopPaths } from '../src/platform/linux/desktop/state.js';
import { XTestInput } from '../src/platform/linux/input/index.js';
import { openLinuxProbe } from '../src/platform/linux/probe.js';
import { activateWindow, closeWindow, listWindows, X11Connection } from '../src/platform/linux/x11/index.js';
import { silentLogger } from '../src/util/logger.js';
import { registry } from '../translators/index.js';
import { waitFor } from '../test/live/helpers/desktop.js';
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const hogs = [0, 1].map(() => spawn('sh', ['-c', 'while :; do :; done'], { stdio: 'ignore' }));
for (let round = 0; round < Number(process.env.ROUNDS ?? 2); round++) {
  const desktop = await openDesktop({ apps: ['abiword'] });
  const conn = await X11Connection.open(desktop.env.DISPLAY as string);
  const input = await XTestInput.open(conn);
  const bridge = await Bridge.start({ probe: await openLinuxProbe({ env: desktop.env }), registry, log: silentLogger, appToolNaming: 'per-app' });
  const main = await waitFor(async () => (await listWindows(conn)).find((w) => /^Untitled/.test(w.title)), 30_000);
  await sleep(2000);
  for (let i = 0; i < 2; i++) {
    console.log('about open', new Date().toISOString().slice(11, 23));
    await activateWindow(conn, main.xid);
    await input.pressKeys(['alt+h']);
    await sleep(500);
    await input.pressKeys(['a']);
    const about = await waitFor(async () => (await listWindows(conn)).find((w) => /About/.test(w.title)), 10_000);
    console.log('about shown', new Date().toISOString().slice(11, 23));
    await sleep(1000);
    console.log('about close', new Date().toISOString().slice(11, 23));
    await closeWindow(conn, about.xid);
    await waitFor(async () => ((await listWindows(conn)).some((w) => w.xid === about.xid) ? null : true), 10_000);
    console.log('about gone', new Date().toISOString().slice(11, 23));
  }
  await sleep(1000);
  const dir = desktopPaths(desktop.state.dir).logs;
  for (const f of readdirSync(dir).filter((f) => f.startsWith('app-'))) for (const line of readFileSync(join(dir, f), 'utf8').split('\n')) if (/CRITICAL|WARNING/.test(line)) console.log(line);
  await input.close();
  await conn.close();
  await bridge.close();
  await desktop.stop();
}
for (const h of hogs) h.kill();
