/**
 * `menu` on a menu the app fills only when it opens (Thunar's menu bar: File, Edit… have no items
 * until opened; a GTK 4 menu button's popover exists only while open). The menu is opened the way a person opens it — its mnemonic keys where the
 * toolkit gives them (GTK 3: Alt+F), else its own action — and its items are read once they show.
 * A menu's own path answers with its entries and closes it again (Escape): an open menu holds the
 * keyboard and pointer of the person at the desktop. An entry is run with its action while its
 * menu is open (an item of an open menu, what a screen reader activates), its effect awaited.
 */
import { BridgeError } from '../../../protocol/errors.js';
import type { A11yNode } from '../../../platform/probe.js';
import type { ActionContext, ActionOutcome, LiveWindow } from '../../types.js';
import { openableMenuEntries, openedOtherPopover, PATH_SEPARATOR } from '../menus.js';
import { normalizePath, resolveMenuPath } from '../menuPaths.js';
import type { MenuEntry } from '../model.js';
import { activate, describeEffect, watchEffect } from './shared.js';

/** How long a menu may take to fill in after it opened. */
const FILL_MS = 4000;

/** The lazy menu a path starts with ("File > Rename…" → File), if any. */
export function lazyMenuOf(menus: MenuEntry[], asked: string): MenuEntry | undefined {
  const top = normalizePath(asked).split('>')[0];
  return menus.find((m) => m.lazy && normalizePath(m.path) === top);
}

export async function runLazyMenu(ctx: ActionContext, window: LiveWindow, menu: MenuEntry, asked: string): Promise<ActionOutcome<undefined>> {
  const keys = (await ctx.probe.menuKeys?.(menu.node.ref)) ?? null;
  if (keys) await ctx.probe.sendKeys(window.facts.nativeId, { keys });
  else await activate(ctx, menu.node, ['click', 'activate', 'press']);
  const entries = await ctx
    .waitFor(
      (s) => {
        const root = s.window(window.winId)?.tree.root;
        if (root && openedOtherPopover(root, menu.node)) return [];
        const filled = root ? openableMenuEntries(root).filter((e) => !e.lazy && e.path.startsWith(`${menu.path}${PATH_SEPARATOR}`)) : [];
        return filled.length > 0 ? filled : undefined;
      },
      { timeoutMs: FILL_MS, what: `the ${menu.path} menu to show its entries` },
    )
    .catch(async (error: unknown) => {
      await closeMenu(ctx, window);
      throw error;
    });
  if (entries.length === 0) {
    await closeMenu(ctx, window);
    throw new BridgeError('validation_failed', `"${menu.path}" opened a popover that is no menu (closed again): press "${menu.path}" to use it.`, {
      fields: [{ field: 'path', error: 'not a menu' }],
    });
  }
  const paths = entries.map((e) => e.path);
  if (normalizePath(asked) === normalizePath(menu.path)) {
    await closeMenu(ctx, window);
    return { message: `The ${menu.path} menu holds ${paths.length} entries: ${paths.map((p) => `"${p}"`).join(', ')}. Run one with its path.` };
  }
  let path: string;
  try {
    path = resolveMenuPath(paths, asked);
  } catch (error) {
    await closeMenu(ctx, window);
    throw error;
  }
  const entry = entries.find((e) => e.path === path) as MenuEntry;
  const effect = watchEffect(ctx, window);
  await runOpenItem(ctx, entry.node);
  return { message: `Ran "${entry.path}" (opened ${menu.path} first).${describeEffect(await effect())}` };
}

async function runOpenItem(ctx: ActionContext, item: A11yNode): Promise<void> {
  if (!(item.actions ?? []).length) throw new BridgeError('action_not_available', `"${item.name}" offers no action. Re-read app://windows.`);
  await activate(ctx, item, ['click', 'activate', 'press']);
}

/** Escape closes an open menu and leaves the window as it was. */
async function closeMenu(ctx: ActionContext, window: LiveWindow): Promise<void> {
  await ctx.probe.sendKeys(window.facts.nativeId, { keys: ['Escape'] }).catch(() => undefined);
}
