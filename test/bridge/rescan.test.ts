/** The slow safety re-scan heals a change the platform never announced. */
import { expect, test } from 'vitest';
import { startDemoServer } from '../helpers/demoServer.js';

test('a silent change shows up after the safety re-scan, with a version bump', async () => {
  const server = await startDemoServer({}, undefined, { rescanMs: 50 });
  const before = server.bridge.snapshot().windows[0]?.version as number;
  const order = server.probe.app.windows.get('demo-1')?.content;
  if (order?.kind !== 'order') throw new Error('no order window');
  order.recipient = 'Silent Sam'; // changed behind the change feed's back
  const deadline = Date.now() + 3000;
  while (!server.bridge.snapshotJson().includes('Silent Sam') && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20));
  expect(server.bridge.snapshotJson()).toContain('Silent Sam');
  expect(server.bridge.snapshot().windows[0]?.version).toBe(before + 1);
  await server.close();
});
