/**
 * Where a node is on a Wayland screen, for a pointer click. Measured on sway 1.7:
 *   - XWayland clients (Qt 5/6 here) report X root coordinates, which are layout coordinates;
 *   - native GTK 3 and GTK 4 clients know no global position: their extents, in screen and
 *     window coordinates alike, are relative to their surface. The compositor places the
 *     surface's *window geometry* (sway IPC: the view's content rectangle), and a GTK 3 window
 *     with client-side decorations draws shadows around it, unevenly (gedit 43: 26 px left and
 *     right, 23 above, 29 below), that are part of the surface but not of the geometry.
 * The shadow's offset is taken from the window's accessible itself: its direct children
 * (header bar and content) cover exactly the geometry, while the frame covers the surface.
 */
import type { Rect } from '../../probe.js';
import type { Box } from './swayIpc.js';

/** Extents toolkits give hidden or unplaced nodes (GTK 3: INT32_MIN and 1×1; GTK: -1). */
export function placed(rect: Rect): boolean {
  return rect.width > 1 && rect.height > 1 && rect.x > -100_000 && rect.y > -100_000;
}

/**
 * Where the window geometry starts inside the surface, in the toolkit's coordinates: the
 * frame's own corner when it is as large as the geometry; else the corner of its children's
 * union when that is as large; else the shadow split evenly.
 */
export function geometryOrigin(frame: Rect, children: Rect[], content: Box): { x: number; y: number } {
  const near = (a: number, b: number) => Math.abs(a - b) <= 2;
  if (near(frame.width, content.width) && near(frame.height, content.height)) return { x: frame.x, y: frame.y };
  const shown = children.filter(placed);
  if (shown.length > 0) {
    const x = Math.min(...shown.map((r) => r.x));
    const y = Math.min(...shown.map((r) => r.y));
    const width = Math.max(...shown.map((r) => r.x + r.width)) - x;
    const height = Math.max(...shown.map((r) => r.y + r.height)) - y;
    if (near(width, content.width) && near(height, content.height)) return { x, y };
  }
  return { x: frame.x + Math.round((frame.width - content.width) / 2), y: frame.y + Math.round((frame.height - content.height) / 2) };
}

/** The node's centre on the output layout, checked to lie inside its window's content. */
export function layoutPoint(node: Rect, content: Box, origin: { x: number; y: number } | null): { x: number; y: number } {
  if (!placed(node)) throw new Error('the node is not on screen (hidden, or not laid out): there is nothing to click');
  const centreX = Math.round(node.x + node.width / 2);
  const centreY = Math.round(node.y + node.height / 2);
  // Null origin: the node's coordinates are already the layout's (XWayland).
  const point = origin ? { x: content.x + centreX - origin.x, y: content.y + centreY - origin.y } : { x: centreX, y: centreY };
  const inside = point.x >= content.x && point.x < content.x + content.width && point.y >= content.y && point.y < content.y + content.height;
  if (!inside) throw new Error('the node lies outside its window’s visible area (scrolled away?): it cannot be clicked');
  return point;
}
