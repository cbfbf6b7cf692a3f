/**
 * A GTK 4 grid view read after a scroll: GTK 4.8 leaves the rows that scrolled away at the places
 * they had on screen (stalePlaces.ts). Nautilus shows a folder of 300 files; the view is scrolled
 * through its scroll bar as a person drags it (pyatspi), down and back. After each scroll the
 * files the state lists as shown are one run of consecutive files, the ones at the view's place:
 * none of those that scrolled away. The rows beyond the view still count in the total. Nautilus
 * prints no warning meanwhile.
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
const dir = mkdtempSync(join(tmpdir(), 'gui-bridge-scrolled-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const FILES = 300;

describe.skipIf(stack.skip)('a GTK 4 view read after a scroll', () => {
  const live = useLiveBridge();

  it('Nautilus, 300 files: after a scroll down and back, the state lists only the files on screen', async () => {
    const { names, window, blocks, scroll, expectOneRun } = await openNumberedFolder(live, dir, 'scrolled', FILES);
    const files = async () => (await blocks()).files;
    const listed = (first: string) =>
      waitFor(async () => {
        const list = await files();
        return list?.items?.[0] === first && list.total === FILES ? list : null;
      }, 30_000).catch(async () => {
        const notices = ((await live.windowNow(window.id))?.blocks ?? []).filter((b) => b.type === 'notice');
        throw new Error(`the view never listed ${first} first: ${JSON.stringify(await files())}; notices ${JSON.stringify(notices)}`);
      });
    const top = await listed(names[0] as string);
    const perScreen = (top.items ?? []).length;

    // Down by about seven rows of icons: the first rows scrolled away.
    scroll(1000);
    const down = await waitFor(async () => {
      const list = await files();
      return list && list.items?.[0] !== names[0] ? list : null;
    }, 30_000);
    expectOneRun(down.items ?? []);
    expect(down.items).not.toContain(names[0]);
    expect((down.items ?? []).length).toBeLessThanOrEqual(perScreen + 4);
    expect(down.total).toBe(FILES);

    // Back to the top: the rows seen at the bottom are gone from the list again.
    scroll(0);
    const back = await listed(names[0] as string);
    expectOneRun(back.items ?? []);
    expect(back.items).toEqual(top.items);
    expectAppsQuiet(live.desktop);
  }, 180_000);
});
