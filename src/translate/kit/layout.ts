/**
 * Geometry and order. GTK reports unmapped nodes at -2^31; the Linux probe leaves bounds out by
 * default (extents cost a call per node), so every rule here has an answer without geometry.
 */
import type { A11yNode, Rect } from '../../platform/probe.js';

export function usableBounds(bounds: Rect | undefined): bounds is Rect {
  return bounds !== undefined && bounds.width > 0 && bounds.height > 0 && bounds.x > -1e6 && bounds.y > -1e6;
}

/**
 * A container that starts with a control and ends with a label lists its rows bottom-up, each
 * control before its label: GTK3 grids hand out their children in reverse order of insertion
 * (zenity's forms, the Save As name row).
 */
export function listsInReverse(children: A11yNode[]): boolean {
  return children.length > 1 && children[0]?.role !== 'label' && children[children.length - 1]?.role === 'label';
}

/**
 * Items top to bottom, then left to right within a row, when every item has usable bounds.
 * Otherwise tree order, with reversed containers (see listsInReverse) read the other way round.
 */
export function inReadingOrder<T>(items: T[], nodeOf: (item: T) => A11yNode, parents: Map<string, A11yNode>): T[] {
  if (items.every((i) => usableBounds(nodeOf(i).bounds))) {
    return [...items].sort((a, b) => compareRects(nodeOf(a).bounds as Rect, nodeOf(b).bounds as Rect));
  }
  const keys = new Map(items.map((i) => [i, treeKey(nodeOf(i), parents)]));
  return [...items].sort((a, b) => compareKeys(keys.get(a) as number[], keys.get(b) as number[]));
}

function treeKey(node: A11yNode, parents: Map<string, A11yNode>): number[] {
  const key: number[] = [];
  for (let child = node, parent = parents.get(node.ref); parent; child = parent, parent = parents.get(parent.ref)) {
    const at = parent.children.indexOf(child);
    key.unshift(listsInReverse(parent.children) ? parent.children.length - 1 - at : at);
  }
  return key;
}

function compareKeys(a: number[], b: number[]): number {
  for (let i = 0; i < Math.min(a.length, b.length); i++) if (a[i] !== b[i]) return (a[i] as number) - (b[i] as number);
  return a.length - b.length;
}

function compareRects(a: Rect, b: Rect): number {
  const middleA = a.y + a.height / 2;
  const middleB = b.y + b.height / 2;
  const sameRow = Math.abs(middleA - middleB) < Math.min(a.height, b.height) / 2;
  return sameRow ? a.x - b.x : middleA - middleB;
}
