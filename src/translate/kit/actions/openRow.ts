/**
 * `open_row {list, row}`: opens a row of a list or table as a double-click does (a folder in a
 * file manager, an entry's editor in a reference manager, a message in its own window). Some apps
 * do on a double-click what no menu offers, or enable their "Edit" command only after one.
 *
 * The row is selected first, as a person's first click does, so what changes afterwards is the
 * opening. Each route is then read back by its effect (a window opened or closed, the window's
 * content changed); a route with none hands over to the next: the row's own activation action
 * (GTK 3's cells and Gecko's items say "activate"), then a pointer double-click on the row as the
 * screen shows it. No keyboard route: Enter goes to whatever holds the focus, which the bridge
 * cannot always move (GTK 4) and could be a dialog's default button.
 */
import { z } from 'zod';
import { BridgeError } from '../../../protocol/errors.js';
import type { A11yNode } from '../../../platform/probe.js';
import { defineAction } from '../../define.js';
import { findFirst, hasState } from '../../tree.js';
import type { ActionContext, LiveWindow } from '../../types.js';
import type { GenericReading } from '../reading.js';
import { openableRows, type OpenableRow } from '../openableRows.js';
import { readWindow } from '../reading.js';
import type { Route } from './verified.js';
import { describeEffect, found, live, namesEnum, rowSchema, settled, watchEffect, type Effect } from './shared.js';

/** How long a route has to show an effect before the next one is tried (an app may open a window slowly). */
const OPEN_EFFECT_MS = 3000;
/** How long the row's selection may take to show before the opening is tried anyway. */
const SELECT_MS = 2000;

const OPEN_VERBS = ['activate', 'open'];

export const OPEN_OUTPUT = z.object({ via: z.enum(['action', 'pointer']) });

export const openRowAction = defineAction({
  name: 'open_row',
  title: 'Open a row',
  description: 'Opens one row of a list or table as a double-click does (a folder, a file, an entry, a message), and waits for its effect.',
  kind: 'destructive',
  timeoutMs: 15_000,
  output: OPEN_OUTPUT,
  input: (_view, { generic }: GenericReading) => {
    const rows = openableRows(generic);
    return z.object({
      list: namesEnum(rows.map((r) => r.collection.label)),
      row: rowSchema(rows.map((r) => r.row.label)),
    });
  },
  available: (_view, { generic }: GenericReading) => openableRows(generic).length > 0,
  async run(args, ctx) {
    const { window, reading } = live(ctx);
    const target = found(
      openableRows(reading).find((r) => r.collection.label === args.list && r.row.label === args.row),
      `The row "${args.row}" of ${args.list}`,
    );
    const base = await selectFirst(ctx, window, target);
    const tried: string[] = [];
    for (const route of routesOf(ctx, target)) {
      const effect = watchEffect(ctx, base(), OPEN_EFFECT_MS);
      try {
        await route.run();
      } catch (error) {
        if (error instanceof BridgeError) throw error;
        tried.push(`${route.via} (refused: ${error instanceof Error ? error.message : String(error)})`);
        continue;
      }
      const seen: Effect = await effect();
      if (seen.kind !== 'none')
        return { message: `Opened "${target.row.label}" in ${target.collection.label}.${describeEffect(seen)}`, result: { via: route.via } };
      tried.push(route.via);
    }
    throw new BridgeError(
      'action_not_available',
      `Opening "${target.row.label}" showed no effect by any route the row offers (tried: ${tried.join(', ') || 'none'}); what it opens may be shown already. Re-read app://windows.`,
    );
  },
});

interface OpenRoute {
  via: Extract<Route, 'action' | 'pointer'>;
  run(): Promise<void>;
}

function routesOf(ctx: ActionContext, target: OpenableRow): OpenRoute[] {
  const routes: OpenRoute[] = [];
  const actionNode = [target.row.node, ...target.row.node.children].find((n) => OPEN_VERBS.some((v) => (n.actions ?? []).includes(v)));
  if (actionNode) {
    const verb = OPEN_VERBS.find((v) => (actionNode.actions ?? []).includes(v)) as string;
    routes.push({ via: 'action', run: () => ctx.probe.doAction(actionNode.ref, verb) });
  }
  const doubleClick = ctx.probe.doubleClick?.bind(ctx.probe);
  if (doubleClick && target.onScreen) routes.push({ via: 'pointer', run: () => doubleClick(target.pointAt.ref) });
  return routes;
}

/**
 * Selects the row unless it is already, and waits until the window shows it and settles: the
 * effect of the opening is then measured from a window that no longer changes by the selection.
 * A row that cannot be selected is opened all the same. Returns the window to measure from.
 */
async function selectFirst(ctx: ActionContext, window: LiveWindow, target: OpenableRow): Promise<() => LiveWindow> {
  const now = () => ctx.state.window(window.winId) ?? window;
  if (target.row.selected) return now;
  try {
    await ctx.probe.select(target.row.node.ref);
  } catch {
    return now;
  }
  await ctx
    .waitFor(
      (s) => {
        const root = s.window(window.winId)?.tree.root;
        return root ? isSelectedNow(root, target.row.node) : true;
      },
      { timeoutMs: SELECT_MS, what: `"${target.row.label}" to show selected` },
    )
    .catch(() => undefined);
  await settled(ctx, window.winId);
  return now;
}

function isSelectedNow(root: A11yNode, row: A11yNode): boolean {
  const node = findFirst(root, (n) => n.ref === row.ref);
  if (!node) return true;
  return hasState(node, 'selected') || readWindow(root).collections.some((c) => c.options.some((o) => o.node.ref === row.ref && o.selected));
}
