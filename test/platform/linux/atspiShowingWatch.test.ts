/**
 * Gecko changes `showing` without state events (a document hidden or shown again): after a read of
 * a Gecko window a few nodes' states are asked again, and one that moved has the window read whole.
 */
import { describe, expect, it } from 'vitest';
import { IncrementalTrees } from '../../../src/platform/linux/atspi/incremental.js';
import { sentinelsOf, SENTINELS_PER_KIND } from '../../../src/platform/linux/atspi/showingWatch.js';
import { Touches } from '../../../src/platform/linux/atspi/touches.js';
import { BUS, FakeApp, FakeClient, node, type FakeNode } from './fakeAtspi.js';

const BIG = { maxNodes: 5000, maxDepth: 64, deadlineMs: 2000 };
const GECKO = { name: 'Gecko', version: '153.8.0' };
const GTK3 = { name: 'gtk', version: '3.24.38' };
const SHOWN = ['visible', 'showing'];

function mailWindow(): FakeNode {
  return node('win', 'frame', {
    name: 'Inbox - Thunderbird',
    children: [
      node('inner', 'frame', {
        name: 'Inbox - Thunderbird',
        children: [
          node('mail', 'push button', { name: 'Mail', states: SHOWN }),
          node('folder', 'label', { name: 'Local Folders', states: SHOWN }),
          node('row', 'label', { name: 'Quarterly report', states: ['visible'] }),
        ],
      }),
    ],
  });
}

/** Polls `done` (no timing assumption: the checks run on their own timers). */
async function until(done: () => boolean): Promise<void> {
  for (let i = 0; i < 500 && !done(); i++) await new Promise((resolve) => setTimeout(resolve, 10));
}

function trees(root: FakeNode, asked: string[], delays = [20, 40]) {
  const touches = new Touches();
  const incremental = new IncrementalTrees(
    new FakeClient(new FakeApp(root)),
    (top) => asked.push(top),
    (top) => touches.peek(top),
    60_000,
    [],
    delays,
  );
  const top = `${BUS}/n/win`;
  return { incremental, top, read: (toolkit = GECKO) => incremental.read(top, BIG, touches.take(top), { toolkit, appLabel: 'fake' }) };
}

describe("Gecko's showing between reads", () => {
  it('sentinels: named nodes below the frames, some read showing and some visible but not showing', () => {
    const root = { ref: 'win', role: 'frame', name: 'W', states: SHOWN, children: [] as never[] };
    expect(sentinelsOf(root)).toEqual([]);
    const many = Array.from({ length: 10 }, (_, i) => ({ ref: `n${i}`, role: 'label', name: `L${i}`, states: i % 2 ? SHOWN : ['visible'], children: [] }));
    const sentinels = sentinelsOf({ ...root, children: many as never[] });
    expect(sentinels.filter((s) => s.showing)).toHaveLength(SENTINELS_PER_KIND);
    expect(sentinels.filter((s) => !s.showing)).toHaveLength(SENTINELS_PER_KIND);
  });

  it('a document hidden with no event has the window read whole; nothing moved, the checks end quietly', async () => {
    const root = mailWindow();
    const asked: string[] = [];
    const { incremental, top, read } = trees(root, asked);
    await read();
    expect(incremental.showing.pending()).toEqual([top]);
    await until(() => incremental.showing.pending().length === 0);
    expect(asked).toEqual([]);
    // The window is read again (an event), then its document is hidden: no event says so.
    await read();
    for (const child of (root.children?.[0] as FakeNode).children ?? []) child.states = ['visible'];
    await until(() => asked.length > 0);
    expect(asked).toEqual([top]);
  });

  it('an undrawn window drawn at last (hidden nodes now showing) is read whole too', async () => {
    const root = mailWindow();
    for (const child of (root.children?.[0] as FakeNode).children ?? []) child.states = ['visible'];
    const asked: string[] = [];
    const { read } = trees(root, asked);
    await read();
    const row = (root.children?.[0] as FakeNode).children?.[2] as FakeNode;
    row.states = SHOWN;
    await until(() => asked.length > 0);
    expect(asked).toEqual([`${BUS}/n/win`]);
  });

  it('other toolkits send their state events: not watched', async () => {
    const { incremental, read } = trees(mailWindow(), []);
    await read(GTK3);
    expect(incremental.showing.pending()).toEqual([]);
  });
});
