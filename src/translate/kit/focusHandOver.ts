/**
 * Where the keyboard focus goes after a field was written, for toolkits that hand a field's text
 * to the app only when it loses the focus (Swing): the object that holds the focus now (the table
 * whose row the agent opened), else the next control a Tab would reach after the field, else the
 * one before it. Never the field itself, its parts, or what contains it.
 */
import type { A11yNode } from '../../platform/probe.js';
import { hasState, isEnabled, pathTo } from '../tree.js';
import { isPresent } from './visibility.js';

export function focusAfterWriting(root: A11yNode, field: A11yNode): string | undefined {
  const order: A11yNode[] = [];
  // Index in `order` of the first control after the field; -1 while the field is not met.
  let fieldAt = -1;
  const ancestors = new Set(pathTo(root, field.ref).map((n) => n.ref));
  const walk = (node: A11yNode, insideField: boolean) => {
    const isField = node.ref === field.ref;
    if (isField) fieldAt = order.length;
    if (!isField && !insideField && !ancestors.has(node.ref) && isPresent(node) && isEnabled(node) && hasState(node, 'focusable')) order.push(node);
    for (const child of node.children) walk(child, insideField || isField);
  };
  walk(root, false);
  const focused = order.find((n) => hasState(n, 'focused'));
  if (focused) return focused.ref;
  return fieldAt < 0 ? undefined : (order[fieldAt] ?? order[fieldAt - 1])?.ref;
}
