/**
 * Window ↔ accessible matching. AT-SPI has no X window id and no dialog→owner link, X11 has no
 * accessibility tree: each X11 client window is paired with one AT-SPI top-level of the same
 * process by score (docs/linux-desktop-notes.md, "Window ↔ accessible matching", measured on 7
 * windows incl. two same-titled windows in one process):
 *   name = title +10 · dialog-ness agrees ±3 · modal agrees ±2 · both active +2 ·
 *   GTK3 origin exact (frame offset from window-coordinate extents) +5, size incl. frame +3 ·
 *   GTK4 (extents at 0,0, CSD margin) size within 12 px +1.
 * Greedy: best pairs first, each side used once, only positive scores. Pure: plain data in, out.
 */
import type { Rect } from '../probe.js';
import type { X11Window } from './x11/windows.js';

/** An AT-SPI top-level (a child of an application accessible), as the AT-SPI layer reads it. */
export interface AtspiTopLevel {
  ref: string;
  pid: number;
  role: string;
  name: string;
  states: string[];
  attributes: Record<string, string>;
  /** Component.GetExtents in screen coordinates (GTK3: includes the WM frame). */
  screenExtents: Rect | null;
  /** Component.GetExtents in window coordinates (GTK3: minus the frame offset). */
  windowExtents: Rect | null;
}

export interface WindowMatch {
  nativeId: string;
  xid: number;
  ref: string;
  score: number;
}

export interface Correlation {
  matches: WindowMatch[];
  /** Refs of top-levels no window was paired with (menus, popovers, windows not mapped yet). */
  unmatchedAccessibles: string[];
  /** Windows with no accessible (toolkits without AT-SPI, accessibility off). */
  unmatchedWindows: string[];
}

const DIALOG_ROLES = new Set(['dialog', 'file_chooser', 'alert', 'color_chooser', 'font_chooser']);
const EXACT_PX = 2;
const GTK4_SIZE_PX = 12;

/** Roles and states arrive in snake_case from our AT-SPI layer; accept AT-SPI's spaced names too. */
const norm = (word: string) => word.replace(/ /g, '_');

function isDialogAccessible(top: AtspiTopLevel): boolean {
  return DIALOG_ROLES.has(norm(top.role)) || top.attributes['window-type'] === 'dialog';
}

function geometryScore(top: AtspiTopLevel, window: X11Window): number {
  const screen = top.screenExtents;
  if (!screen) return 0;
  const frame = window.frameExtents ?? { left: 0, right: 0, top: 0, bottom: 0 };
  const origin = top.windowExtents ?? { x: 0, y: 0 };
  let score = 0;
  // GTK3: screen extents include the frame; window-coordinate extents are the frame offset.
  if (screen.x - origin.x === window.bounds.x && screen.y - origin.y === window.bounds.y) score += 5;
  const frameWidth = window.bounds.width + frame.left + frame.right;
  const frameHeight = window.bounds.height + frame.top + frame.bottom;
  if (Math.abs(screen.width - frameWidth) <= EXACT_PX && Math.abs(screen.height - frameHeight) <= EXACT_PX) score += 3;
  else if (Math.abs(screen.width - window.bounds.width) <= GTK4_SIZE_PX && Math.abs(screen.height - window.bounds.height) <= GTK4_SIZE_PX) score += 1;
  return score;
}

/** The pair's score, or null when the two cannot be the same window (different process). */
export function scorePair(top: AtspiTopLevel, window: X11Window): number | null {
  if (window.pid === null || top.pid !== window.pid) return null;
  const states = new Set(top.states.map(norm));
  let score = 0;
  if (top.name === window.title) score += 10;
  score += isDialogAccessible(top) === (window.windowType === 'dialog') ? 3 : -3;
  score += states.has('modal') === window.modal ? 2 : -2;
  if (states.has('active') && window.active) score += 2;
  return score + geometryScore(top, window);
}

export function correlateWindows(windows: X11Window[], toplevels: AtspiTopLevel[]): Correlation {
  const pairs: Array<{ window: X11Window; top: AtspiTopLevel; score: number }> = [];
  for (const window of windows) {
    for (const top of toplevels) {
      const score = scorePair(top, window);
      if (score !== null && score > 0) pairs.push({ window, top, score });
    }
  }
  // Best first; ties in input order (stable sort), so the result is deterministic.
  pairs.sort((a, b) => b.score - a.score);
  const usedWindows = new Set<number>();
  const usedRefs = new Set<string>();
  const matches: WindowMatch[] = [];
  for (const { window, top, score } of pairs) {
    if (usedWindows.has(window.xid) || usedRefs.has(top.ref)) continue;
    usedWindows.add(window.xid);
    usedRefs.add(top.ref);
    matches.push({ nativeId: window.nativeId, xid: window.xid, ref: top.ref, score });
  }
  return {
    matches,
    unmatchedAccessibles: toplevels.filter((top) => !usedRefs.has(top.ref)).map((top) => top.ref),
    unmatchedWindows: windows.filter((window) => !usedWindows.has(window.xid)).map((window) => window.nativeId),
  };
}
