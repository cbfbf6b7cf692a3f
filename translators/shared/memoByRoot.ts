/**
 * Memoises a pure reading of a window per tree root: translate, every action's `input` and
 * `available` read the same tree and must agree on every name (and not pay for it again).
 */
import type { A11yNode } from '../../src/platform/probe.js';

export function memoByRoot<T>(read: (root: A11yNode) => T): (root: A11yNode) => T {
  const cache = new WeakMap<A11yNode, { value: T }>();
  return (root) => {
    let entry = cache.get(root);
    if (!entry) {
      entry = { value: read(root) };
      cache.set(root, entry);
    }
    return entry.value;
  };
}
