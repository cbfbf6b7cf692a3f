/**
 * Which parts of a readable window only pixels can tell: a terminal, a canvas or drawing area
 * without text, or a bare container the app paints itself (a Qt terminal widget is a filler with
 * only a scroll bar inside) — never a region the tree already reads. Trees carry no positions
 * (reading every node's extents would cost a call per node), so this is two steps: the tree's
 * shape names a few candidates and the password fields, then the caller reads just their
 * extents and `placeRegions` keeps those big enough and not covered by what the tree reads.
 */
import { isSecretNode, type A11yNode, type Rect } from '../probe.js';

export interface OpaqueRegion {
  /** In the window's own pixels (the captured picture). */
  box: Rect;
  /** The tree node the region is (absent for a window-only window). */
  ref?: string;
  /** What the region is, for the agent: "terminal", "drawing area", "window". */
  label: string;
}

export interface RegionCandidate {
  ref: string;
  label: string;
  /** Drawn by the app (terminal, canvas, drawing area), not a bare container. */
  drawn: boolean;
  /** Children whose extents count as covering the region (a container's scroll bar). */
  childRefs: string[];
}

export interface Candidates {
  candidates: RegionCandidate[];
  /** Password fields: blanked in the pixels, never read. */
  secretRefs: string[];
}

/** Roles the app draws itself: opaque unless they carry text of their own. */
const DRAWN_ROLES = new Set(['terminal', 'canvas', 'drawing_area']);
/** Containers that are opaque when all they hold is scrolling chrome. */
const BARE_CONTAINER_ROLES = new Set(['filler', 'panel', 'unknown', 'viewport', 'scroll_pane']);
const CHROME_ROLES = new Set(['scroll_bar', 'separator']);
const MIN_DRAWN = 40;
const MIN_CONTAINER = { width: 120, height: 80 };
/** A container whose children cover at most this share of it is painted by the app itself. */
const MAX_COVERED = 0.2;

export function opaqueCandidates(root: A11yNode): Candidates {
  const candidates: RegionCandidate[] = [];
  const secretRefs: string[] = [];
  const visit = (node: A11yNode) => {
    if (isSecretNode(node)) {
      secretRefs.push(node.ref);
      return;
    }
    const paintedView = paintedViewOf(node);
    if (node !== root && node.states.includes('showing') && (isCandidate(node) || paintedView)) {
      const drawn = DRAWN_ROLES.has(node.role);
      // A bare container's role says nothing to the agent ("filler"): it is an area the app paints.
      const label = drawn ? node.role.replace(/_/g, ' ') : 'painted area';
      // A painted view covers its viewport: it is the drawing, not what the tree reads over it.
      candidates.push({ ref: node.ref, label, drawn, childRefs: paintedView ? [] : node.children.map((c) => c.ref) });
      return;
    }
    for (const child of node.children) visit(child);
  };
  visit(root);
  return { candidates, secretRefs };
}

/**
 * The view of a scroll pane's viewport when it exposes nothing: a nameless, textless panel with no
 * children, alone in the viewport. Swing applications that paint their document in a scrolled view
 * of their own show it so (Freeplane's mind map is one 3248×1875 panel with no accessible child).
 * The viewport is the region (the part of the view on screen); the view is where keys go.
 */
export function paintedViewOf(viewport: A11yNode): A11yNode | undefined {
  if (viewport.role !== 'viewport' || viewport.children.length !== 1 || (viewport.childCount ?? 1) !== 1) return undefined;
  const view = viewport.children[0] as A11yNode;
  const empty = view.children.length === 0 && (view.childCount ?? 0) === 0;
  return view.role === 'panel' && empty && !view.name && !view.value && view.states.includes('showing') ? view : undefined;
}

function isCandidate(node: A11yNode): boolean {
  if (node.value || node.name || hasText(node.children)) return false;
  if ((node.childCount ?? node.children.length) !== node.children.length) return false;
  if (DRAWN_ROLES.has(node.role)) return true;
  return BARE_CONTAINER_ROLES.has(node.role) && node.children.length > 0 && node.children.every((c) => CHROME_ROLES.has(c.role));
}

/**
 * Whether any shown node below carries a name or text (then the tree reads that region). A
 * scroll bar's value is its position, not text; a hidden node (a closed find bar) shows nothing.
 */
function hasText(nodes: readonly A11yNode[]): boolean {
  return nodes.some((n) => n.states.includes('showing') && !CHROME_ROLES.has(n.role) && (Boolean(n.value) || Boolean(n.name) || hasText(n.children)));
}

/**
 * The candidates as regions of the window's picture: those big enough and not covered by their
 * children. `boundsOf` gives screen extents (null when unknown); `window` is the client area.
 */
export function placeRegions(
  candidates: readonly RegionCandidate[],
  boundsOf: (ref: string) => Rect | null,
  window: Rect,
  size: { width: number; height: number },
): OpaqueRegion[] {
  const regions: OpaqueRegion[] = [];
  for (const candidate of candidates) {
    const screen = boundsOf(candidate.ref);
    if (!screen) continue;
    const { drawn } = candidate;
    const min = drawn ? { width: MIN_DRAWN, height: MIN_DRAWN } : MIN_CONTAINER;
    if (screen.width < min.width || screen.height < min.height) continue;
    if (!drawn) {
      const covered = candidate.childRefs.reduce((sum, ref) => sum + area(intersect(boundsOf(ref), screen)), 0);
      if (covered > MAX_COVERED * area(screen)) continue;
    }
    const box = toWindow(screen, window, size);
    if (box) regions.push({ box, ref: candidate.ref, label: candidate.label });
  }
  return regions;
}

/** Screen extents → the window picture's pixels, clipped to it; null when outside. */
export function toWindow(screen: Rect, window: Rect, size: { width: number; height: number }): Rect | null {
  return intersect(
    { x: screen.x - window.x, y: screen.y - window.y, width: screen.width, height: screen.height },
    { x: 0, y: 0, width: size.width, height: size.height },
  );
}

const area = (r: Rect | null) => (r ? r.width * r.height : 0);

function intersect(a: Rect | null, b: Rect): Rect | null {
  if (!a) return null;
  const x = Math.max(a.x, b.x);
  const y = Math.max(a.y, b.y);
  const width = Math.min(a.x + a.width, b.x + b.width) - x;
  const height = Math.min(a.y + a.height, b.y + b.height) - y;
  return width > 0 && height > 0 ? { x, y, width, height } : null;
}
