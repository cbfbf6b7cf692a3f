/**
 * A tree with some nodes replaced, copied along the paths to them only: the rest is shared with
 * the original, which stays as it was (the incremental reader's kept trees).
 */
import type { A11yNode } from '../../probe.js';

export function rebuild(node: A11yNode, replacements: ReadonlyMap<A11yNode, A11yNode>): A11yNode {
  const replacement = replacements.get(node);
  const base = replacement ?? node;
  let changed = false;
  const children = base.children.map((child) => {
    const next = rebuild(child, replacements);
    if (next !== child) changed = true;
    return next;
  });
  if (!changed) return base;
  return { ...base, children };
}
