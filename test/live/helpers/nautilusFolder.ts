/**
 * A folder of numbered files opened in Nautilus on the live desktop, for the tests of GTK 4 list
 * and grid views (scrolledViews, lazyViews): the files' names in order, the window, scrolling it
 * as a person drags its scroll bar, and the check that the listed files are one run of the folder.
 */
import { execFileSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect } from 'vitest';
import { desktopProcessEnv } from '../../../src/platform/linux/desktop/index.js';
import type { LiveBridge } from './liveBridge.js';

const SCROLL_TO = fileURLToPath(new URL('./scroll_to.py', import.meta.url));

export interface Block {
  type: string;
  id?: string;
  items?: unknown[];
  offset?: number;
  total?: number;
  text?: string;
}

/** `count` files named file001.txt… (digits for the count) in `parent`/`title`, shown in a new Nautilus window titled `title`. */
export async function openNumberedFolder(live: LiveBridge, parent: string, title: string, count: number) {
  const digits = String(count).length;
  const names = Array.from({ length: count }, (_, i) => `file${String(i + 1).padStart(digits, '0')}.txt`);
  const folder = join(parent, title);
  mkdirSync(folder);
  for (const name of names) writeFileSync(join(folder, name), 'x\n');
  await live.desktop.launch('nautilus', ['--new-window', folder]);
  const window = await live.windowTitled(new RegExp(`^${title}$`), 60_000);
  return {
    names,
    window,
    /** The state's block listing these files, and its other blocks. */
    blocks: async () => {
      const blocks = ((await live.windowNow(window.id))?.blocks ?? []) as Block[];
      return { files: blocks.find((b) => b.type === 'list' && (b.items ?? []).some((i) => names.includes(String(i)))), blocks };
    },
    /** Scrolls the longest view to `value` through its scroll bar's Value, as a person drags it (pyatspi). */
    scroll: (value: number) =>
      execFileSync('/usr/bin/python3', [SCROLL_TO, 'org.gnome.Nautilus', title, String(value)], { env: desktopProcessEnv(live.desktop.env), encoding: 'utf8' }),
    /** The listed files are consecutive in the folder's order: one run, no row from elsewhere. */
    expectOneRun: (items: unknown[]) => {
      const indexes = items.map((i) => names.indexOf(String(i)));
      expect(indexes.every((index) => index >= 0)).toBe(true);
      expect(indexes, JSON.stringify(items)).toEqual(indexes.map((_, k) => (indexes[0] as number) + k));
    },
  };
}
