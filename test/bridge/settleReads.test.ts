/**
 * A new window is read whole again a few times after it appeared: an app that fills it without
 * events (FocusWriter's document pane) is read as it is within the settle delays, not only at the
 * next event or re-scan.
 */
import { describe, expect, it } from 'vitest';
import { Bridge } from '../../src/bridge/bridge.js';
import { SettleReads } from '../../src/bridge/settleReads.js';
import { DemoProbe } from '../../src/platform/demo/probe.js';
import type { ProbeChange } from '../../src/platform/probe.js';
import { silentLogger } from '../../src/util/logger.js';
import { registry } from '../../translators/index.js';

const until = async (done: () => boolean) => {
  for (let i = 0; i < 500 && !done(); i++) await new Promise((resolve) => setTimeout(resolve, 10));
};

describe('SettleReads', () => {
  it('asks for each delay once, then stops; a window gone stops it', async () => {
    const due: string[] = [];
    const reads = new SettleReads((id) => due.push(id), [10, 20]);
    reads.appeared('a');
    reads.appeared('a'); // already settling: no second round
    reads.appeared('b');
    reads.forget('b');
    await until(() => reads.pending().length === 0);
    expect(due).toEqual(['a', 'a']);
    reads.stop();
    reads.appeared('c');
    expect(reads.pending()).toEqual([]);
  });
});

/** A demo whose content changes are never announced. */
class SilentContentProbe extends DemoProbe {
  override subscribe(listener: (change: ProbeChange) => void) {
    return super.subscribe((change) => {
      if (change.kind !== 'content') listener(change);
    });
  }
}

describe('a new window filled without events', () => {
  it('is read as it is after the settle delays', async () => {
    const probe = new SilentContentProbe({ orderEditors: 1, reports: 0, effectDelayMs: 0 });
    const bridge = await Bridge.start({ probe, registry, log: silentLogger, settleReadsMs: [20, 40] });
    try {
      const id = [...probe.app.windows.keys()][0] as string;
      probe.app.setOrderField(id, 'recipient', 'Filled after mapping');
      await until(() => JSON.stringify(bridge.snapshot()).includes('Filled after mapping'));
      expect(JSON.stringify(bridge.snapshot())).toContain('Filled after mapping');
    } finally {
      await bridge.close();
    }
  });

  it('without them, the change stays unread (what the settle reads are for)', async () => {
    const probe = new SilentContentProbe({ orderEditors: 1, reports: 0, effectDelayMs: 0 });
    const bridge = await Bridge.start({ probe, registry, log: silentLogger, settleReadsMs: [] });
    try {
      const id = [...probe.app.windows.keys()][0] as string;
      probe.app.setOrderField(id, 'recipient', 'Filled after mapping');
      await new Promise((resolve) => setTimeout(resolve, 200));
      expect(JSON.stringify(bridge.snapshot())).not.toContain('Filled after mapping');
    } finally {
      await bridge.close();
    }
  });
});
