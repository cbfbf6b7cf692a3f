/**
 * Which parts of a window only pixels can tell: the whole window when the platform reads nothing
 * of it (window-only), else the tree's opaque regions — a terminal, a canvas or drawing area
 * without text, a bare container the app paints itself (a Qt terminal widget, a word processor's
 * page) — and never a region the tree already reads. Password fields are listed apart, so that
 * their pixels are blanked before anything is read. Pure: a tree and the window's bounds in.
 */
import { isSecretNode, isWindowOnly, type A11yNode, type Rect } from '../probe.js';

export interface OpaqueRegion {
  /** In the window's own pixels (the captured picture). */
  box: Rect;
  /** The tree node the region is (absent for a window-only window). */
  ref?: string;
  /** What the region is, for the agent: "terminal", "drawing area", "window". */
  label: string;
}

export interface RegionPlan {
  regions: OpaqueRegion[];
  /** Password fields in the window's pixels: blanked, never read. */
  secrets: Rect[];
}

/** Roles the app draws itself: opaque unless they carry text of their own. */
const DRAWN_ROLES = new Set(['terminal', 'canvas', 'drawing_area']);
/** Containers that are opaque only when nothing the tree reads covers them. */
const BARE_CONTAINER_ROLES = new Set(['filler', 'panel', 'unknown', 'document_frame', 'viewport', 'scroll_pane']);
const MIN_DRAWN = 40;
const MIN_CONTAINER = { width: 120, height: 80 };
/** A container whose children cover at most this share of it is painted by the app itself. */
const MAX_COVERED = 0.2;

export function planRegions(root: A11yNode, window: Rect | null, size: { width: number; height: number }): RegionPlan {
  if (isWindowOnly(root)) return { regions: [{ box: { x: 0, y: 0, ...size }, label: 'window' }], secrets: [] };
  if (!window) return { regions: [], secrets: [] };
  const regions: OpaqueRegion[] = [];
  const secrets: Rect[] = [];
  const local = (r: Rect): Rect => clip({ x: r.x - window.x, y: r.y - window.y, width: r.width, height: r.height }, size);
  const visit = (node: A11yNode) => {
    if (isSecretNode(node) && node.bounds) {
      secrets.push(local(node.bounds));
      return;
    }
    if (node.bounds && isOpaque(node)) {
      const box = local(node.bounds);
      if (box.width > 0 && box.height > 0) regions.push({ box, ref: node.ref, label: node.role.replace(/_/g, ' ') });
      return;
    }
    for (const child of node.children) visit(child);
  };
  visit(root);
  return { regions, secrets };
}

function isOpaque(node: A11yNode): boolean {
  const bounds = node.bounds as Rect;
  if (node.value || node.name || hasText(node.children)) return false;
  if (DRAWN_ROLES.has(node.role)) return bounds.width >= MIN_DRAWN && bounds.height >= MIN_DRAWN;
  if (!BARE_CONTAINER_ROLES.has(node.role) || bounds.width < MIN_CONTAINER.width || bounds.height < MIN_CONTAINER.height) return false;
  const covered = node.children.reduce((sum, child) => sum + area(child.bounds && intersect(child.bounds, bounds)), 0);
  return covered <= MAX_COVERED * area(bounds) && (node.childCount ?? node.children.length) === node.children.length;
}

/** Whether any node below carries a name or text (then the tree reads that region). */
function hasText(nodes: readonly A11yNode[]): boolean {
  return nodes.some((n) => Boolean(n.value) || (Boolean(n.name) && hasArea(n.bounds)) || hasText(n.children));
}

const hasArea = (r: Rect | undefined) => Boolean(r && r.width > 1 && r.height > 1);
const area = (r: Rect | undefined | null) => (r ? Math.max(0, r.width) * Math.max(0, r.height) : 0);

function intersect(a: Rect, b: Rect): Rect | null {
  const x = Math.max(a.x, b.x);
  const y = Math.max(a.y, b.y);
  const width = Math.min(a.x + a.width, b.x + b.width) - x;
  const height = Math.min(a.y + a.height, b.y + b.height) - y;
  return width > 0 && height > 0 ? { x, y, width, height } : null;
}

function clip(r: Rect, size: { width: number; height: number }): Rect {
  return intersect(r, { x: 0, y: 0, ...size }) ?? { x: r.x, y: r.y, width: 0, height: 0 };
}
