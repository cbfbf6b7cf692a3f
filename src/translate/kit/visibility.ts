/**
 * What counts as shown: the OSWorld rule shared with the benchmark (`visible` and `showing`, or
 * `visible` alone in GTK4 trees, which never set `showing` below the frame), and never a node the
 * probe found taking no room on screen (`zeroSize`: GTK 4's hidden info bars and stack
 * pages stay `visible`). Rows and items of a shown table or list count when `visible`:
 * scrolled-out rows are content too.
 */
import { EMBEDDED, type A11yNode } from '../../platform/probe.js';
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

/**
 * Where another process's content is embedded (WebKitGTK's page under an AtkSocket, Yelp), the
 * socket, the embedded root and the web view's scroll pane say neither `visible` nor `showing`
 * while the page inside is `showing`: such a node says nothing about itself rather than "hidden",
 * and its children are judged one by one. Only there: elsewhere a node without those states is
 * hidden with all it holds (Qt keeps `showing` on the children of a hidden page).
 */
export function passesThrough(node: A11yNode, rule: ShowRule, inEmbedded: boolean): boolean {
  if (!rule.usesShowing || hasState(node, 'visible') || hasState(node, 'showing')) return false;
  return inEmbedded || isEmbedded(node) || node.children.some(isEmbedded);
}

export function isEmbedded(node: A11yNode): boolean {
  return node.attributes?.[EMBEDDED.key] === EMBEDDED.value;
}

export function isPresent(node: A11yNode): boolean {
  return hasState(node, 'visible') && node.zeroSize !== true;
}
