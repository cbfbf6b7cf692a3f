/**
 * The one memo of the translator SDK: a pure reading of a window, computed once per tree. The
 * bridge makes a new tree object for every re-read, so a tree root is the identity of "this state
 * of the window". The bridge calls a translator's `read` once per state and passes the result to
 * `translate` and the actions' `input` and `available`; readers wrapped in `readOnce` let that
 * `read`, a `match.test` and an action's `run` (reading the state it acts on, or a later one)
 * share one reading of a tree — and agree on every name — without paying for it again.
 */
import type { A11yNode } from '../platform/probe.js';

/** `read(root)` once per tree root. */
export function readOnce<T>(read: (root: A11yNode) => T): (root: A11yNode) => T {
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
