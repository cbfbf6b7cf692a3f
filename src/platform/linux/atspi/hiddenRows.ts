/**
 * Rows of a long GTK 4 list or grid view that are not laid out. GtkListView and GtkGridView
 * create rows only near the screen and give the others no size (Nautilus: 642 rows created for
 * 3,000 files, 16 on screen at the end of the folder); each row holds five or six objects more.
 * Their content is hidden (visibility.ts: a zero-size node shows nothing it holds), yet read
 * breadth first it took most of the node budget: with the view scrolled to its end, the rows on
 * screen are the view's last children and lost their labels to the cut, and the window read as
 * "only part of its content could be read". Such a row is read itself (its place, its states:
 * the view's count and stale places need them) but not what it holds; a row that gets a size is
 * read whole again (incremental.ts asks kept zero-size nodes for their size after each read).
 * Short views are read whole: a drop-down's closed list names its options in its rows.
 */
import { IFACE } from './names.js';
import { isGtk4, type ToolkitInfo } from './normalize.js';

/** Views with more rows than this are long enough for their hidden rows to cost the budget. */
export const LONG_VIEW_ROWS = 64;

/** Whether a node with these facts is a long GTK 4 item view (a GtkListBase: Selection, many children). */
export function isLongGtk4View(toolkit: ToolkitInfo | undefined, interfaces: ReadonlySet<string>, childCount: number): boolean {
  return isGtk4(toolkit) && interfaces.has(IFACE.selection) && childCount > LONG_VIEW_ROWS;
}
