/**
 * Closed menus kept between reads. LibreOffice's menu bars hold ~1,560 of a Calc window's ~2,600
 * nodes (every item of every closed menu), and each change re-reads the whole window: that was 60%
 * of every re-read, and the re-reads an action waits for took 1–6 s under load (docs/toolkits.md
 * "LibreOffice"). A closed menu's items are read once and reused while no event has named any
 * object of that menu since the read began; an event that arrives during a read names an object
 * after the read's start, so it is never lost. Applied where the toolkit policy says so
 * (`keepClosedMenus`): the app's menus are GTK widgets that report every change.
 */
import type { A11yNode } from '../../probe.js';

interface Kept {
  children: A11yNode[];
  /** The menu's ref and every ref below it. */
  refs: string[];
  nodes: number;
  /** Event sequence number when the read that produced it began. */
  since: number;
  at: number;
}

/** A kept menu is read again after this long even without events (a safety net for lost events). */
export const MAX_AGE_MS = 60_000;
/** Objects remembered with their last event; past this, everything kept is dropped. */
const MAX_NOTED = 20_000;

export class ClosedMenus {
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

  /** Whether the menu `ref` (role and states as just read) is kept and untouched: its children need no reading. */
  has(ref: string, role: string, states: readonly string[]): boolean {
    if (!isClosedMenu({ ref, role, name: '', states: [...states], children: [] }, false)) return false;
    const kept = this.kept.get(ref);
    if (!kept) return false;
    const touched = this.now() - kept.at > MAX_AGE_MS || kept.refs.some((r) => (this.lastEvent.get(r) ?? 0) > kept.since);
    if (touched) this.kept.delete(ref);
    return !touched;
  }

  /** Copies of a closed menu's children, if kept and untouched since; null to read them. */
  reuse(menu: A11yNode): { children: A11yNode[]; nodes: number } | null {
    if (!this.has(menu.ref, menu.role, menu.states)) return null;
    const kept = this.kept.get(menu.ref) as Kept;
    return { children: structuredClone(kept.children), nodes: kept.nodes };
  }

  /** Keeps every closed menu of a finished read (complete subtrees only). */
  keepFrom(root: A11yNode, since: number): void {
    const visit = (node: A11yNode) => {
      if (isClosedMenu(node, true) && complete(node)) {
        const refs: string[] = [];
        collectRefs(node, refs);
        this.kept.set(node.ref, { children: structuredClone(node.children), refs, nodes: refs.length - 1, since, at: this.now() });
        return;
      }
      for (const child of node.children) visit(child);
    };
    visit(root);
  }

  /** Events may have been lost (the bus went away): nothing kept can be trusted. */
  clear(): void {
    this.kept.clear();
    this.lastEvent.clear();
  }
}

/**
 * A menu that is not open: not selected or expanded itself and, once its children are known,
 * none of them on screen (an open menu's items are `showing`).
 */
function isClosedMenu(node: A11yNode, withChildren: boolean): boolean {
  if (node.role !== 'menu' || node.states.includes('selected') || node.states.includes('expanded')) return false;
  return !withChildren || (node.children.length > 0 && !node.children.some(showingBelow));
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
