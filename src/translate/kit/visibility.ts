/**
 * What counts as shown: the OSWorld rule shared with the benchmark (`visible` and `showing`, or
 * `visible` alone in GTK4 trees, which never set `showing` below the frame), and never a node the
 * probe found taking no room on screen (`zeroSize`: GTK 4's hidden info bars and stack
 * pages stay `visible`). Rows and items of a shown table or list count when `visible`:
 * scrolled-out rows are content too.
 */
import type { A11yNode } from '../../platform/probe.js';
import { hasState } from '../tree.js';

export interface ShowRule {
  /** False for toolkits that never set `showing` below the window (GTK4). */
  usesShowing: boolean;
}

export function showRuleOf(root: A11yNode): ShowRule {
  const stack = [...root.children];
  while (stack.length > 0) {
    const node = stack.pop() as A11yNode;
    if (node.states.includes('showing')) return { usesShowing: true };
    stack.push(...node.children);
  }
  return { usesShowing: false };
}

export function isShown(node: A11yNode, rule: ShowRule): boolean {
  return isPresent(node) && (!rule.usesShowing || node.states.includes('showing'));
}

export function isPresent(node: A11yNode): boolean {
  return hasState(node, 'visible') && node.zeroSize !== true;
}
