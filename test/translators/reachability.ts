/**
 * Reachability of what a user sees: every visible label, value and button label of a window
 * (read from its tree without any translator) must be found in what the server publishes — a
 * block value, a field label, a table cell or an action's enum value.
 */
import type { Tool } from '@modelcontextprotocol/sdk/types.js';
import type { ProtocolWindow } from '../../src/protocol/schemas.js';
import type { A11yNode } from '../../src/platform/probe.js';
import { normalise, outputAtoms, visibleItems, type VisibleItem } from '../helpers/visibleContent.js';

/** A rule by which the generic rules drop a visible item on purpose. */
export interface DropContext {
  parentOf(node: A11yNode): A11yNode | undefined;
  window: ProtocolWindow;
}

export interface DropRule {
  reason: string;
  applies(item: VisibleItem, context: DropContext): boolean;
}

export interface Unreached {
  window: string;
  kind: string;
  text: string;
}

export function unreachedItems(root: A11yNode, window: ProtocolWindow, tools: Tool[], drops: DropRule[]): Unreached[] {
  const atoms = outputAtoms(window, tools);
  const parents = new Map<A11yNode, A11yNode>();
  const index = (n: A11yNode) => n.children.forEach((c) => (parents.set(c, n), index(c)));
  index(root);
  return visibleItems(root)
    .filter((item) => !drops.some((d) => d.applies(item, { parentOf: (n) => parents.get(n), window })))
    .filter((item) => {
      const text = normalise(item.text);
      return text !== '' && !atoms.some((a) => a === text || a.includes(text));
    })
    .map((item) => ({ window: window.title, kind: item.kind, text: item.text }));
}
