/**
 * What counts as shown: the OSWorld rule shared with the benchmark (`visible` and `showing`, or
 * `visible` alone in GTK4 trees, which never set `showing` below the frame). Rows and items of a
 * shown table or list count when `visible`: scrolled-out rows are content too.
 */
import type { A11yNode } from '../../src/platform/probe.js';
import { hasState } from '../../src/translate/tree.js';

export { isShown, showRuleOf, type ShowRule } from '../../src/translate/visibleContent.js';

export function isPresent(node: A11yNode): boolean {
  return hasState(node, 'visible');
}
