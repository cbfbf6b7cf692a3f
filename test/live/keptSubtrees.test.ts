/**
 * Live: hidden subtrees of GTK 3 windows are kept between reads (keptSubtrees.ts).
 * A second read sends no call to any object inside them and still equals a read that keeps
 * nothing; a change made inside them while they stay hidden reaches the next reads; once they
 * show, they are read again. A GTK 3 window of our own whose closed popover changes on a click
 * (fixtures/hidden_parts.py), gedit (its closed popovers hold most of its objects), mousepad,
 * pluma and galculator.
 */
import { join } from 'node:path';
import { isDeepStrictEqual } from 'node:util';
import { describe, expect, it } from 'vitest';
import { parseRef } from '../../src/platform/linux/atspi/refs.js';
import { readWindowTree } from '../../src/platform/linux/atspi/treeReader.js';
import type { A11yNode, WindowTree } from '../../src/platform/probe.js';
import { findFirst } from '../../src/translate/tree.js';
import { displayStack, useDesktop, waitFor } from './helpers/desktop.js';
import { FULL_BUDGET, recordCalls, useAccess, waitForApp } from './atspiLive.js';

const stack = displayStack(['gedit', 'mousepad', 'pluma', 'galculator']);
const HIDDEN_PARTS = join(import.meta.dirname, 'fixtures', 'hidden_parts.py');

/** Refs strictly below the topmost subtrees where nothing shows: what a kept read must not ask. */
function hiddenBelow(node: A11yNode, out: string[] = []): string[] {
  const shows = (n: A11yNode): boolean => n.states.includes('showing') || n.children.some(shows);
  if (!node.states.includes('showing') && node.children.length > 0 && !shows(node)) {
    const collect = (n: A11yNode) => n.children.forEach((child) => (out.push(child.ref), collect(child)));
    collect(node);
    return out;
  }
  for (const child of node.children) hiddenBelow(child, out);
  return out;
}

describe.skipIf(stack.skip)('hidden subtrees kept between reads (GTK 3)', () => {
  const live = useDesktop();
  const atspi = useAccess(live);

  async function windowOf(pid: number): Promise<string> {
    return (await waitForApp(atspi.access, pid)).topLevels[0]?.ref as string;
  }

  /** As the server reads: kept subtrees reused. */
  const served = (ref: string): Promise<WindowTree> => atspi.access.readTree(ref, FULL_BUDGET, 'test');
  /** The reference: every object asked, nothing kept. */
  async function fresh(ref: string): Promise<WindowTree> {
    const root = parseRef(ref);
    return readWindowTree(atspi.access.client, root, FULL_BUDGET, { toolkit: await atspi.toolkits.get(root.bus) });
  }

  /**
   * The served read equals a fresh one. GTK 3 flips `showing` on a hidden list for a moment while
   * a row is added, without an event: a pair of reads may straddle that, so a few pairs are read.
   */
  async function expectSameAsFresh(ref: string): Promise<WindowTree> {
    let pair = [await served(ref), await fresh(ref)];
    for (let attempt = 0; attempt < 10 && !isDeepStrictEqual(pair[0], pair[1]); attempt++) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      pair = [await served(ref), await fresh(ref)];
    }
    expect(pair[0]).toEqual(pair[1]);
    return pair[0] as WindowTree;
  }

  /**
   * A served read sends no call inside hidden subtrees. The first read of a window makes GTK 3
   * create its accessibles, which it announces (events that invalidate what that read kept): the
   * reads after it settle, so a few are tried.
   */
  async function checkSecondRead(ref: string): Promise<number> {
    await served(ref);
    let reached: string[] = [];
    let hidden: string[] = [];
    for (let attempt = 0; attempt < 5; attempt++) {
      const { result, calls } = await recordCalls(atspi.access, () => served(ref));
      const asked = new Set([...calls.byInterface.values()].flatMap((paths) => [...paths]));
      hidden = hiddenBelow(result.root);
      reached = hidden.filter((r) => {
        const { bus, path } = parseRef(r);
        return asked.has(`${bus}${path}`);
      });
      if (reached.length === 0) break;
    }
    expect(reached).toEqual([]);
    await expectSameAsFresh(ref);
    return hidden.length;
  }

  it('our window: no call reaches its closed popover on a second read, and the state is the same', async () => {
    const ref = await windowOf((await live.desktop.launch('/usr/bin/python3', [HIDDEN_PARTS])).pid);
    expect(await checkSecondRead(ref)).toBeGreaterThanOrEqual(9);
  }, 60_000);

  it('changes made inside the closed popover reach the next reads; opened, it is read again', async () => {
    const ref = await windowOf((await live.desktop.launch('/usr/bin/python3', [HIDDEN_PARTS])).pid);
    const press = async (name: string) => {
      const target = findFirst((await served(ref)).root, (n) => n.name === name && n.states.includes('showing'));
      await atspi.access.primitives.doAction(target?.ref as string, 'click');
    };
    for (const round of [1, 2]) {
      await served(ref); // keeps the popover as it is now
      await press('Change hidden parts');
      // Kept without its events, the popover would stay as read for a minute (MAX_AGE_MS).
      const changed = await waitFor(async () => {
        const tree = await served(ref);
        return findFirst(tree.root, (n) => n.name === `Status: changed ${round}`) ? tree : undefined;
      }, 30_000);
      expect(findFirst(changed.root, (n) => n.role === 'list_item' && n.name === `Row ${3 + round}`)).toBeDefined();
      expect(findFirst(changed.root, (n) => n.role === 'check_box')?.states.includes('checked')).toBe(round === 1);
      expect(findFirst(changed.root, (n) => n.role === 'list_item' && n.name === 'Row 1')?.states.includes('enabled')).toBe(false);
      await expectSameAsFresh(ref);
    }
    // A row added alone: GTK 3 announces only the new row's own objects, not a change of the list.
    await served(ref);
    await press('Add a row');
    const added = await waitFor(async () => {
      const tree = await served(ref);
      return findFirst(tree.root, (n) => n.role === 'list_item' && n.name === 'Added 6') ? tree : undefined;
    }, 30_000);
    expect(hiddenBelow(added.root).length).toBeGreaterThan(0);
    await expectSameAsFresh(ref);
    await press('Choices');
    const open = await waitFor(async () => {
      const tree = await served(ref);
      return findFirst(tree.root, (n) => n.role === 'list_item' && n.states.includes('showing')) ? tree : undefined;
    }, 30_000);
    expect(hiddenBelow(open.root)).toEqual([]);
    await expectSameAsFresh(ref);
  }, 120_000);

  it('gedit: its closed popovers are not asked again, and the state is the same', async () => {
    const ref = await windowOf((await live.desktop.launch('gedit')).pid);
    expect(await checkSecondRead(ref)).toBeGreaterThan(100);
  }, 60_000);

  it.each(['mousepad', 'pluma', 'galculator'])(
    '%s (GTK 3): hidden parts not asked again, and the state is the same',
    async (command) => {
      const ref = await windowOf((await live.desktop.launch(command)).pid);
      expect(await checkSecondRead(ref)).toBeGreaterThan(0);
    },
    60_000,
  );
});
