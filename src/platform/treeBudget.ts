import type { A11yNode, TreeBudget } from './probe.js';

export interface BudgetedTree {
  root: A11yNode;
  nodeCount: number;
  truncated: boolean;
}

/**
 * Cuts an in-memory tree to a node and depth budget, breadth-first so that a huge container deep
 * in the tree cannot starve its siblings. A cut node keeps `childCount` so the cut stays visible.
 */
export function applyBudget(root: A11yNode, budget: Pick<TreeBudget, 'maxNodes' | 'maxDepth'>): BudgetedTree {
  let nodeCount = 1;
  let truncated = false;
  const copy: A11yNode = { ...root, children: [] };
  const queue: Array<{ source: A11yNode; target: A11yNode; depth: number }> = [{ source: root, target: copy, depth: 0 }];
  for (let head = 0; head < queue.length; head++) {
    const { source, target, depth } = queue[head] as (typeof queue)[number];
    const fullCount = source.childCount ?? source.children.length;
    if (depth >= budget.maxDepth) {
      if (fullCount > 0) {
        target.childCount = fullCount;
        truncated = true;
      }
      continue;
    }
    for (const child of source.children) {
      if (nodeCount >= budget.maxNodes) break;
      const childCopy: A11yNode = { ...child, children: [] };
      target.children.push(childCopy);
      nodeCount++;
      queue.push({ source: child, target: childCopy, depth: depth + 1 });
    }
    if (target.children.length < fullCount) {
      target.childCount = fullCount;
      // A lazily realised container (childCount set by the platform) is not a budget cut.
      if (target.children.length < source.children.length) truncated = true;
    }
  }
  return { root: copy, nodeCount, truncated };
}

/** Depth-first visit of every node. */
export function visitTree(root: A11yNode, visit: (node: A11yNode, depth: number) => void, depth = 0): void {
  visit(root, depth);
  for (const child of root.children) visitTree(child, visit, depth + 1);
}
