/**
 * Rows of a GTK 4 list or grid view that claim a place on screen they left. GTK 4.8 lays out only
 * the rows on screen: a row scrolled away keeps the place it last had, inside the view, and may be
 * bound to another item meanwhile (measured on Nautilus: after a scroll of 1,000 px in a 300-file
 * folder, 32 rows claim places in the view, 16 are there). Nothing in their states or attributes
 * tells them apart; the toolkit's own hit test does: `Component.GetAccessibleAtPoint` on the view
 * at the middle of a row's place picks the row that is really drawn there. A row where another
 * row is picked is not on screen: it is kept as a row beyond the view (laid out nowhere, as the
 * rows GTK has not placed yet), so the state shows only what a person sees; so is a row placed
 * wholly outside the view (GTK lays out a row or two beyond its edges).
 *
 * Asked only of GTK 4 views marked `selects_items` (GtkListBase), in window coordinates (GTK 4
 * warns on screen ones): two calls per row that claims a place. Where the hit test answers nothing
 * or the view itself (a gap between rows), the row keeps its place: only a row another one
 * replaces is moved out. GTK 4.8 answers nothing at all while a view is not drawn yet (Nautilus
 * still loading a folder of 3,000 files); once drawn, a view of 641 created rows answers as a
 * short one. The kept tree is not changed: the marks are made on a copy.
 */
import type { A11yNode, WindowTree } from '../../probe.js';
import type { AtspiClient } from './client.js';
import { COORD, IFACE, NULL_PATH } from './names.js';
import { isGtk4, type ToolkitInfo } from './normalize.js';
import { formatRef, fromWire, parseRef, type ObjRef } from './refs.js';
import { rebuild } from './treeCopy.js';
import type { Box } from '../../../util/rowGrid.js';

/** Ancestors walked up from a picked node to find the view's child it is in. */
const MAX_WALK = 12;

/** A GTK 4 view and the places of its rows really on screen (window coordinates), as the check found them. */
export interface ViewScreen {
  view: A11yNode;
  place: Box;
  onScreen: Box[];
}

/** The tree with stale rows moved out, and each checked view's rows on screen (lazyViews.ts measures by them). */
export async function markStalePlaces(
  client: AtspiClient,
  tree: WindowTree,
  toolkit: ToolkitInfo | undefined,
): Promise<{ tree: WindowTree; screens: ViewScreen[] }> {
  if (!isGtk4(toolkit)) return { tree, screens: [] };
  const views = listViews(tree.root);
  if (views.length === 0) return { tree, screens: [] };
  const stale = new Map<A11yNode, A11yNode>();
  const screens = await Promise.all(views.map((view) => findStale(client, view, stale).catch(() => undefined)));
  return { tree: stale.size === 0 ? tree : { ...tree, root: rebuild(tree.root, stale) }, screens: screens.filter((s): s is ViewScreen => s !== undefined) };
}

function listViews(root: A11yNode): A11yNode[] {
  const views: A11yNode[] = [];
  const stack = [root];
  while (stack.length > 0) {
    const node = stack.pop() as A11yNode;
    if (node.attributes?.selects_items === 'true' && !node.zeroSize) views.push(node);
    stack.push(...node.children);
  }
  return views;
}

const placed = (row: A11yNode) => row.states.includes('visible') && row.zeroSize !== true;

/** Adds each stale row of the view to `stale`, as the row taking no room; the places of the others inside the view. */
async function findStale(client: AtspiClient, view: A11yNode, stale: Map<A11yNode, A11yNode>): Promise<ViewScreen | undefined> {
  const rows = view.children.filter(placed);
  if (rows.length < 2) return undefined;
  const viewRef = parseRef(view.ref);
  const owner = childOwner(view);
  const [vx, vy, vw, vh] = await client.extents(viewRef, COORD.window);
  const onScreen = new Map<A11yNode, Box>();
  await Promise.all(
    rows.map(async (row) => {
      const [x, y, w, h] = await client.extents(parseRef(row.ref), COORD.window);
      // The middle of the part of its place inside the view.
      const left = Math.max(x, vx);
      const top = Math.max(y, vy);
      const right = Math.min(x + w, vx + vw);
      const bottom = Math.min(y + h, vy + vh);
      // Laid out wholly outside the view (GTK keeps a row or two above and below it placed): a row
      // beyond the view too, or the list would start a row before the first one a person sees.
      if (right <= left || bottom <= top) {
        if (vw > 0 && vh > 0) stale.set(row, { ...row, zeroSize: true });
        return;
      }
      onScreen.set(row, { x, y, width: w, height: h });
      // A hit test that fails (an object gone meanwhile) says nothing of the row: it keeps its place.
      const there = await client
        .call(viewRef, IFACE.component, 'GetAccessibleAtPoint', 'iiu', [Math.round((left + right) / 2), Math.round((top + bottom) / 2), COORD.window])
        .then(([hit]) => rowOf(client, fromWire(hit), view, owner))
        .catch(() => undefined);
      if (there !== undefined && there !== row.ref) stale.set(row, { ...row, zeroSize: true });
    }),
  );
  return { view, place: { x: vx, y: vy, width: vw, height: vh }, onScreen: [...onScreen].filter(([row]) => !stale.has(row)).map(([, box]) => box) };
}

/** Every ref read under the view, mapped to the view's child that holds it. */
function childOwner(view: A11yNode): Map<string, string> {
  const owner = new Map<string, string>();
  for (const child of view.children) {
    const stack = [child];
    while (stack.length > 0) {
      const node = stack.pop() as A11yNode;
      owner.set(node.ref, child.ref);
      stack.push(...node.children);
    }
  }
  return owner;
}

/** The view's child a picked node is in; undefined when it is in none (the view itself, nothing). */
async function rowOf(client: AtspiClient, picked: ObjRef | null, view: A11yNode, owner: Map<string, string>): Promise<string | undefined> {
  // Nothing there: GTK 4.8 answers the null object while the view is not drawn yet (Nautilus
  // still loading a folder of 3,000 files), and then no row is moved out.
  let at = picked?.path === NULL_PATH ? null : picked;
  for (let step = 0; at && step < MAX_WALK; step++) {
    const ref = formatRef(at);
    if (ref === view.ref) return undefined;
    const row = owner.get(ref);
    if (row) return row;
    // Deeper than the tree was read (a budget cut): its parent, until a node that was.
    at = fromWire(await client.property(at, IFACE.accessible, 'Parent'));
  }
  return undefined;
}
