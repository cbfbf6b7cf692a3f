/**
 * Incremental window reads. A full read of a large window costs tens of milliseconds, while the
 * events behind a typical change name one object (a text change, a state flip). This keeps each
 * window's last tree as the application reported it (before names are taken from content) and
 * re-reads only what the events since then touched (touches.ts): single objects, or the subtree of
 * an object whose children changed. Anything it cannot bound exactly — no previous read, a budget
 * cut, a late application, a touched object it does not know, a table or status bar, a child
 * count that moved without an event — is a full read, as before.
 *
 * Consistency check: a window read incrementally is read again in full once it has been quiet
 * for a moment (`verifyAfterMs`); the bridge publishes that read like any other, so a difference
 * is fixed up within that delay and counted in `stats.mismatches`.
 */
import { EMBEDDED, type A11yNode, type TreeBudget, type WindowTree } from '../../probe.js';
import type { AtspiClient } from './client.js';
import { readZeroSize } from './sizes.js';
import { LayoutWatch } from './layoutWatch.js';
import { ShowingWatch } from './showingWatch.js';
import { policyFor } from './toolkitPolicy.js';
import { readNode, type ReadContext } from './nodeReader.js';
import { namedFromContent, type ToolkitInfo } from './normalize.js';
import { shows } from './echo.js';
import { parseRef } from './refs.js';
import { ADOPTED } from './statusBars.js';
import type { TouchScope, TouchSet } from './touches.js';
import { DEFAULT_MAX_TEXT, readRawTree, type TreeReadOptions } from './treeReader.js';
import { rebuild } from './treeCopy.js';

/** Quiet time after an incremental read before the full read that checks it. */
export const VERIFY_AFTER_MS = 500;

interface Kept {
  /** The raw tree (mutated in place by splices; never handed out). */
  tree: WindowTree;
  budgetKey: string;
  /** Some part of it came from incremental reads since the last full read. */
  spliced: boolean;
}

interface Located {
  node: A11yNode;
  parent: A11yNode | null;
  depth: number;
}

type Target = Located & { scope: TouchScope };

export interface IncrementalStats {
  full: number;
  partial: number;
  /** Full reads that followed incremental ones, and how many of those found a difference. */
  verified: number;
  mismatches: number;
  /** Where the last difference was: "ref: field", for diagnostics. */
  lastMismatch?: string;
}

/** Raised inside a partial read when only a full read can give the right answer. */
class NeedsFullRead extends Error {}

export class IncrementalTrees {
  private readonly kept = new Map<string, Kept>();
  private readonly verifyTimers = new Map<string, NodeJS.Timeout>();
  /** Top-levels whose check was asked for and not read yet. */
  private readonly checking = new Set<string>();
  /** The read of each top-level under way (reads of one window run one after another). */
  private readonly reading = new Map<string, Promise<unknown>>();
  readonly stats: IncrementalStats = { full: 0, partial: 0, verified: 0, mismatches: 0 };
  /** Parts kept as taking no room, asked again after a read (layoutWatch.ts). */
  readonly layout: LayoutWatch;
  /** Gecko windows' `showing`, asked again after a read (showingWatch.ts). */
  readonly showing: ShowingWatch;

  constructor(
    private readonly client: AtspiClient,
    /** Asks for a full read of `top` (the check); the caller's change feed makes it happen. */
    private readonly verify: (top: string) => void,
    /** What events about `top` said since its read began: differences they explain are no mismatch. */
    private readonly touchedSince: (top: string) => ReadonlyMap<string, TouchScope>,
    private readonly verifyAfterMs = VERIFY_AFTER_MS,
    layoutDelays?: readonly number[],
    showingDelays?: readonly number[],
  ) {
    this.layout = new LayoutWatch((ref, toolkit) => readZeroSize(this.client, parseRef(ref), toolkit), verify, layoutDelays);
    this.showing = new ShowingWatch(async (ref) => (await this.client.states(parseRef(ref))).includes('showing'), verify, showingDelays);
  }

  /**
   * The window's tree, re-reading only what `touches` name when the last tree allows it.
   * Returns the tree to publish (names filled in from content) and the parts actually read.
   */
  read(top: string, budget: TreeBudget, touches: TouchSet, options: TreeReadOptions): Promise<{ tree: WindowTree; read: A11yNode[] }> {
    // One read per window at a time: two splices of one kept tree would each rebuild it from the
    // nodes they planned on, and the later would drop what the earlier put in.
    const previous = this.reading.get(top) ?? Promise.resolve();
    const next = previous.catch(() => undefined).then(() => this.readNow(top, budget, touches, options));
    const settled = next.catch(() => undefined);
    this.reading.set(top, settled);
    void settled.then(() => {
      if (this.reading.get(top) === settled) this.reading.delete(top);
    });
    return next;
  }

  private async readNow(top: string, budget: TreeBudget, touches: TouchSet, options: TreeReadOptions): Promise<{ tree: WindowTree; read: A11yNode[] }> {
    const kept = this.kept.get(top);
    const budgetKey = JSON.stringify(budget);
    const targets = kept && kept.budgetKey === budgetKey ? planTargets(kept.tree, touches) : null;
    if (kept && targets) {
      try {
        const { read, changed } = await this.splice(kept.tree, targets, budget, options);
        this.stats.partial++;
        // Only a change needs checking: re-reads that find nothing new (GTK3 check items announce
        // their state when it is read, so every full read is followed by one) must not start
        // another full read each time.
        if (changed) {
          kept.spliced = true;
          this.scheduleVerify(top);
        }
        this.watchSilentChanges(top, kept.tree, options);
        return { tree: named(kept.tree), read };
      } catch {
        this.kept.delete(top); // a splice may have begun: a full read decides
      }
    }
    return this.full(top, budget, budgetKey, touches, options);
  }

  /** Forgets every kept tree (the bus went away: events may have been lost). */
  clear(): void {
    this.kept.clear();
    this.checking.clear();
    this.layout.clear();
    this.showing.clear();
    for (const timer of this.verifyTimers.values()) clearTimeout(timer);
    this.verifyTimers.clear();
  }

  /** Keeps only these top-levels' trees (the others' windows are gone). */
  retain(tops: ReadonlySet<string>): void {
    for (const top of [...this.kept.keys()]) {
      if (tops.has(top)) continue;
      this.kept.delete(top);
      this.checking.delete(top);
      this.layout.forget(top);
      this.showing.forget(top);
      clearTimeout(this.verifyTimers.get(top));
      this.verifyTimers.delete(top);
    }
  }

  private async full(
    top: string,
    budget: TreeBudget,
    budgetKey: string,
    touches: TouchSet,
    options: TreeReadOptions,
  ): Promise<{ tree: WindowTree; read: A11yNode[] }> {
    const previous = this.kept.get(top);
    const check = this.checking.delete(top) && previous?.spliced === true && previous.budgetKey === budgetKey && touches.refs.size === 0;
    clearTimeout(this.verifyTimers.get(top));
    this.verifyTimers.delete(top);
    this.kept.delete(top);
    const tree = await readRawTree(this.client, parseRef(top), budget, options);
    this.stats.full++;
    // A check is the full read asked for after incremental ones, with no event before it; what
    // events during it announced (GTK3 check items answer a state read with one) is not counted.
    if (check && previous) {
      this.stats.verified++;
      const difference = firstDifference(previous.tree.root, tree.root, this.touchedSince(top));
      if (difference) {
        this.stats.mismatches++;
        this.stats.lastMismatch = difference;
      }
    }
    this.kept.set(top, { tree, budgetKey, spliced: false });
    this.watchSilentChanges(top, tree, options);
    return { tree: named(tree), read: [tree.root] };
  }

  /** What the toolkit may change without an event, asked again after this read. */
  private watchSilentChanges(top: string, tree: WindowTree, options: TreeReadOptions): void {
    this.layout.watchParts(top, zeroSizeRefs(tree.root), options.toolkit);
    if (policyFor(options.toolkit).silentShowing) this.showing.watchTree(top, tree.root);
  }

  private scheduleVerify(top: string): void {
    clearTimeout(this.verifyTimers.get(top));
    const timer = setTimeout(() => {
      this.verifyTimers.delete(top);
      this.checking.add(top);
      this.verify(top);
    }, this.verifyAfterMs);
    timer.unref();
    this.verifyTimers.set(top, timer);
  }

  private async checkHiddenSizes(tree: WindowTree, toolkit: ToolkitInfo | undefined): Promise<void> {
    const sizes = await Promise.all(zeroSizeRefs(tree.root).map((ref) => readZeroSize(this.client, parseRef(ref), toolkit).catch(() => true)));
    if (sizes.includes(false)) throw new NeedsFullRead('a hidden part was laid out');
  }

  /** Re-reads the targets and splices them into `tree`; all or nothing. */
  private async splice(tree: WindowTree, targets: Target[], budget: TreeBudget, options: TreeReadOptions): Promise<{ read: A11yNode[]; changed: boolean }> {
    const ctx: ReadContext = {
      client: this.client,
      bus: options.appBus,
      toolkit: options.toolkit,
      hints: new Map(),
      maxTextLength: options.maxTextLength ?? DEFAULT_MAX_TEXT,
      bounds: options.bounds ?? false,
      thorough: options.thorough,
    };
    const started = Date.now();
    const reads = Promise.all(
      targets.map(async (target) => {
        if (target.scope === 'node') {
          const read = await readNode(ctx, parseRef(target.node.ref), undefined, target.parent?.role);
          if (holdsUnread(target.node)) {
            // A hidden row of a long view (hiddenRows.ts): laid out now, what it holds is to be read.
            if (read.node.zeroSize !== true) throw new NeedsFullRead('a hidden row was laid out');
            if (read.childCount !== target.node.childCount) throw new NeedsFullRead('children moved without an event');
            read.node.childCount = read.childCount;
          } else if (read.childCount !== ownChildren(target.node)) throw new NeedsFullRead('children moved without an event');
          return read.node;
        }
        const others = tree.nodeCount - countNodes(target.node);
        const share: TreeBudget = {
          maxNodes: budget.maxNodes - others,
          maxDepth: budget.maxDepth - target.depth,
          deadlineMs: Math.max(1, budget.deadlineMs - (Date.now() - started)),
        };
        if (share.maxNodes < 1 || share.maxDepth < 0) throw new NeedsFullRead('no budget left for the subtree');
        const sub = await readRawTree(this.client, parseRef(target.node.ref), share, { ...options, useCacheHints: false, parentRole: target.parent?.role });
        if (sub.truncated || sub.incomplete || sub.warnings.length > 0) throw new NeedsFullRead('the subtree read was cut');
        if (hasComposite(sub.root)) throw new NeedsFullRead('a table or status bar appeared');
        return sub.root;
      }),
    );
    // A late application is the full read's business: it knows how to cut and warn.
    const fresh = await withDeadline(
      Promise.all([reads, this.checkHiddenSizes(tree, options.toolkit)]).then(([nodes]) => nodes),
      budget.deadlineMs,
    ).catch((error: unknown) => {
      throw error instanceof NeedsFullRead ? error : new NeedsFullRead(String(error));
    });
    // Copy on write: published trees share the unchanged parts of the kept one.
    let changed = false;
    const replacements = new Map<A11yNode, A11yNode>();
    for (const [index, target] of targets.entries()) {
      const node = fresh[index] as A11yNode;
      if (target.scope === 'node') {
        node.children = target.node.children;
        if (target.node.attributes?.[ADOPTED.key]) node.attributes = { ...node.attributes, [ADOPTED.key]: ADOPTED.value };
      }
      // Where the embedding process starts is known from the parent's read only.
      if (target.node.attributes?.[EMBEDDED.key]) node.attributes = { ...node.attributes, [EMBEDDED.key]: EMBEDDED.value };
      changed ||= firstDifference(target.node, node) !== null;
      replacements.set(target.node, node);
    }
    tree.root = rebuild(tree.root, replacements);
    tree.nodeCount = countNodes(tree.root);
    if (tree.nodeCount > budget.maxNodes) throw new NeedsFullRead('over the node budget');
    // A node read saw only that node: its children's states are the kept ones, not news to remember.
    return { read: fresh.map((node, index) => ((targets[index] as Target).scope === 'node' ? { ...node, children: [] } : node)), changed };
  }
}

/**
 * Nodes kept as zero-size (sizes.ts) grow without any event (GTK 4 reveals an info bar, Qt shows
 * a tabified dock): each partial read asks their size again — a few calls — and a node that was
 * laid out since makes it a full read.
 */
function zeroSizeRefs(root: A11yNode): string[] {
  const refs: string[] = [];
  const stack = [root];
  while (stack.length > 0) {
    const node = stack.pop() as A11yNode;
    if (node.zeroSize) refs.push(node.ref);
    else stack.push(...node.children);
  }
  return refs;
}

/**
 * The objects to re-read, or null when only a full read is exact: nothing reported (a re-scan, a
 * reconnect, a re-read after a late answer), too much reported, or the last tree is not one a
 * splice can extend.
 */
export function planTargets(tree: WindowTree, touches: TouchSet): Target[] | null {
  if (touches.all || touches.refs.size === 0) return null;
  if (tree.truncated || tree.incomplete || tree.warnings.length > 0) return null;
  const index = new Map<string, Located>();
  const stack: Located[] = [{ node: tree.root, parent: null, depth: 0 }];
  while (stack.length > 0) {
    const at = stack.pop() as Located;
    if (index.has(at.node.ref)) return null; // one object twice: let the full read decide
    index.set(at.node.ref, at);
    for (const child of at.node.children) stack.push({ node: child, parent: at.node, depth: at.depth + 1 });
  }
  const targets: Target[] = [];
  for (const [ref, scope] of touches.refs) {
    const at = index.get(ref);
    // Maybe an echo: of an object our reads do not reach, or saying what the tree already shows.
    const claims = touches.doubtful?.get(ref);
    if (claims && (!at || [...claims].every((claim) => shows(at.node.states, claim)))) continue;
    if (!at || ref.includes('#')) return null; // new to us, or a row we made up
    if (scope === 'subtree' && (at.parent === null || hasComposite(at.node) || insideComposite(at, index))) return null;
    if (scope === 'node' && isComposite(at.node)) return null;
    targets.push({ ...at, scope });
  }
  // A subtree read covers everything below it.
  const subtrees = new Set(targets.filter((t) => t.scope === 'subtree').map((t) => t.node));
  return targets.filter((target) => !hasAncestorIn(target, subtrees, index));
}

/** Tables regroup their cells into rows, status bars adopt buttons found elsewhere: read them whole. */
function isComposite(node: A11yNode): boolean {
  return node.role === 'status_bar' || node.children.some((child) => child.ref.includes('#'));
}

function hasComposite(node: A11yNode): boolean {
  return isComposite(node) || node.children.some(hasComposite);
}

function insideComposite(at: Located, index: Map<string, Located>): boolean {
  for (let parent = at.parent; parent; parent = index.get(parent.ref)?.parent ?? null) if (isComposite(parent) || parent.ref.includes('#')) return true;
  return false;
}

function hasAncestorIn(target: Target, subtrees: Set<A11yNode>, index: Map<string, Located>): boolean {
  for (let parent = target.parent; parent; parent = index.get(parent.ref)?.parent ?? null) if (subtrees.has(parent)) return true;
  return false;
}

/** A zero-size node whose children were left unread (a hidden row of a long view): only its count is known. */
function holdsUnread(node: A11yNode): boolean {
  return node.zeroSize === true && node.children.length === 0 && (node.childCount ?? 0) > 0;
}

/** Children the application reports (adopted ones are not its children). */
function ownChildren(node: A11yNode): number {
  return node.children.filter((child) => child.attributes?.[ADOPTED.key] === undefined).length;
}

function withDeadline<T>(promise: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const expiry = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new NeedsFullRead('the application did not answer in time')), ms);
  });
  promise.catch(() => undefined);
  return Promise.race([promise, expiry]).finally(() => clearTimeout(timer));
}

/** The first node (depth first) whose own facts or children differ, or null when none does. */
export function firstDifference(a: A11yNode, b: A11yNode, explained: ReadonlyMap<string, TouchScope> = new Map()): string | null {
  if (a.ref !== b.ref) return `${a.ref}: now ${b.ref}`;
  const scope = explained.get(a.ref);
  if (scope === 'subtree') return null;
  for (const key of new Set([...Object.keys(a), ...Object.keys(b)])) {
    if (key === 'children' || scope === 'node') continue;
    const [x, y] = [canonical((a as unknown as Record<string, unknown>)[key]), canonical((b as unknown as Record<string, unknown>)[key])];
    if (x !== y) return `${a.ref}: ${key}`;
  }
  if (a.children.length !== b.children.length) return `${a.ref}: children ${a.children.length} → ${b.children.length}`;
  for (const [i, child] of a.children.entries()) {
    const found = firstDifference(child, b.children[i] as A11yNode, explained);
    if (found) return found;
  }
  return null;
}

/** JSON with sorted keys: attribute order follows reply order, which is no difference. */
export function canonical(value: unknown): string {
  return JSON.stringify(value, (_key, v: unknown) =>
    v && typeof v === 'object' && !Array.isArray(v) ? Object.fromEntries(Object.entries(v).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))) : v,
  );
}

function countNodes(node: A11yNode): number {
  let count = 1;
  for (const child of node.children) count += countNodes(child);
  return count;
}

/** The tree with names filled in from content, as a full read hands it out; the kept one is not changed. */
function named(tree: WindowTree): WindowTree {
  return { ...tree, root: namedFromContent(tree.root), warnings: [...tree.warnings] };
}
