/**
 * Whether a node takes up no room on screen, where the toolkit's states do not say so. GTK 4
 * sets `showing` only on the window and keeps the insides of closed revealers (hidden info bars:
 * "Could Not Open File" with its Retry button), hidden tab bars and inactive stack pages
 * `visible`; Qt keeps tool buttons that overflow their tool bar and squeezed status bar labels
 * `visible` and `showing` at zero size, and tabified dock widgets at their size off the screen
 * (DB Browser for SQLite's "SQL Log", "Plot" and "DB Schema" docks). Only their size and place
 * tell. Other toolkits'
 * `showing` says it, and asking there is not free: GTK 3 tree views that are not realized print
 * a CRITICAL for every cell asked (measured on qalculate-gtk). Sizes change without events: the
 * incremental reader asks kept zero-size nodes again (incremental.ts).
 */
import type { AtspiClient } from './client.js';
import { COORD } from './names.js';
import { isGtk4, type ToolkitInfo } from './normalize.js';
import type { ObjRef } from './refs.js';
import { isQt } from './toolkitPolicy.js';

/** A `visible` node of GTK 4 or Qt (a node that is not `visible` is skipped anyway). */
export function wantsSize(toolkit: ToolkitInfo | undefined, states: readonly string[]): boolean {
  return (isGtk4(toolkit) || isQt(toolkit)) && states.includes('visible');
}

/**
 * The coordinates a size is read in. GTK 4 cannot place its widgets on the screen and warns
 * "Screen coordinates not supported" on every screen-coordinate call, while a size needs no
 * origin: window coordinates there. Qt 5 answers window coordinates with a wrong width or height
 * (pcmanfm-qt's icon view items come back 740 wide and -12 high, DB Browser for SQLite's
 * structure tree -371 wide) while its screen coordinates are right: screen coordinates there.
 */
export function sizeCoordsOf(toolkit: ToolkitInfo | undefined): number {
  return isQt(toolkit) ? COORD.screen : COORD.window;
}

/**
 * A rectangle that takes no room a person sees: no width or height, or laid out wholly left of
 * or above the origin (Qt moves tabified dock widgets there: DB Browser's hidden "Plot" dock
 * sits at x -724 with its own size, `visible` and `showing`).
 */
export function takesNoRoom([x, y, width, height]: readonly [number, number, number, number]): boolean {
  return width <= 0 || height <= 0 || x + width <= 0 || y + height <= 0;
}

export async function readZeroSize(client: AtspiClient, ref: ObjRef, toolkit: ToolkitInfo | undefined): Promise<boolean> {
  return takesNoRoom(await client.extents(ref, sizeCoordsOf(toolkit)));
}
