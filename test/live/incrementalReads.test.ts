/**
 * Live: incremental reads on real gedit. After random edits by another AT-SPI client
 * (the "user"), the tree our reader keeps by re-reading only what events named equals a full read
 * of the same window by that other client.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AtspiAccess, AtspiChange } from '../../src/platform/linux/atspi/index.js';
import { displayStack, useDesktop, waitFor } from './helpers/desktop.js';
import { FULL_BUDGET, findNode, openAccess, waitForApp } from './atspiLive.js';

const stack = displayStack(['gedit']);

describe.skipIf(stack.skip)('incremental reads on gedit', () => {
  const live = useDesktop();
  let ours: AtspiAccess;
  let user: AtspiAccess;
  let changes = 0;

  beforeAll(async () => {
    ours = await openAccess(live.desktop);
    user = await openAccess(live.desktop);
    ours.events.on('change', (change: AtspiChange) => void (change.kind === 'content' && changes++));
  }, 60_000);

  afterAll(async () => {
    await ours?.close();
    await user?.close();
  });

  it('equals a full read after each of a series of random text edits', async () => {
    const pid = (await live.desktop.launch('gedit')).pid;
    const app = await waitForApp(ours, pid);
    const top = app.topLevels[0]?.ref as string;
    const doc = findNode((await ours.readTree(top, FULL_BUDGET, app.name, true)).root, (n) => n.role === 'text' && n.states.includes('multi_line'));
    let seed = 15;
    const next = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
    for (let round = 0; round < 8; round++) {
      const before = changes;
      const text = `edit ${round} ${'x'.repeat(Math.floor(next() * 5))}`;
      if (next() < 0.5) await user.primitives.insertText(doc.ref, text, 0);
      else await user.primitives.setText(doc.ref, text);
      await waitFor(async () => (changes > before ? true : null), 10_000);
      // An edit's events may still be on their way after the first: read until none came
      // between our read and the full one (each then reads the same state), a few times at most.
      for (let attempt = 0; ; attempt++) {
        const incremental = await ours.readTree(top, FULL_BUDGET, app.name, true);
        const full = await user.readTree(top, FULL_BUDGET, app.name);
        if (ours.events.touches.peek(top).size > 0 && attempt < 5) continue;
        expect(incremental).toEqual(full);
        break;
      }
    }
    expect(ours.incrementalStats.partial).toBeGreaterThan(0);
  }, 120_000);
});
