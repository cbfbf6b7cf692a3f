/**
 * Where the virtual pointer starts on a seat that has no other pointer (a headless session): on a
 * corner of the output layout that no window covers, not where the compositor's cursor happened to
 * be (on our headless sway: over the centred windows). Resting over a window, it hovers whatever
 * widget is there, as no person on that seat would: GTK 3 then shows a popup of the window (a
 * tooltip by every sign: it comes only with the pointer resting there), and a dialog closed
 * through AT-SPI while it shows takes GDK's "Tried to unmap the parent of a popup" path; measured
 * on sway: every accepted Save As dialog of gedit did, and in CI one such gedit lost its
 * compositor connection and exited (docs/wayland.md, Input).
 */
import type { Box } from './swayIpc.js';

const inside = (point: { x: number; y: number }, box: Box) =>
  point.x >= box.x && point.x < box.x + box.width && point.y >= box.y && point.y < box.y + box.height;

/** A corner of `layout` outside every window box, or null when windows cover all four. */
export function restingPoint(layout: Box, windows: Box[]): { x: number; y: number } | null {
  const right = layout.x + layout.width - 1;
  const bottom = layout.y + layout.height - 1;
  const corners = [
    { x: right, y: bottom },
    { x: layout.x, y: bottom },
    { x: right, y: layout.y },
    { x: layout.x, y: layout.y },
  ];
  return corners.find((corner) => !windows.some((box) => inside(corner, box))) ?? null;
}
