/**
 * `scroll_list`: offered for views that create their items near the screen when the probe said
 * what scrolls them; sets the scroll bar's value to the item's row, answers once the state lists
 * the item (read back), refuses items beyond the count, and times out truthfully when the view
 * never shows the item.
 */
import { describe, expect, it } from 'vitest';
import { SCROLL_BY, type A11yNode } from '../../../src/platform/probe.js';
import { scrollListAction } from '../../../src/translate/kit/actions/scrollList.js';
import { readGeneric } from '../../../src/translate/kit/reading.js';
import type { ActionDef } from '../../../src/translate/types.js';
import { fakeContext } from './fakeContext.js';
import { frame, n } from './nodes.js';

const GTK4 = ['focusable', 'sensitive', 'visible'];
const COLUMNS = 4;
const PITCH = 136;
const FIRST = 6;

/** A grid of about 3,000 files, 642 rows created, 16 on screen from item `from` (0-based). */
function window(from: number, scrollable = true): A11yNode {
  const item = (name: string, onScreen: boolean) =>
    n('table_cell', '', { states: GTK4, zeroSize: onScreen ? undefined : true }, [n('label', name, { states: GTK4, zeroSize: onScreen ? undefined : true })]);
  const scroll: Record<string, string> = scrollable
    ? { [SCROLL_BY.key]: ':1.7/bar', [SCROLL_BY.pitch]: String(PITCH), [SCROLL_BY.first]: String(FIRST), [SCROLL_BY.columns]: String(COLUMNS) }
    : {};
  const attributes = { selects_items: 'true', items_at_least: '2997', items_at_most: '3000', items_from: String(from), ...scroll };
  const rows = Array.from({ length: 642 }, (_, i) => item(`file${from + i - 100 + 1}.txt`, i >= 100 && i < 116));
  return frame('Files', [n('table', 'Files', { states: GTK4, attributes, ref: 'grid' }, rows)]);
}

const run = (args: Record<string, unknown>, ctx: ReturnType<typeof fakeContext>['ctx']) => (scrollListAction as ActionDef).run(args as never, ctx);

describe('scroll_list', () => {
  it('is offered for a view that creates its items near the screen, when the probe said what scrolls it', () => {
    const offered = (root: A11yNode) => scrollListAction.available?.({ summary: '', blocks: [], actions: [] }, readGeneric(root));
    expect(offered(window(0))).toBe(true);
    expect(offered(window(0, false))).toBe(false);
  });

  it("sets the scroll bar's value to the item's row and answers with the items the state then lists", async () => {
    const { ctx, calls } = fakeContext(window(0), (c) => (c.primitive === 'setValue' ? { root: window(1496) } : undefined));
    const outcome = (await run({ list: 'Files', item: 1500 }, ctx)) as { message: string; result: { items: string[]; first: number; about: string } };
    expect(calls).toEqual([{ primitive: 'setValue', args: [':1.7/bar', FIRST + Math.floor(1499 / COLUMNS) * PITCH] }]);
    expect(outcome.result.first).toBe(1497);
    expect(outcome.result.items[0]).toBe('file1497.txt');
    expect(outcome.result.about).toBe('about 3,000');
    expect(outcome.message).toContain('Items 1,497 to 1,512 of about 3,000');
    expect(outcome.message).toContain('item 1500: "file1500.txt"');
  });

  it('an item already on screen needs no scroll', async () => {
    const { ctx, calls } = fakeContext(window(0));
    await run({ list: 'Files', item: 3 }, ctx);
    expect(calls).toEqual([]);
  });

  it('refuses an item beyond the count, and times out truthfully when the view never lists the item', async () => {
    const { ctx } = fakeContext(window(0));
    await expect(run({ list: 'Files', item: 3001 }, ctx)).rejects.toMatchObject({ code: 'validation_failed' });
    await expect(run({ list: 'Files', item: 2000 }, ctx)).rejects.toMatchObject({ code: 'action_timeout' });
  }, 20_000);
});
