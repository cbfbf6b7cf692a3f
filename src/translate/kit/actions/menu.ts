/** `menu {path}`: runs a menu entry ("File > Save As…"), also from menus that are closed. */
import { z } from 'zod';
import { defineAction } from '../../define.js';
import { PATH_SEPARATOR } from '../menus.js';
import { menuPathSchema, resolveMenuPath } from '../menuPaths.js';
import type { GenericReading } from '../reading.js';
import { lazyMenuOf, runInOpenMenus, runLazyMenu } from './lazyMenu.js';
import { activate, describeEffect, found, live, watchEffect } from './shared.js';

export const menuAction = defineAction({
  name: 'menu',
  title: 'Run a menu command',
  description: `Runs a menu command by its path ("File${PATH_SEPARATOR}Save As…"); a dialog it opens is in openedWindowIds.`,
  kind: 'destructive',
  input: (_view, { generic }: GenericReading) =>
    z.object({
      path: menuPathSchema(
        generic.menus.map((m) => m.path),
        generic.menus.filter((m) => m.lazy).map((m) => m.path),
      ),
    }),
  available: (_view, { generic }: GenericReading) => generic.menus.length > 0,
  async run(args, ctx) {
    const { window, reading } = live(ctx);
    const lazy = lazyMenuOf(reading.menus, args.path);
    if (lazy) return runLazyMenu(ctx, window, lazy, args.path);
    const path = resolveMenuPath(
      reading.menus.map((m) => m.path),
      args.path,
    );
    const entry = found(
      reading.menus.find((m) => m.path === path),
      `The menu command "${args.path}"`,
    );
    // GTK 3 runs an item of a closed menu with DoAction only by printing criticals: where the
    // toolkit says so, the keys a person presses run it (the window is activated first), and an
    // item with no key route is run once its menus are open.
    const keys = (await ctx.probe.menuKeys?.(entry.node.ref)) ?? null;
    if (keys && keys.length === 0) return runInOpenMenus(ctx, window, entry);
    const effect = watchEffect(ctx, window);
    if (keys) await ctx.probe.sendKeys(window.facts.nativeId, { keys });
    else await activate(ctx, entry.node, ['click', 'activate', 'press', 'toggle']);
    const route = keys ? ` (keys ${keys.join(', ')})` : '';
    return { message: `Ran "${entry.path}"${route}.${describeEffect(await effect())}` };
  },
});
