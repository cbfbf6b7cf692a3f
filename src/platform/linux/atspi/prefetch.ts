/**
 * Reads ahead for the tree reader. Breadth-first reading with a barrier per level (needed for a
 * deterministic budget cut) would cost a few round trips per level of depth; instead every node
 * read starts its children's reads as soon as its facts arrive, up to the node budget, and the
 * breadth-first assembly then finds most reads already done. Reads are shared by ref.
 */
import type { AtspiClient } from './client.js';
import { isLongGtk4View } from './hiddenRows.js';
import { childrenByIndex } from './missingChildren.js';
import { IFACE } from './names.js';
import { contextFor, readFacts, readNode, type Facts, type ReadContext, type ReadNode } from './nodeReader.js';
import { formatRef, type ObjRef } from './refs.js';
import { policyFor } from './toolkitPolicy.js';

/** Containers with more children than this are read child by child (GetChildAtIndex), never listed whole. */
export const LIST_LIMIT = 256;

const ignore = (): void => undefined;

export class Prefetcher {
  private readonly reads = new Map<string, Promise<ReadNode>>();
  private readonly lists = new Map<string, Promise<ObjRef[]>>();

  constructor(
    private readonly client: AtspiClient,
    private readonly ctx: ReadContext,
    /** Reads started ahead stop at this many (the node budget). */
    private readonly limit: number,
    private readonly maxDepth: number,
    /** Nodes whose children the walk will not ask for (a kept subtree, keptSubtrees.ts): nothing read ahead there. */
    private readonly leaveChildren: (ref: ObjRef, facts: Facts) => boolean = () => false,
  ) {}

  /**
   * The node's read (started now, or earlier by a read-ahead); `parentRole` where known
   * (nodeReader.ts). `rowOfLongView`: a row of a long GTK 4 view, whose children are read ahead
   * only once its size says it is laid out (hiddenRows.ts).
   */
  read(ref: ObjRef, depth: number, parentRole?: string, rowOfLongView = false): Promise<ReadNode> {
    const key = formatRef(ref);
    const known = this.reads.get(key);
    if (known) return known;
    const ctx = contextFor(this.ctx, ref);
    const facts = readFacts(ctx, ref);
    const read = readNode(ctx, ref, facts, parentRole);
    this.reads.set(key, read);
    read.catch(ignore); // read-ahead nobody asks for must not become an unhandled rejection
    const ahead = (f: Facts) => this.leaveChildren(ref, f) || this.readAhead(ref, f, depth);
    if (rowOfLongView) Promise.all([facts, read]).then(([f, r]) => r.node.zeroSize === true || ahead(f), ignore);
    else facts.then(ahead, ignore);
    return read;
  }

  /** Whether the children of a node with these facts are rows of a long GTK 4 view. */
  holdsLongViewRows(interfaces: ReadonlySet<string>, childCount: number): boolean {
    return isLongGtk4View(this.ctx.toolkit, interfaces, childCount);
  }

  /** Whether a node's children are asked one by one (a Qt table: missingChildren.ts). */
  byIndex(interfaces: ReadonlySet<string>): boolean {
    return interfaces.has(IFACE.table) && policyFor(this.ctx.toolkit).tableChildren === 'by_index';
  }

  /** All children of an ordinary container, listed once; `count` of them one by one when `byIndex`. */
  children(ref: ObjRef, byIndex?: { count: number }): Promise<ObjRef[]> {
    const key = formatRef(ref);
    let list = this.lists.get(key);
    if (!list) {
      const cached = contextFor(this.ctx, ref).childHints?.get(ref.path);
      list = cached ? Promise.resolve(cached) : byIndex ? childrenByIndex(this.client, ref, byIndex.count) : this.client.children(ref);
      list.catch(ignore);
      this.lists.set(key, list);
    }
    return list;
  }

  private readAhead(ref: ObjRef, facts: Facts, depth: number): void {
    const { childCount } = facts;
    if (depth >= this.maxDepth || childCount <= 0 || childCount > LIST_LIMIT || this.reads.size >= this.limit) return;
    this.children(ref, this.byIndex(facts.interfaces) ? { count: childCount } : undefined).then((refs) => {
      const rows = this.holdsLongViewRows(facts.interfaces, childCount);
      for (const child of refs) {
        if (this.reads.size >= this.limit) return;
        void this.read(child, depth + 1, facts.role, rows);
      }
    }, ignore);
  }
}
