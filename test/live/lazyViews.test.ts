/**
 * A GTK 4 grid view that creates its rows only near the screen: Nautilus on a folder of 3,000
 * files creates 641 rows. The state says how many files the view holds (from its scroll range,
 * lazyViews.ts), lists the files on screen with their place, and offers no load_rows over rows
 * that do not exist; after a person scrolls to the middle (its scroll bar's Value, pyatspi), the
 * files there, placed where they are in the folder; at the end, the last files, with nothing cut
 * by the node budget; an agent pages with scroll_list (item 1,500, then 1; 3,001 is refused).
 * Nautilus prints no warning meanwhile.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { expectAppsQuiet } from './helpers/appLogs.js';
import { displayStack, waitFor } from './helpers/desktop.js';
import { useLiveBridge } from './helpers/liveBridge.js';
import { openNumberedFolder } from './helpers/nautilusFolder.js';

const stack = displayStack(['nautilus']);
const dir = mkdtempSync(join(tmpdir(), 'gui-bridge-lazy-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe.skipIf(stack.skip)('a GTK 4 view that creates its rows near the screen', () => {
  const live = useLiveBridge();

  it('Nautilus, 3,000 files: the state says how many, lists those on screen and where they are, at the top and after a scroll', async () => {
    const { names, window, blocks, scroll, expectOneRun } = await openNumberedFolder(live, dir, 'many', 3000);
    const view = async () => {
      const { files, blocks: all } = await blocks();
      const notice = all.find((b) => b.type === 'notice' && /holds (about )?3,000 items/.test(b.text ?? ''));
      return files && notice ? { files, notice: notice.text as string } : null;
    };
    const top = await waitFor(async () => {
      const v = await view();
      return v && v.files.items?.[0] === names[0] ? v : null;
    }, 60_000).catch(async () => {
      throw new Error(`the view never listed ${names[0]} first with its count: ${JSON.stringify(await live.windowNow(window.id))}`);
    });
    const shown = top.files.items as string[];
    expectOneRun(shown);
    // No total nor load_rows over the 641 rows created: the others are not there to read.
    expect(top.files.total).toBeUndefined();
    expect(top.notice).toContain(`items 1 to ${shown.length} are on screen`);
    expect(await live.client.toolNames()).not.toContain(`${window.id}__load_rows`);

    // A person drags the scroll bar to the middle: the files there, placed where they are.
    scroll(50_000);
    const middle = await waitFor(async () => {
      const v = await view();
      const first = names.indexOf(String(v?.files.items?.[0]));
      return v && first > 1000 ? { ...v, first } : null;
    }, 60_000);
    const there = middle.files.items as string[];
    expectOneRun(there);
    const range = `items ${(middle.first + 1).toLocaleString('en-US')} to ${(middle.first + there.length).toLocaleString('en-US')} are on screen`;
    expect(middle.notice).toContain(range);

    // To the end: the last files, read whole within the node budget though they are the view's
    // last children (the rows above them, created but not laid out, are not read whole).
    scroll(10_000_000);
    const end = await waitFor(async () => {
      const v = await view();
      return v && v.files.items?.includes(names[names.length - 1]) && names.indexOf(String(v.files.items[0])) > 2000 ? v : null;
    }, 60_000).catch(async () => {
      throw new Error(`the view never listed the last file: ${JSON.stringify(await live.windowNow(window.id))}`);
    });
    expectOneRun(end.files.items as string[]);
    expect(end.notice).toContain('to 3,000 are on screen');
    const ids = (await blocks()).blocks.map((b) => b.id);
    // Nothing on screen was cut: no "only part of its content could be read".
    expect(ids).not.toContain('partial');

    // An agent pages: scroll_list brings an item on screen and answers with the items there,
    // read back from the state; the notice then places them.
    const tool = (await live.client.client.listTools()).tools.find((t) => t.name === `${window.id}__scroll_list`);
    const list = (tool?.inputSchema.properties?.list as { enum?: string[] } | undefined)?.enum?.[0];
    expect(list, 'a scroll_list tool naming the view').toBeDefined();
    for (const item of [1500, 1]) {
      const result = await live.client.call(`${window.id}__scroll_list`, { list, item });
      expect(result.isError, JSON.stringify(result)).toBeFalsy();
      const { items, first } = (result.structuredContent as { result: { items: string[]; first: number } }).result;
      expect(items).toContain(names[item - 1]);
      expect(names.indexOf(items[0] as string)).toBe(first - 1);
      expectOneRun(items);
      const v = await view();
      expect(v?.files.items).toContain(names[item - 1]);
    }
    const beyond = await live.client.call(`${window.id}__scroll_list`, { list, item: 3001 });
    expect(beyond.isError).toBe(true);
    expect(JSON.stringify(beyond.structuredContent)).toContain('validation_failed');

    // Reading the view (its scroll bar, the rows' places) makes Nautilus change nothing: no churn.
    expect(ids).not.toContain('read-churn');
    expectAppsQuiet(live.desktop);
  }, 240_000);
});
