/**
 * Reads ahead for the tree reader. Breadth-first reading with a barrier per level (needed for a
 * deterministic budget cut) would cost a few round trips per level of depth; instead every node
 * read starts its children's reads as soon as its facts arrive, up to the node budget, and the
 * breadth-first assembly then finds most reads already done. Reads are shared by ref.
 */
import type { AtspiClient } from './client.js';
import { readFacts, readNode, type Facts, type ReadContext, type ReadNode } from './nodeReader.js';
import { formatRef, type ObjRef } from './refs.js';

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

  /** The node's read (started now, or earlier by a read-ahead); `parentRole` where known (nodeReader.ts). */
  read(ref: ObjRef, depth: number, parentRole?: string): Promise<ReadNode> {
    const key = formatRef(ref);
    const known = this.reads.get(key);
    if (known) return known;
    const facts = readFacts(this.ctx, ref);
    const read = readNode(this.ctx, ref, facts, parentRole);
    this.reads.set(key, read);
    read.catch(ignore); // read-ahead nobody asks for must not become an unhandled rejection
    facts.then((f) => this.leaveChildren(ref, f) || this.readAhead(ref, f, depth), ignore);
    return read;
  }

  /** All children of an ordinary container, listed once. */
  children(ref: ObjRef): Promise<ObjRef[]> {
    const key = formatRef(ref);
    let list = this.lists.get(key);
    if (!list) {
      const cached = this.ctx.childHints?.get(ref.path);
      list = cached ? Promise.resolve(cached) : this.client.children(ref);
      list.catch(ignore);
      this.lists.set(key, list);
    }
    return list;
  }

  private readAhead(ref: ObjRef, facts: Facts, depth: number): void {
    const { childCount } = facts;
    if (depth >= this.maxDepth || childCount <= 0 || childCount > LIST_LIMIT || this.reads.size >= this.limit) return;
    this.children(ref).then((refs) => {
      for (const child of refs) {
        if (this.reads.size >= this.limit) return;
        void this.read(child, depth + 1, facts.role);
      }
    }, ignore);
  }
}
