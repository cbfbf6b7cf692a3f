/**
 * `menu` on a menu the app fills only when it opens: Thunar's menu bar (File, Edit… have no items
 * until opened), a submenu at any depth (Thunderbird's File › New), a GTK 4 menu button's popover
 * (it exists only while open). The chain is opened the way a person opens it — parents first,
 * then the submenu — by its mnemonic keys where the toolkit gives them (GTK 3: Alt+F, N), else by
 * each menu's own action, and the items are read once they show. A menu's own path answers with
 * its entries and closes what was opened (Escape, only while a menu is open, once per level): an
 * open menu holds the keyboard and pointer of the person at the desktop. An entry is run with its
 * action while its menu is open (an item of an open menu, what a screen reader activates), its
 * effect awaited; a failure closes what was opened.
 */
import { BridgeError, isBridgeError } from '../../../protocol/errors.js';
import type { A11yNode } from '../../../platform/probe.js';
import type { ActionContext, ActionOutcome, LiveWindow } from '../../types.js';
import { findFirst } from '../../tree.js';
import { repairName } from '../labels.js';
import { entriesOfMenu, hasShownItem, isMenuOpen, isShownItem, menuChain, openableMenuEntries, openedOtherPopover, PATH_SEPARATOR } from '../menus.js';
import { normalizePath, resolveMenuPath } from '../menuPaths.js';
import type { MenuEntry } from '../model.js';
import { activate, describeEffect, settled, watchEffect } from './shared.js';

/** How long a menu may take to fill in after it opened, or to show a submenu's item. */
const FILL_MS = 4000;
/** How long a menu may take to close after Escape; a menu still shown gets no second Escape. */
const CLOSE_MS = 1500;
/** Children of a menu read afresh when the window's state does not show them. */
const LIVE_CHILDREN = 200;

/** The lazy menu a path is in or names ("File > New > Message" → "File > New"), if any. */
export function lazyMenuOf(menus: MenuEntry[], asked: string): MenuEntry | undefined {
  const wanted = normalizePath(asked);
  return menus.find((m) => m.lazy && isAtOrUnder(wanted, normalizePath(m.path)));
}

function isAtOrUnder(wanted: string, menu: string): boolean {
  return wanted === menu || wanted.startsWith(`${menu}>`);
}

export async function runLazyMenu(ctx: ActionContext, window: LiveWindow, menu: MenuEntry, asked: string): Promise<ActionOutcome<undefined>> {
  /** The menus this action opened, outermost first: what a failure closes again. */
  const opened: string[] = [];
  try {
    for (let lazy = menu; ;) {
      const entries = await openMenu(ctx, window, lazy, asked, opened);
      if (normalizePath(asked) === normalizePath(lazy.path)) {
        await closeOpened(ctx, window, opened);
        const paths = entries.map((e) => e.path);
        return { message: `The ${lazy.path} menu holds ${paths.length} entries: ${paths.map((p) => `"${p}"`).join(', ')}. Run one with its path.` };
      }
      const deeper = lazyMenuOf(entries, asked);
      if (deeper) {
        lazy = deeper;
        continue;
      }
      const path = resolveMenuPath(
        entries.map((e) => e.path),
        asked,
      );
      const entry = entries.find((e) => e.path === path) as MenuEntry;
      const effect = watchEffect(ctx, window);
      await runOpenItem(ctx, entry.node);
      // Running an item closes its menus.
      opened.length = 0;
      return { message: `Ran "${entry.path}" (opened ${lazy.path} first).${describeEffect(await effect())}` };
    }
  } catch (error) {
    await closeOpened(ctx, window, opened);
    throw error;
  }
}

/**
 * Opens `lazy` and the menus above it that are not open yet, and answers with the entries it
 * shows. Each menu this opens is added to `opened` as it opens.
 */
async function openMenu(ctx: ActionContext, window: LiveWindow, lazy: MenuEntry, asked: string, opened: string[]): Promise<MenuEntry[]> {
  await openChain(ctx, window, lazy.node, opened);
  return waitForEntries(ctx, window, lazy, asked);
}

/**
 * Runs an item of a closed menu that its toolkit runs neither by keys nor by its action while
 * closed (a GTK 3 item with no accelerator and no unique mnemonic): its menus are opened as a
 * person opens them, then the item, shown, is run by its action; a failure closes them again.
 */
export async function runInOpenMenus(ctx: ActionContext, window: LiveWindow, entry: MenuEntry): Promise<ActionOutcome<undefined>> {
  const root = rootNow(ctx, window) ?? window.tree.root;
  const parents = menuChain(root, entry.node.ref).slice(0, -1);
  const opened: string[] = [];
  try {
    const parent = parents[parents.length - 1];
    const item = parent ? await openItem(ctx, window, entry, parent, opened) : entry.node;
    const effect = watchEffect(ctx, window);
    await runOpenItem(ctx, item);
    opened.length = 0;
    const first = parent ? ` (opened ${parents.map((p) => repairName(p.name)).join(PATH_SEPARATOR)} first)` : '';
    return { message: `Ran "${entry.path}"${first}.${describeEffect(await effect())}` };
  } catch (error) {
    await closeOpened(ctx, window, opened);
    throw error;
  }
}

/**
 * Opens the menus holding `entry` and answers with its item once shown, found by its path: an app
 * may build a menu's items anew each time it opens (Mousepad's templates).
 */
async function openItem(ctx: ActionContext, window: LiveWindow, entry: MenuEntry, parent: A11yNode, opened: string[]): Promise<A11yNode> {
  await openChain(ctx, window, parent, opened);
  return ctx.waitFor(
    (s) => {
      const root = s.window(window.winId)?.tree.root;
      return root ? openableMenuEntries(root).find((e) => e.path === entry.path && isShownItem(e.node))?.node : undefined;
    },
    { timeoutMs: FILL_MS, what: `"${entry.path}" to show in its open menu` },
  );
}

/**
 * Opens `target` and the menus above it in its menu bar that are not open yet, outermost first:
 * by the target's mnemonic path where the toolkit gives one (one chord per menu; the open ones
 * are not pressed again, a menu bar's Alt+F would close its open menu), else by each menu's own
 * action, each awaited until the next one shows. A menu button's popover is its inner button.
 */
async function openChain(ctx: ActionContext, window: LiveWindow, target: A11yNode, opened: string[]): Promise<void> {
  const root = rootNow(ctx, window) ?? window.tree.root;
  const inBar = menuChain(root, target.ref);
  const chain = inBar.length > 0 ? inBar : [target];
  const first = chain.findIndex((m) => !isMenuOpen(root, m));
  if (first < 0) return;
  const keys = (await ctx.probe.menuKeys?.(target.ref)) ?? [];
  if (keys.length > 0 && (chain.length === 1 || keys.length === chain.length)) {
    opened.push(...chain.slice(first).map((m) => m.ref));
    await ctx.probe.sendKeys(window.facts.nativeId, { keys: keys.slice(first) });
    return;
  }
  for (let level = first; level < chain.length; level++) {
    const menuNode = chain[level] as A11yNode;
    await activate(ctx, menuNode, ['click', 'activate', 'press']);
    opened.push(menuNode.ref);
    const next = chain[level + 1];
    if (next) await waitShown(ctx, window, next, chain.slice(0, level + 1));
  }
}

/** Waits until a submenu's own item shows, once the menu holding it opened. */
async function waitShown(ctx: ActionContext, window: LiveWindow, item: A11yNode, parents: A11yNode[]): Promise<void> {
  const name = parents.map((p) => repairName(p.name)).join(PATH_SEPARATOR);
  await ctx.waitFor(
    (s) => {
      const root = s.window(window.winId)?.tree.root;
      const now = root ? findFirst(root, (n) => n.ref === item.ref) : undefined;
      return now && isShownItem(now) ? true : undefined;
    },
    { timeoutMs: FILL_MS, what: `the ${name} menu to open` },
  );
}

/**
 * The entries under `lazy` once it shows them. The wait goes on until the asked entry (or a menu
 * filled on opening that holds it) is among them, since a toolkit may report a menu's items a few
 * at a time; a wrong path answers with what the menu showed by then. Its own path waits until the
 * window stays the same, so that the list is whole. A menu built with no enabled item (Mousepad's
 * templates without a templates folder) answers as such once the wait is over: a toolkit may
 * add items before it says they are enabled and shown (Swing through the ATK wrapper).
 */
async function waitForEntries(ctx: ActionContext, window: LiveWindow, lazy: MenuEntry, asked: string): Promise<MenuEntry[]> {
  const prefix = `${lazy.path}${PATH_SEPARATOR}`;
  const wanted = normalizePath(asked);
  const listing = wanted === normalizePath(lazy.path);
  const under = (root: A11yNode) => openableMenuEntries(root).filter((e) => e.path.startsWith(prefix));
  const built = (root: A11yNode) => (findFirst(root, (n) => n.ref === lazy.node.ref)?.children.length ?? 0) > 0;
  let seen: MenuEntry[] = [];
  let filled = false;
  try {
    const found = await ctx.waitFor(
      (s) => {
        const root = s.window(window.winId)?.tree.root;
        if (!root) return undefined;
        if (openedOtherPopover(root, lazy.node)) return { popover: true };
        seen = under(root);
        filled = built(root);
        const ready = listing ? seen.length > 0 : seen.some((e) => (e.lazy ? isAtOrUnder(wanted, normalizePath(e.path)) : wanted === normalizePath(e.path)));
        return ready ? { popover: false } : undefined;
      },
      { timeoutMs: FILL_MS, what: `the ${lazy.path} menu to show its entries` },
    );
    if (found.popover) {
      throw new BridgeError('validation_failed', `"${lazy.path}" opened a popover that is no menu (closed again): press "${lazy.path}" to use it.`, {
        fields: [{ field: 'path', error: 'not a menu' }],
      });
    }
    if (listing) {
      await settled(ctx, window.winId);
      const root = rootNow(ctx, window);
      if (root) seen = under(root);
    }
  } catch (error) {
    if (!(isBridgeError(error) && error.code === 'action_timeout')) throw error;
    if (seen.length === 0) {
      const live = await liveEntries(ctx, window, lazy);
      seen = live.entries;
      filled ||= live.built;
    }
    if (seen.length === 0 && !filled) throw error;
  }
  if (seen.length === 0) {
    throw new BridgeError('action_not_available', `The ${lazy.path} menu opened with no entry that can run now (its items are disabled); it was closed again.`);
  }
  return seen;
}

/**
 * The menu's entries read afresh, when the window's state has not shown them: a toolkit may build
 * a submenu without telling (Swing through the ATK wrapper).
 */
async function liveEntries(ctx: ActionContext, window: LiveWindow, lazy: MenuEntry): Promise<{ entries: MenuEntry[]; built: boolean }> {
  const children = await ctx.probe.readChildren(lazy.node.ref, 0, LIVE_CHILDREN).catch(() => []);
  const now = nodeIn(rootNow(ctx, window), lazy.node.ref) ?? lazy.node;
  return { entries: entriesOfMenu({ ...now, children }, lazy.path), built: children.length > 0 };
}

/** Whether a menu is open, by the window's state or, when that does not say so, read afresh. */
async function menuOpenNow(ctx: ActionContext, window: LiveWindow, ref: string): Promise<boolean> {
  const root = rootNow(ctx, window);
  const menu = nodeIn(root, ref);
  if (root && menu && isMenuOpen(root, menu)) return true;
  const children = await ctx.probe.readChildren(ref, 0, LIVE_CHILDREN).catch(() => []);
  return hasShownItem({ ...(menu ?? { ref, role: 'menu', name: '', states: [] }), children });
}

function nodeIn(root: A11yNode | undefined, ref: string): A11yNode | undefined {
  return root ? findFirst(root, (n) => n.ref === ref) : undefined;
}

async function runOpenItem(ctx: ActionContext, item: A11yNode): Promise<void> {
  if (!(item.actions ?? []).length) throw new BridgeError('action_not_available', `"${item.name}" offers no action. Re-read app://windows.`);
  await activate(ctx, item, ['click', 'activate', 'press']);
}

/**
 * Closes the menus this action opened, innermost first: one Escape per menu that is still open,
 * each awaited, so that no Escape reaches the window itself (it would close a dialog).
 */
export async function closeOpened(ctx: ActionContext, window: LiveWindow, opened: string[]): Promise<void> {
  const refs = opened.splice(0).reverse();
  for (const ref of refs) {
    const open = (root: A11yNode | undefined) => {
      const menu = nodeIn(root, ref);
      return !!root && !!menu && isMenuOpen(root, menu);
    };
    if (!(await menuOpenNow(ctx, window, ref))) continue;
    await ctx.probe.sendKeys(window.facts.nativeId, { keys: ['Escape'] }).catch(() => undefined);
    const closed = await ctx
      .waitFor((s) => (open(s.window(window.winId)?.tree.root) ? undefined : true), { timeoutMs: CLOSE_MS, what: 'the menu to close' })
      .catch(() => false);
    if (!closed || (await menuOpenNow(ctx, window, ref))) return;
  }
}

function rootNow(ctx: ActionContext, window: LiveWindow): A11yNode | undefined {
  return ctx.state.window(window.winId)?.tree.root;
}
