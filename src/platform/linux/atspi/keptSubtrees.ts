/**
 * Subtrees nobody can see, kept between reads. Each change re-reads the whole window, and most of
 * a window's objects are out of sight:
 * - LibreOffice's menu bars hold ~1,560 of a Calc window's ~2,600 nodes (every item of every
 *   closed menu): 60% of every re-read, and the re-reads an action waits for took 1–6 s under
 *   load (docs/toolkits.md "LibreOffice");
 * - 322 of gedit's 526 objects sit in closed popovers (the highlight-mode list: 154 rows and
 *   their labels), and exactly those are missing from GTK 3's `Cache.GetItems`: each costs three
 *   or four calls, 70% of a read's calls (docs/toolkits.md "GTK 3").
 * A kept subtree's nodes are reused while no event has named any of them since the read that kept
 * them began; an event that arrives during a read names an object after the read's start, so it is
 * never lost. Its root is read afresh every time: once it shows (or, for a menu, opens), its
 * subtree is read again. Applied where the toolkit policy says its objects report every change
 * (`keepSubtrees`): GTK 3's accessibles (map/unmap, name, text, state and child changes all
 * signal) and LibreOffice's menus (GTK menus).
 */
import type { A11yNode } from '../../probe.js';

/** Which subtrees a toolkit's reads keep (toolkitPolicy.ts `keepSubtrees`). */
export type KeptKind = 'closed_menus' | 'hidden';

interface Kept {
  kind: KeptKind;
  children: A11yNode[];
  /** The subtree root's ref and every ref below it. */
  refs: string[];
  nodes: number;
  /** Event sequence number when the read that produced it began. */
  since: number;
  at: number;
}

/** A kept subtree is read again after this long even without events (a safety net for lost events). */
export const MAX_AGE_MS = 60_000;
/** Objects remembered with their last event; past this, everything kept is dropped. */
const MAX_NOTED = 20_000;

export class KeptSubtrees {
  private seq = 0;
  private readonly lastEvent = new Map<string, number>();
  private readonly kept = new Map<string, Kept>();

  constructor(private readonly now: () => number = Date.now) {}

  /** An event named this object (its source, or a child it added or removed). */
  noteEvent(ref: string): void {
    if (this.lastEvent.size >= MAX_NOTED) this.clear();
    this.lastEvent.set(ref, ++this.seq);
  }

  /** Marks the start of a read: what it keeps is valid from here. */
  begin(): number {
    return this.seq;
  }

  /** Whether the subtree at `ref` (role and states as just read) is kept and untouched: its children need no reading. */
  has(kind: KeptKind, ref: string, role: string, states: readonly string[]): boolean {
    const kept = this.kept.get(ref);
    if (!kept || kept.kind !== kind || !unseenRoot(kind, role, states)) return false;
    const touched = this.now() - kept.at > MAX_AGE_MS || kept.refs.some((r) => (this.lastEvent.get(r) ?? 0) > kept.since);
    if (touched) this.kept.delete(ref);
    return !touched;
  }

  /** Copies of a kept subtree's children, if kept and untouched since; null to read them. */
  reuse(kind: KeptKind, root: A11yNode): { children: A11yNode[]; nodes: number } | null {
    if (!this.has(kind, root.ref, root.role, root.states)) return null;
    const kept = this.kept.get(root.ref) as Kept;
    return { children: structuredClone(kept.children), nodes: kept.nodes };
  }

  /** Keeps every unseen subtree of a finished read (complete subtrees only, the topmost of nested ones). */
  keepFrom(kind: KeptKind, root: A11yNode, since: number): void {
    this.dropExpired(); // subtrees of closed windows are never asked for again
    const visit = (node: A11yNode) => {
      if (unseenSubtree(kind, node) && complete(node)) {
        const refs: string[] = [];
        collectRefs(node, refs);
        // A subtree this read reused keeps the age of its last real read: MAX_AGE_MS is a bound
        // on how long a copy is trusted, however often the window is read.
        const prior = this.kept.get(node.ref);
        const at = prior && prior.kind === kind ? prior.at : this.now();
        this.kept.set(node.ref, { kind, children: structuredClone(node.children), refs, nodes: refs.length - 1, since, at });
        return;
      }
      for (const child of node.children) visit(child);
    };
    visit(root);
  }

  /** How many subtrees are kept (tests). */
  get size(): number {
    return this.kept.size;
  }

  private dropExpired(): void {
    const now = this.now();
    for (const [ref, kept] of this.kept) if (now - kept.at > MAX_AGE_MS) this.kept.delete(ref);
  }

  /** Events may have been lost (the bus went away): nothing kept can be trusted. */
  clear(): void {
    this.kept.clear();
    this.lastEvent.clear();
  }
}

/**
 * Whether a subtree's root, as just read, may hold an unseen subtree: for `closed_menus` a menu
 * that is not selected or expanded (the menu itself may show, in its bar); otherwise a node that
 * is not showing.
 */
function unseenRoot(kind: KeptKind, role: string, states: readonly string[]): boolean {
  if (kind === 'closed_menus') return role === 'menu' && !states.includes('selected') && !states.includes('expanded');
  return !states.includes('showing');
}

/** A root as above whose read children are all off screen (an open menu's items are `showing`). */
function unseenSubtree(kind: KeptKind, node: A11yNode): boolean {
  return unseenRoot(kind, node.role, node.states) && node.children.length > 0 && !node.children.some(showingBelow);
}

function showingBelow(node: A11yNode): boolean {
  return node.states.includes('showing') || node.children.some(showingBelow);
}

/** No cut anywhere below (a budget or deadline cut leaves `childCount` on the node). */
function complete(node: A11yNode): boolean {
  return node.children.every((child) => child.childCount === undefined && complete(child));
}

function collectRefs(node: A11yNode, into: string[]): void {
  into.push(node.ref);
  for (const child of node.children) collectRefs(child, into);
}
