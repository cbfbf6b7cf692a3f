/**
 * An application whose every read makes events (Qt announces the accessibles a read of its table
 * creates) keeps its window dirty for ever: the bridge still starts, with the state as read.
 */
import { expect, test } from 'vitest';
import { Bridge } from '../../src/bridge/bridge.js';
import { openDemoProbe } from '../../src/platform/demo/probe.js';
import type { ProbeChange } from '../../src/platform/probe.js';
import { silentLogger } from '../../src/util/logger.js';
import { registry } from '../../translators/index.js';

test('a window whose reads announce changes does not hold the bridge in its refresh loop', async () => {
  const probe = await openDemoProbe({ effectDelayMs: 5 });
  const listeners: Array<(change: ProbeChange) => void> = [];
  const subscribe = probe.subscribe.bind(probe);
  probe.subscribe = (listener) => (listeners.push(listener), subscribe(listener));
  const readTree = probe.readTree.bind(probe);
  let reads = 0;
  probe.readTree = async (nativeId, budget, request) => {
    reads++;
    const tree = await readTree(nativeId, budget, request);
    for (const listener of listeners) listener({ kind: 'content', nativeIds: [nativeId] });
    return tree;
  };
  const bridge = await Bridge.start({ probe, registry, log: silentLogger });
  expect(bridge.snapshot().windows.length).toBeGreaterThan(0);
  expect(bridge.tools().some((t) => t.name.endsWith('__focus'))).toBe(true);
  expect(reads).toBeGreaterThan(0);
  await bridge.close();
}, 20_000);
