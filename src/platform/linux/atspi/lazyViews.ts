/**
 * GTK 4 list and grid views that create rows only near the screen: Nautilus on a folder of 3,000
 * files has 641 rows, the first ones and those around the view, and says nothing of how many files
 * there are nor of where a row sits. The view's vertical scroll bar does: GTK 4.8 gives the
 * content's height as its range's maximum (102,000 px for 750 rows of 136 px) and the content's
 * offset at the view's top as its value. With the row pitch and columns of the rows on screen
 * (stalePlaces.ts found them), they give how many items the view holds and the index of the first
 * one on screen (util/rowGrid.ts). A view that holds more than it created gets them as attributes,
 * on a copy of the tree: `items_at_least`, `items_at_most` and `items_from`, and what scrolls it
 * (the scroll bar's Value part and the grid: SCROLL_BY).
 *
 * The scroll bar is a sibling of the view (GtkScrolledWindow), often beyond what a big window's
 * read reached; it is found once per view (a few calls) and its value asked on each read (one).
 */
import { SCROLL_BY, type A11yNode, type WindowTree } from '../../probe.js';
import { gridOf, indexOf, itemsIn } from '../../../util/rowGrid.js';
import type { AtspiClient } from './client.js';
import { IFACE } from './names.js';
import { formatRef, fromWire, parseRef, type ObjRef } from './refs.js';
import type { ViewScreen } from './stalePlaces.js';
import { rebuild } from './treeCopy.js';
import { roleName } from './vocabulary.js';

/** Views whose scroll bar is remembered (a bigger count starts over). */
const MAX_REMEMBERED = 256;

/** Each view's scroll bar part that holds the Value (null: the view has none). */
export class ScrollValues {
  private readonly byView = new Map<string, ObjRef | null>();

  constructor(private readonly client: AtspiClient) {}

  /** The view's vertical scroll range and value, and the part that holds them; undefined when it has none, or it cannot be asked. */
  async of(view: string): Promise<{ max: number; value: number; holder: ObjRef } | undefined> {
    if (!this.byView.has(view)) {
      if (this.byView.size >= MAX_REMEMBERED) this.byView.clear();
      this.byView.set(view, await verticalValue(this.client, parseRef(view)).catch(() => null));
    }
    const holder = this.byView.get(view);
    if (!holder) return undefined;
    try {
      const values = await this.client.properties(holder, IFACE.value);
      const max = Number(values.MaximumValue);
      const value = Number(values.CurrentValue);
      return Number.isFinite(max) && Number.isFinite(value) ? { max, value, holder } : undefined;
    } catch {
      this.byView.delete(view); // gone or recreated: found again next time
      return undefined;
    }
  }
}

/** The part of the view's vertical scroll bar (a sibling) that has the Value interface. */
async function verticalValue(client: AtspiClient, view: ObjRef): Promise<ObjRef | null> {
  const parent = fromWire(await client.property(view, IFACE.accessible, 'Parent'));
  if (!parent) return null;
  for (const sibling of await client.children(parent)) {
    if (formatRef(sibling) === formatRef(view) || roleName(await client.role(sibling)) !== 'scroll_bar') continue;
    if (!(await client.states(sibling)).includes('vertical')) continue;
    for (const part of [sibling, ...(await client.children(sibling))]) {
      if ((await client.interfaces(part)).includes(IFACE.value)) return part;
    }
  }
  return null;
}

/**
 * The tree with each view that created fewer rows than it holds marked with its count and first
 * index; and the scroll value of each view that has a scroll bar (scrollWatch.ts watches them).
 */
export async function markLazyViews(
  values: ScrollValues,
  tree: WindowTree,
  screens: readonly ViewScreen[],
): Promise<{ tree: WindowTree; scrolls: Map<string, number> }> {
  const marks = new Map<string, Record<string, string>>();
  const scrolls = new Map<string, number>();
  await Promise.all(
    screens.map(async ({ view, place, onScreen }) => {
      const range = await values.of(view.ref);
      if (!range) return;
      scrolls.set(view.ref, range.value);
      const grid = gridOf(onScreen, place, range.value);
      if (!grid) return;
      const { atLeast, atMost } = itemsIn(range.max, grid);
      const created = Math.max(view.childCount ?? 0, view.children.length);
      if (atLeast <= created) return; // every row exists: the view reads as it is
      const from = Math.min(...onScreen.map((box) => indexOf(box, place, range.value, grid)));
      marks.set(view.ref, {
        items_at_least: String(atLeast),
        items_at_most: String(atMost),
        items_from: String(from),
        // Where each item sits in the content, and what scrolls it: the `scroll_list` tool.
        [SCROLL_BY.key]: formatRef(range.holder),
        [SCROLL_BY.pitch]: String(grid.pitch),
        [SCROLL_BY.first]: String(grid.first),
        [SCROLL_BY.columns]: String(grid.columns.length),
      });
    }),
  );
  if (marks.size === 0) return { tree, scrolls };
  const replacements = new Map<A11yNode, A11yNode>();
  const stack = [tree.root];
  while (stack.length > 0) {
    const node = stack.pop() as A11yNode;
    const mark = marks.get(node.ref);
    if (mark) replacements.set(node, { ...node, attributes: { ...node.attributes, ...mark } });
    else stack.push(...node.children);
  }
  return { tree: { ...tree, root: rebuild(tree.root, replacements) }, scrolls };
}
