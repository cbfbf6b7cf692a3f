/** Looks in a pyatspi dump (coverage.ts pyatspiWindow): an independent reader's view of a window. */
import type { A11yNode } from '../../../../src/platform/probe.js';

/** Every node of the dump, depth first. */
export function dumpNodes(root: A11yNode): A11yNode[] {
  return [root, ...root.children.flatMap(dumpNodes)];
}

/** The nodes of a role that are on screen now (AT-SPI's `showing`). */
export function showingOfRole(root: A11yNode, role: string): A11yNode[] {
  return dumpNodes(root).filter((node) => node.role === role && node.states.includes('showing'));
}
