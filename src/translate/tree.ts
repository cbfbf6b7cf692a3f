/** Small, pure helpers translators use to read platform-neutral trees. */
import type { A11yNode } from '../platform/probe.js';

export function findAll(root: A11yNode, test: (node: A11yNode) => boolean): A11yNode[] {
  const found: A11yNode[] = [];
  const stack = [root];
  while (stack.length > 0) {
    const node = stack.pop() as A11yNode;
    if (test(node)) found.push(node);
    for (let i = node.children.length - 1; i >= 0; i--) stack.push(node.children[i] as A11yNode);
  }
  return found;
}

export function findFirst(root: A11yNode, test: (node: A11yNode) => boolean): A11yNode | undefined {
  const stack = [root];
  while (stack.length > 0) {
    const node = stack.pop() as A11yNode;
    if (test(node)) return node;
    for (let i = node.children.length - 1; i >= 0; i--) stack.push(node.children[i] as A11yNode);
  }
  return undefined;
}

/** The nodes from `root` down to the node `ref`, both included; empty when it is not there. */
export function pathTo(root: A11yNode, ref: string): A11yNode[] {
  if (root.ref === ref) return [root];
  for (const child of root.children) {
    const below = pathTo(child, ref);
    if (below.length > 0) return [root, ...below];
  }
  return [];
}

export function indexByRef(root: A11yNode): Map<string, A11yNode> {
  const map = new Map<string, A11yNode>();
  for (const node of findAll(root, () => true)) map.set(node.ref, node);
  return map;
}

export function hasState(node: A11yNode, state: string): boolean {
  return node.states.includes(state);
}

/** Enabled for input: GTK reports both `enabled` and `sensitive`; either missing means greyed out. */
export function isEnabled(node: A11yNode): boolean {
  return hasState(node, 'enabled') || hasState(node, 'sensitive');
}

export function relationTargets(node: A11yNode, type: string): string[] {
  return node.relations?.filter((r) => r.type === type).flatMap((r) => r.targets) ?? [];
}

/** The visible label of a node: its labelled-by targets' names, else its own name. */
export function labelOf(node: A11yNode, index: Map<string, A11yNode>): string {
  const labels = relationTargets(node, 'labelled_by')
    .map((ref) => index.get(ref)?.name.trim())
    .filter((name): name is string => Boolean(name));
  return labels.length > 0 ? labels.join(' ') : node.name.trim();
}

/** Text of a node and its descendants' names, for containers such as info bars. */
export function textOf(node: A11yNode): string {
  const own = node.value ?? node.name;
  const parts = [own.trim(), ...node.children.map(textOf)].filter(Boolean);
  return parts.join(' ');
}
