/**
 * `Cache.GetItems`: one call returns role, name, description, states, interfaces and child count
 * of every object the application keeps in its cache. GTK4 lists every object; GTK3 misses list
 * items, labels and table cells (292 of gedit's 1007), so it is a hint that spares calls for the
 * objects it has, never a replacement for the walk.
 *
 * Each item also names its parent and its index there. Where a cached object's children are all
 * in the cache (as many as its child count, indices 0…n−1 each once: 77 of gedit's 100 cached
 * containers), that is its child list, and its GetChildren call is spared too.
 */
import type { AtspiClient } from './client.js';
import { CACHE_PATH } from './names.js';
import type { Facts } from './nodeReader.js';
import type { ObjRef } from './refs.js';
import { roleName, stateNames } from './vocabulary.js';

/** at-spi2-core ≥ 2.34 item: a((so)(so)(so)iiassusau) = ref, app, parent, index, childCount, ifaces, name, role, description, states. */
const ITEM_FIELDS = 10;

export interface CacheHints {
  /** Facts by object path. */
  facts: Map<string, Facts>;
  /** Complete child lists by object path. */
  children: Map<string, ObjRef[]>;
}

export async function readCacheHints(client: AtspiClient, bus: string, timeoutMs: number): Promise<CacheHints> {
  const hints: CacheHints = { facts: new Map(), children: new Map() };
  let items: unknown;
  try {
    [items] = await client.askingStates(bus, () => client.call({ bus, path: CACHE_PATH }, 'org.a11y.atspi.Cache', 'GetItems', '', [], timeoutMs));
  } catch {
    return hints; // no cache on this toolkit: every node is read by calls
  }
  if (!Array.isArray(items)) return hints;
  const byParent = new Map<string, Array<{ index: number; path: string }>>();
  for (const item of items) {
    const facts = toFacts(item);
    if (!facts) continue;
    hints.facts.set(facts.path, facts.facts);
    const siblings = byParent.get(facts.parent) ?? [];
    siblings.push({ index: facts.index, path: facts.path });
    byParent.set(facts.parent, siblings);
  }
  for (const [parent, siblings] of byParent) {
    const count = hints.facts.get(parent)?.childCount ?? -1;
    if (count <= 0 || siblings.length !== count) continue;
    siblings.sort((a, b) => a.index - b.index);
    if (siblings.every((child, position) => child.index === position))
      hints.children.set(
        parent,
        siblings.map((child) => ({ bus, path: child.path })),
      );
  }
  return hints;
}

function toFacts(item: unknown): { path: string; parent: string; index: number; facts: Facts } | null {
  if (!Array.isArray(item) || item.length !== ITEM_FIELDS) return null;
  const [ref, , parent, index, childCount, interfaces, name, role, description, states] = item as unknown[];
  if (!Array.isArray(ref) || typeof ref[1] !== 'string') return null;
  return {
    path: ref[1],
    parent: Array.isArray(parent) && typeof parent[1] === 'string' ? parent[1] : '',
    index: Number(index),
    facts: {
      role: roleName(Number(role)),
      name: typeof name === 'string' ? name : '',
      description: typeof description === 'string' ? description : '',
      states: stateNames(Array.isArray(states) ? states.map(Number) : []),
      childCount: Number(childCount),
      interfaces: new Set(Array.isArray(interfaces) ? interfaces.map(String) : []),
    },
  };
}
