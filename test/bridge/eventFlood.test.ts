/**
 * A window whose application never stops sending events: the bridge's first read and every flush
 * end, reads of the window are paced, and churn that our own reads cause is recognised, shown in a
 * notice and no longer read. The demo probe stands in for the platform; its reads take real time.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { Bridge } from '../../src/bridge/bridge.js';
import { CHURN_NOTICE } from '../../src/bridge/pacing.js';
import type { TreeBudget, TreeReadRequest, WindowTree } from '../../src/platform/probe.js';
import { silentLogger } from '../../src/util/logger.js';
import { registry } from '../../translators/index.js';
import { EmittingProbe } from './emittingProbe.js';

const READ_MS = 20;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Every read of a window makes the app change it (Qt logging a warning into the window). */
class EchoingProbe extends EmittingProbe {
  reads = 0;
  echoing = true;
  /** What announces the echo (the log widget); none: the probe cannot tell. */
  echoCauses: string[] | undefined;
  /** Called as each read ends (a person who acts as soon as the window is read). */
  afterRead: ((nativeId: string) => void) | null = null;

  override async readTree(nativeId: string, budget: TreeBudget, request?: TreeReadRequest): Promise<WindowTree> {
    this.reads++;
    await sleep(READ_MS);
    if (this.echoing) setTimeout(() => this.emit(nativeId, this.echoCauses), 5);
    const after = this.afterRead;
    if (after) setTimeout(() => after(nativeId), 5);
    return super.readTree(nativeId, budget, request);
  }
}

let bridge: Bridge | undefined;
let timer: NodeJS.Timeout | undefined;
afterEach(async () => {
  clearInterval(timer);
  await bridge?.close();
  bridge = undefined;
});

const notices = (b: Bridge) => b.snapshot().windows.flatMap((w) => w.blocks.filter((x) => x.type === 'notice').map((x) => (x as { id: string }).id));

describe('an application that floods events', () => {
  it('external churn: start and flush end, the latest change is applied, no churn notice', async () => {
    const probe = new EchoingProbe({ orderEditors: 1, reports: 0, effectDelayMs: 0 });
    probe.echoing = false;
    const id = [...probe.app.windows.keys()][0] as string;
    let n = 0;
    timer = setInterval(() => probe.emit(id), 2); // far faster than a read
    bridge = await Bridge.start({ probe, registry, log: silentLogger });
    const order = probe.app.windows.get(id)?.content;
    if (order?.kind !== 'order') throw new Error('no order window');
    for (let i = 0; i < 5; i++) {
      order.recipient = `Flood ${++n}`;
      await bridge.flush(); // the old loop read until no event was pending: never, here
      expect(bridge.snapshotJson()).toContain(`Flood ${n}`);
    }
    expect(notices(bridge)).not.toContain('read-churn');
  });

  it('a person who changes the window as soon as each read shows it: every change is read, no churn', async () => {
    // Timing alone takes such changes for echoes of our reads; what announced them tells them apart.
    // (One who changes the same objects after each read, and nothing during the quiet probe, is
    // taken for churn: that is what an echo looks like.)
    const probe = new EchoingProbe({ orderEditors: 1, reports: 0, effectDelayMs: 0 });
    probe.echoing = false;
    const id = [...probe.app.windows.keys()][0] as string;
    const order = probe.app.windows.get(id)?.content;
    if (order?.kind !== 'order') throw new Error('no order window');
    let n = 0;
    probe.afterRead = (nativeId) => {
      if (n >= 8) return;
      order.recipient = `Quick ${++n}`;
      probe.emit(nativeId, [`row ${n}`]); // a scroll lays out other rows each time
    };
    bridge = await Bridge.start({ probe, registry, log: silentLogger, settleReadsMs: [] });
    const until = Date.now() + 20_000;
    while (!(n >= 8 && bridge.snapshotJson().includes('Quick 8')) && Date.now() < until) await sleep(50);
    expect(bridge.snapshotJson()).toContain('Quick 8');
    expect(notices(bridge)).not.toContain('read-churn');
  });

  it('churn caused by our reads: recognised, shown in a notice, and no longer read', async () => {
    const probe = new EchoingProbe({ orderEditors: 1, reports: 0, effectDelayMs: 0 });
    // Without the bounded re-reads of a new window (their own test: settleReads.test.ts), every
    // read here is an echo's or a change's.
    bridge = await Bridge.start({ probe, registry, log: silentLogger, settleReadsMs: [] });
    const started = Date.now();
    while (!notices(bridge).includes('read-churn') && Date.now() - started < 20_000) await sleep(50);
    expect(notices(bridge)).toContain('read-churn');
    expect(JSON.stringify(bridge.snapshot())).toContain(CHURN_NOTICE.slice(0, 40));
    const reads = probe.reads;
    await sleep(1500);
    expect(probe.reads).toBe(reads); // echoes no longer make it read
    // A change at a quiet time is read; once reads stop echoing, the notice goes.
    probe.echoing = false;
    const id = [...probe.app.windows.keys()][0] as string;
    probe.emit(id);
    await sleep(600);
    probe.emit(id);
    const until = Date.now() + 10_000;
    while (notices(bridge).includes('read-churn') && Date.now() < until) await sleep(50);
    expect(notices(bridge)).not.toContain('read-churn');
    expect(probe.reads).toBeGreaterThan(reads);
  });
});
