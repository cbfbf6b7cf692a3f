/**
 * The refresh loop starts only with work due: started with nothing to do, it used to end before
 * it was recorded as running, and stayed "running" for good: no refresh began again, and every
 * flush, read and tool call waited forever (a live server stopped answering after a dialog
 * closed while a window's paced turn had moved later).
 */
import { afterEach, expect, it } from 'vitest';
import { Bridge } from '../../src/bridge/bridge.js';
import { silentLogger } from '../../src/util/logger.js';
import { registry } from '../../translators/index.js';
import { EmittingProbe } from './emittingProbe.js';

let bridge: Bridge | undefined;
afterEach(async () => {
  await bridge?.close();
  bridge = undefined;
});

it('a refresh started with nothing due leaves the loop free: the next change is read and flush ends', async () => {
  const probe = new EmittingProbe({ orderEditors: 1, reports: 0, effectDelayMs: 0 });
  bridge = await Bridge.start({ probe, registry, log: silentLogger });
  const sync = (bridge as unknown as { sync: { kick(): void; running: unknown } }).sync;
  // What a debounce timer does when the window's paced turn has moved past it: nothing is due.
  sync.kick();
  expect(sync.running).toBeNull();
  const id = [...probe.app.windows.keys()][0] as string;
  const order = probe.app.windows.get(id)?.content;
  if (order?.kind !== 'order') throw new Error('no order window');
  order.recipient = 'After the idle start';
  probe.emit(id);
  const ended = await Promise.race([bridge.flush().then(() => true), new Promise((r) => setTimeout(() => r(false), 3000))]);
  expect(ended).toBe(true);
  expect(bridge.snapshotJson()).toContain('After the idle start');
});
