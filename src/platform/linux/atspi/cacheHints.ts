/**
 * `Cache.GetItems`: one call returns role, name, description, states, interfaces and child count
 * of every object the application keeps in its cache. GTK4 lists every object; GTK3 misses list
 * items, labels and table cells (292 of gedit's 1007), so it is a hint that spares calls for the
 * objects it has, never a replacement for the walk.
 */
import type { AtspiClient } from './client.js';
import { CACHE_PATH } from './names.js';
import type { Facts } from './nodeReader.js';
import { roleName, stateNames } from './vocabulary.js';

/** at-spi2-core ≥ 2.34 item: a((so)(so)(so)iiassusau) = ref, app, parent, index, childCount, ifaces, name, role, description, states. */
const ITEM_FIELDS = 10;

export async function readCacheHints(client: AtspiClient, bus: string, timeoutMs: number): Promise<Map<string, Facts>> {
  const hints = new Map<string, Facts>();
  let items: unknown;
  try {
    [items] = await client.askingStates(bus, () => client.call({ bus, path: CACHE_PATH }, 'org.a11y.atspi.Cache', 'GetItems', '', [], timeoutMs));
  } catch {
    return hints; // no cache on this toolkit: every node is read by calls
  }
  if (!Array.isArray(items)) return hints;
  for (const item of items) {
    const facts = toFacts(item);
    if (facts) hints.set(facts.path, facts.facts);
  }
  return hints;
}

function toFacts(item: unknown): { path: string; facts: Facts } | null {
  if (!Array.isArray(item) || item.length !== ITEM_FIELDS) return null;
  const [ref, , , , childCount, interfaces, name, role, description, states] = item as unknown[];
  if (!Array.isArray(ref) || typeof ref[1] !== 'string') return null;
  return {
    path: ref[1],
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
