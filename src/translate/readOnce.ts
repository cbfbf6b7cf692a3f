/**
 * The one memo of the translator SDK: a pure reading of a window, computed once per tree. The
 * bridge makes a new tree object for every re-read, so a tree root is the identity of "this state
 * of the window": translate, every action's `input` and `available`, and `run` on the same tree
 * share one reading (and agree on every name) without paying for it again.
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

/**
 * `read(root, key)` once per tree root and key, for a reading that also depends on a fact outside
 * the tree (a window title can change while the tree object stays): the last key per root is kept.
 */
export function readOnceBy<T>(read: (root: A11yNode, key: string) => T): (root: A11yNode, key: string) => T {
  const cache = new WeakMap<A11yNode, { key: string; value: T }>();
  return (root, key) => {
    let entry = cache.get(root);
    if (!entry || entry.key !== key) {
      entry = { key, value: read(root, key) };
      cache.set(root, entry);
    }
    return entry.value;
  };
}
