import { describe, expect, test } from 'vitest';
import type { A11yNode } from '../../src/platform/probe.js';
import { applyBudget } from '../../src/platform/treeBudget.js';

const leaf = (ref: string): A11yNode => ({ ref, role: 'label', name: ref, states: [], children: [] });
const tree: A11yNode = {
  ref: 'root',
  role: 'frame',
  name: 'root',
  states: [],
  children: [
    { ...leaf('big'), role: 'list', children: Array.from({ length: 100 }, (_, i) => leaf(`item${i}`)) },
    { ...leaf('deep'), children: [{ ...leaf('d1'), children: [leaf('d2')] }] },
  ],
};

describe('applyBudget', () => {
  test('breadth-first node budget: a huge container cannot starve its siblings', () => {
    const cut = applyBudget(tree, { maxNodes: 10, maxDepth: 10 });
    expect(cut.nodeCount).toBe(10);
    expect(cut.truncated).toBe(true);
    expect(cut.root.children.map((c) => c.ref)).toEqual(['big', 'deep']);
    expect(cut.root.children[0]?.childCount).toBe(100);
  });

  test('depth budget marks the cut with childCount', () => {
    const cut = applyBudget(tree, { maxNodes: 1000, maxDepth: 2 });
    expect(cut.root.children[1]?.children[0]?.childCount).toBe(1);
    expect(cut.truncated).toBe(true);
  });

  test('a lazily realised container is not a budget cut', () => {
    const lazy: A11yNode = { ...leaf('t'), role: 'table', childCount: 50_000, children: [leaf('r0')] };
    const cut = applyBudget(lazy, { maxNodes: 1000, maxDepth: 10 });
    expect(cut).toMatchObject({ truncated: false, nodeCount: 2 });
    expect(cut.root.childCount).toBe(50_000);
  });
});
