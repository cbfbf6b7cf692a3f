/**
 * Whether a node takes up no room on screen, where the toolkit's states do not say so. GTK 4
 * sets `showing` only on the window and keeps the insides of closed revealers (hidden info bars:
 * "Could Not Open File" with its Retry button), hidden tab bars and inactive stack pages
 * `visible`; Qt keeps tabified dock widgets, tool buttons that overflow their tool bar and
 * squeezed status bar labels `visible` and `showing` at zero size (DB Browser for SQLite's "SQL
 * Log", "Plot" and "DB Schema" docks). Only their zero width or height tells. Other toolkits'
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
 * Window-relative extents: GTK 4 cannot place its widgets on the screen and warns "Screen
 * coordinates not supported" on every screen-coordinate call, while a size needs no origin.
 */
export async function readZeroSize(client: AtspiClient, ref: ObjRef): Promise<boolean> {
  const [, , width, height] = await client.extents(ref, COORD.window);
  return width <= 0 || height <= 0;
}
