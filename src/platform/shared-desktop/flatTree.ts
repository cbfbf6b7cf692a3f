/**
 * Both helpers send trees as flat lists in breadth-first order (`i` = index, `p` = parent index,
 * -1 for roots). This rebuilds the neutral nodes, dropping subtrees the platform mapping rejects
 * (window decorations that Linux trees do not have either).
 */
import type { A11yNode } from '../probe.js';

export interface FlatNode {
  i: number;
  p: number;
}

export interface Forest {
  roots: A11yNode[];
  nodeCount: number;
}

/**
 * `convert` returns null to drop a node together with its descendants; it also receives the
 * raw parent so that roles can depend on context (a cell inside a row).
 */
export function buildForest<T extends FlatNode>(flat: readonly T[], convert: (raw: T, parent: T | undefined) => A11yNode | null): Forest {
  const rawByIndex = new Map<number, T>();
  const built = new Map<number, A11yNode>();
  const roots: A11yNode[] = [];
  let nodeCount = 0;
  for (const raw of flat) {
    rawByIndex.set(raw.i, raw);
    const parentRaw = raw.p < 0 ? undefined : rawByIndex.get(raw.p);
    const parentNode = raw.p < 0 ? undefined : built.get(raw.p);
    // A parent that was dropped (or never sent) drops its whole subtree.
    if (raw.p >= 0 && !parentNode) continue;
    const node = convert(raw, parentRaw);
    if (!node) continue;
    built.set(raw.i, node);
    nodeCount++;
    if (parentNode) parentNode.children.push(node);
    else roots.push(node);
  }
  return { roots, nodeCount };
}
