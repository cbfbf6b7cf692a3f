/** What operability needs to know about a window; `order` grows with opening time. */
export interface TopologyWindow {
  id: string;
  appKey: string;
  modal: boolean;
  ownerId: string | null;
  order: number;
}

export interface Operability {
  /** P-OPER-3: the single authority, in `order` of opening. */
  operableWindowIds: string[];
  /** Applications collapsed by an application-level modal (P-OPER-2, D-4). */
  collapsedAppKeys: Set<string>;
}

/**
 * Computes the operable set.
 * - P-OPER-1: a window is operable when no modal window is attached to it (it is the top of its
 *   chain, or a non-modal window nobody blocks).
 * - P-OPER-2: an application-level modal (modal, no owner) collapses its application to that modal's
 *   chain; with nested application-level modals the newest one wins (§10.2).
 * - D-4: the collapse applies inside the modal's own application only.
 */
export function computeOperability(windows: readonly TopologyWindow[]): Operability {
  const blockedByChild = new Set<string>();
  for (const w of windows) if (w.modal && w.ownerId !== null) blockedByChild.add(w.ownerId);

  const newestAppModal = new Map<string, TopologyWindow>();
  for (const w of windows) {
    if (!w.modal || w.ownerId !== null) continue;
    const current = newestAppModal.get(w.appKey);
    if (!current || w.order > current.order) newestAppModal.set(w.appKey, w);
  }

  const chainOf = new Map<string, Set<string>>();
  for (const [appKey, modal] of newestAppModal) chainOf.set(appKey, descendants(modal.id, windows));

  const operable = windows
    .filter((w) => !blockedByChild.has(w.id))
    .filter((w) => chainOf.get(w.appKey)?.has(w.id) ?? true)
    .sort((a, b) => a.order - b.order)
    .map((w) => w.id);
  return { operableWindowIds: operable, collapsedAppKeys: new Set(newestAppModal.keys()) };
}

/** The window and everything attached to it through `ownerId`, cycle-safe. */
function descendants(rootId: string, windows: readonly TopologyWindow[]): Set<string> {
  const childrenOf = new Map<string, string[]>();
  for (const w of windows) {
    if (w.ownerId === null) continue;
    const list = childrenOf.get(w.ownerId) ?? [];
    list.push(w.id);
    childrenOf.set(w.ownerId, list);
  }
  const seen = new Set<string>([rootId]);
  const stack = [rootId];
  while (stack.length > 0) {
    const id = stack.pop() as string;
    for (const child of childrenOf.get(id) ?? []) {
      if (seen.has(child)) continue;
      seen.add(child);
      stack.push(child);
    }
  }
  return seen;
}
