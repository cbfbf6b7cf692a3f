import type { A11yNode } from '../src/platform/probe.js';

/** The raw accessibility tree as JSON (role, name, text, states, bounds of every node): what "bytes against the raw tree" compares with. */
export function rawTreeJson(root: A11yNode): string {
  const map = (n: A11yNode): unknown => ({
    role: n.role,
    name: n.name,
    text: n.value ?? '',
    states: n.states,
    bounds: n.bounds ?? null,
    children: n.children.map(map),
  });
  return JSON.stringify(map(root));
}
