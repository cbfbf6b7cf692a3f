/**
 * Reads a window's accessible subtree into the neutral WindowTree. The budget is applied breadth
 * first (a huge container deep down cannot starve its siblings, and the cut is the same on every
 * read) while the reads themselves run ahead in parallel, pipelined on one socket (prefetch.ts).
 * Cuts are honest: `truncated` plus `childCount` on every cut node; a missed per-application
 * deadline adds a warning instead of stalling the caller. The deadline is on silence: an
 * application that keeps answering is slow, not hung (LibreOffice answers every call on its UI
 * thread: ~2,600 nodes of a Calc window took 3–6 s on a loaded machine), so each answer moves
 * the deadline on, up to SLOW_APP_FACTOR times the budget's deadline in all.
 */
import { EMBEDDED, type A11yNode, type TreeBudget, type WindowTree } from '../../probe.js';
import type { AtspiClient } from './client.js';
import { readCacheHints } from './cacheHints.js';
import { adoptStatusBarButtons } from './statusBars.js';
import { addColumnHeaders } from './columnHeaders.js';
import { policyFor } from './toolkitPolicy.js';
import { IFACE, NULL_PATH } from './names.js';
import { nameFromContent, type ToolkitInfo } from './normalize.js';
import type { Facts, ReadContext, ReadNode } from './nodeReader.js';
import { childrenByIndex } from './missingChildren.js';
import { LIST_LIMIT, Prefetcher } from './prefetch.js';
import { formatRef, type ObjRef } from './refs.js';
import { groupTableChildren, rowNode, tableAllotment, tableShape, type TableShape } from './tables.js';
import { cellRefs, isViewportTable, markRange, readCells, VIEW_LIMIT, visibleRange, type CellRange } from './viewportTable.js';
import { wrapError } from './errors.js';
import type { KeptKind, KeptSubtrees } from './keptSubtrees.js';

export interface TreeReadOptions {
  toolkit?: ToolkitInfo;
  /** The bus of the application `toolkit` is about (default: the root's): objects of other processes are read without it. */
  appBus?: string;
  /** Names the application in warnings ("gedit did not answer …"). */
  appLabel?: string;
  /** Longest text value kept in the tree; `readText` returns the whole text. */
  maxTextLength?: number;
  /** Read every node's screen bounds (one call more per node). */
  bounds?: boolean;
  /** Use `Cache.GetItems` as a hint (default true). */
  useCacheHints?: boolean;
  /** Unseen subtrees kept from earlier reads, used where the toolkit policy allows (keptSubtrees.ts). */
  keptSubtrees?: KeptSubtrees;
  /** The role of the root's parent, when a subtree is read (nodeReader.ts `readNode`). */
  parentRole?: string;
  /** Spare no call (nodeReader.ts `ReadContext.thorough`): the reference for live checks. */
  thorough?: boolean;
}

export const DEFAULT_MAX_TEXT = 2000;

/** A read whose application keeps answering may take this many times the budget's deadline. */
export const SLOW_APP_FACTOR = 4;

interface Entry {
  ref: ObjRef;
  read: ReadNode;
  depth: number;
  /** A row of a long GTK 4 view laid out at no size: what it holds is not read (hiddenRows.ts). */
  hiddenRow?: true;
}

interface Job {
  entry: Entry;
  shape: TableShape | null;
  /** Raw children asked for, and nodes reserved for them (rows included) in the budget. */
  allotted: number;
  reserved: number;
  /** Children asked one by one (missingChildren.ts). */
  byIndex?: boolean;
  /** The children are rows of a long GTK 4 view: those without a size are read alone (hiddenRows.ts). */
  longView?: boolean;
  /** Reads of the children, in order: a value, null (gone), or undefined (still pending). */
  slots: Array<ReadNode | null | undefined>;
  refs: ObjRef[];
  done: Promise<void>;
  /** A table read by its visible range (viewportTable.ts): the range and its rows of cells. */
  viewport?: { range: CellRange; rows: A11yNode[][] } | null;
}

export async function readWindowTree(client: AtspiClient, root: ObjRef, budget: TreeBudget, options: TreeReadOptions = {}): Promise<WindowTree> {
  const tree = await readRawTree(client, root, budget, options);
  nameFromContent(tree.root);
  return tree;
}

/**
 * The tree as the application reports it, before names are filled in from content: the
 * incremental reader splices re-read parts into it (a name taken from a child must follow the
 * child), then names a copy (incremental.ts).
 */
export function readRawTree(client: AtspiClient, root: ObjRef, budget: TreeBudget, options: TreeReadOptions = {}): Promise<WindowTree> {
  return new TreeWalk(client, budget, options).run(root);
}

/** Reads several subtrees at once (readChildren), each with an equal share of the node budget. */
export async function readForest(client: AtspiClient, roots: ObjRef[], budget: TreeBudget, options: TreeReadOptions = {}): Promise<A11yNode[]> {
  const share = { ...budget, maxNodes: Math.max(1, Math.floor(budget.maxNodes / Math.max(1, roots.length))) };
  const trees = await Promise.all(roots.map((root) => readWindowTree(client, root, share, options).catch(() => null)));
  return trees.filter((tree): tree is WindowTree => tree !== null).map((tree) => tree.root);
}

class TreeWalk {
  private nodeCount = 0;
  private truncated = false;
  private incomplete = false;
  private readonly warnings: string[] = [];
  private readonly seen = new Set<string>();
  /** The deadline is `deadlineMs` after the last answer, never past `hardEnd`. */
  private lastAnswer: number;
  private readonly hardEnd: number;
  private prefetch: Prefetcher | null = null;
  private ctx: ReadContext | null = null;
  private readonly kept: { store: KeptSubtrees; kind: KeptKind } | null;

  constructor(
    private readonly client: AtspiClient,
    private readonly budget: TreeBudget,
    private readonly options: TreeReadOptions,
  ) {
    this.lastAnswer = Date.now();
    this.hardEnd = this.lastAnswer + budget.deadlineMs * SLOW_APP_FACTOR;
    const kind = policyFor(options.toolkit).keepSubtrees;
    this.kept = options.keptSubtrees && kind ? { store: options.keptSubtrees, kind } : null;
  }

  async run(root: ObjRef): Promise<WindowTree> {
    const keptSince = this.kept?.store.begin() ?? 0;
    const hints =
      this.options.useCacheHints === false || !policyFor(this.options.toolkit).cacheHints
        ? { facts: new Map<string, Facts>(), children: new Map<string, ObjRef[]>() }
        : await readCacheHints(this.client, root.bus, this.remaining());
    const answered = () => void (this.lastAnswer = Date.now());
    const ctx: ReadContext = {
      client: this.client,
      bus: this.options.appBus ?? root.bus,
      toolkit: this.options.toolkit,
      hints: hints.facts,
      childHints: hints.children,
      maxTextLength: this.options.maxTextLength ?? DEFAULT_MAX_TEXT,
      bounds: this.options.bounds ?? false,
      answered,
      thorough: this.options.thorough,
    };
    this.ctx = ctx;
    const kept = this.kept;
    const isKept = kept ? (ref: ObjRef, facts: Facts) => kept.store.has(kept.kind, formatRef(ref), facts.role, facts.states) : undefined;
    this.prefetch = new Prefetcher(this.client, ctx, this.budget.maxNodes, this.budget.maxDepth, isKept);
    const first = await this.within(this.prefetch.read(root, 0, this.options.parentRole)).catch((err: unknown) => {
      throw wrapError(err, 'readTree', formatRef(root));
    });
    if (first === TIMED_OUT) return this.placeholder(root);
    this.nodeCount = 1;
    this.seen.add(first.node.ref);
    let level: Entry[] = [{ ref: root, read: first, depth: 0 }];
    let late = false;
    while (level.length > 0) {
      const jobs = level.map((entry) => this.plan(entry)).filter((job): job is Job => job !== null);
      const timedOut = (await this.within(Promise.all(jobs.map((job) => job.done)))) === TIMED_OUT;
      if (timedOut) this.missedDeadline();
      level = jobs.flatMap((job) => this.attach(job, timedOut));
      late = timedOut;
      if (timedOut) break;
    }
    if (!late) this.kept?.store.keepFrom(this.kept.kind, first.node, keptSince);
    if (!late) await this.adoptHidden(first.node);
    if (!late && policyFor(this.options.toolkit).columnHeaders === 'table_calls') await this.nameColumns(first.node);
    return {
      root: first.node,
      nodeCount: this.nodeCount,
      truncated: this.truncated,
      warnings: this.warnings,
      ...(this.incomplete ? { incomplete: true } : {}),
    };
  }

  /** GTK3 status bars hide their children; their popover buttons are found another way (statusBars.ts). */
  private async adoptHidden(root: A11yNode): Promise<void> {
    const prefetch = this.prefetch;
    if (!prefetch) return;
    const read = async (ref: ObjRef) => (await prefetch.read(ref, this.budget.maxDepth)).node;
    const adopted = await this.within(adoptStatusBarButtons(this.client, root, read, this.budget.maxNodes - this.nodeCount));
    if (adopted === TIMED_OUT) this.missedDeadline();
    else this.nodeCount += adopted;
  }

  /** Column headers that are not children (Java): asked for once the walk is over (columnHeaders.ts). */
  private async nameColumns(root: A11yNode): Promise<void> {
    const added = await withDeadline(addColumnHeaders(this.client, root), this.remaining());
    if (added === TIMED_OUT) this.missedDeadline();
    else this.nodeCount += added;
  }

  /** Decides how many children of a node to read (depth, node budget, table rows) and starts reading them. */
  private plan(entry: Entry): Job | null {
    const { node } = entry.read;
    const total = entry.read.childCount;
    if (total <= 0) return null;
    if (entry.hiddenRow) {
      node.childCount = total; // not a cut: nothing in it shows
      return null;
    }
    if (entry.depth >= this.budget.maxDepth) {
      this.cut(node, total);
      return null;
    }
    const left = this.budget.maxNodes - this.nodeCount;
    const reused = this.kept?.store.reuse(this.kept.kind, node);
    if (reused && reused.nodes <= left) {
      node.children = reused.children;
      this.nodeCount += reused.nodes;
      return null;
    }
    const shape = entry.read.interfaces.has(IFACE.table) ? tableShape(node, total) : null;
    if (isViewportTable(node, entry.read.interfaces, shape !== null)) return this.planViewport(entry, left);
    const allot = shape ? tableAllotment(shape, left) : { rawChildren: Math.min(total, left), rows: 0 };
    const reserved = allot.rawChildren + allot.rows;
    this.nodeCount += reserved; // reserved now, so that later siblings see only what is left
    const job: Job = { entry, shape, allotted: allot.rawChildren, reserved, slots: [], refs: [], done: Promise.resolve() };
    job.done = this.readChildren(job, allot.rawChildren, total);
    return job;
  }

  /**
   * Reserves the most a viewport can hold, at most half of what is left (its size is known only
   * once read; the rest of the window must not starve), and reads the visible cells.
   */
  private planViewport(entry: Entry, left: number): Job {
    const reserved = Math.max(0, Math.min(Math.floor(left / 2), VIEW_LIMIT.rows * (VIEW_LIMIT.columns + 1)));
    this.nodeCount += reserved;
    const job: Job = { entry, shape: null, allotted: 0, reserved, slots: [], refs: [], done: Promise.resolve(), viewport: null };
    job.done = this.readViewport(job, reserved);
    return job;
  }

  private async readViewport(job: Job, budget: number): Promise<void> {
    const ctx = this.ctx;
    const range = ctx ? await visibleRange(this.client, job.entry.ref).catch(() => null) : null;
    if (!ctx || !range) return;
    const rowCount = Math.min(range.rows, Math.floor(budget / (range.columns + 1)));
    const refs = await Promise.all(
      Array.from({ length: rowCount }, (_, i) => cellRefs(this.client, job.entry.ref, range.firstRow + i, range.firstColumn, range.columns)),
    );
    job.viewport = { range, rows: await readCells(ctx, refs) };
  }

  /** A viewport table's children: one row node per shown row (absolute row refs), its cells under it. */
  private attachViewport(job: Job, viewport: { range: CellRange; rows: A11yNode[][] }): void {
    const { node } = job.entry.read;
    node.children = viewport.rows.map((cells, i) => rowNode(node.ref, viewport.range.firstRow + i, cells));
    markRange(node, viewport.range, viewport.rows.length);
    node.childCount = Number(node.attributes?.rows); // the neutral row count: the rest is off screen
    const added = viewport.rows.reduce((sum, cells) => sum + 1 + cells.length, 0);
    this.nodeCount += added - job.reserved;
  }

  private async readChildren(job: Job, count: number, total: number): Promise<void> {
    const prefetch = this.prefetch;
    if (count <= 0 || !prefetch) return;
    const byIndex = prefetch.byIndex(job.entry.read.interfaces);
    job.byIndex = byIndex;
    job.refs = await childRefs(this.client, prefetch, job.entry.ref, count, total, byIndex).catch(() => []);
    job.slots = job.refs.map(() => undefined);
    job.longView = prefetch.holdsLongViewRows(job.entry.read.interfaces, total);
    await Promise.all(
      job.refs.map((ref, index) =>
        prefetch.read(ref, job.entry.depth + 1, job.entry.read.node.role, job.longView).then(
          (read) => void (job.slots[index] = read),
          () => void (job.slots[index] = null),
        ),
      ),
    );
  }

  /** Attaches the children read so far (a prefix when the deadline cut in) and returns the next level. */
  private attach(job: Job, timedOut: boolean): Entry[] {
    if (job.viewport !== undefined) {
      if (job.viewport) this.attachViewport(job, job.viewport);
      else if (timedOut) this.cut(job.entry.read.node, job.entry.read.childCount);
      else {
        this.nodeCount -= job.reserved; // nothing on screen (hidden sheet): no cells, the size stays known
        job.entry.read.node.childCount = Number(job.entry.read.node.attributes?.rows);
      }
      return []; // cells are leaves here; nothing below them is read
    }
    const { node, childCount } = job.entry.read;
    const next: Entry[] = [];
    let pending = false;
    for (const [index, slot] of job.slots.entries()) {
      if (slot === undefined) {
        pending = true;
        break;
      }
      if (slot === null || this.seen.has(slot.node.ref)) continue; // gone meanwhile, or a cycle
      this.seen.add(slot.node.ref);
      if ((job.refs[index] as ObjRef).bus !== job.entry.ref.bus) slot.node.attributes = { ...slot.node.attributes, [EMBEDDED.key]: EMBEDDED.value };
      node.children.push(slot.node);
      const hiddenRow = job.longView === true && slot.node.zeroSize === true;
      next.push({ ref: job.refs[index] as ObjRef, read: slot, depth: job.entry.depth + 1, ...(hiddenRow ? { hiddenRow } : {}) });
    }
    const cutShort = job.allotted < childCount || (timedOut && (pending || job.refs.length < job.allotted));
    const rows = job.shape ? groupTableChildren(node, job.shape) : -1;
    if (rows >= 0 && job.byIndex && !timedOut && job.allotted === childCount && job.refs.length > 0 && job.refs.length < job.allotted) givenRows(node, rows);
    // Children that vanished while being read are not a cut; a budget or the deadline is.
    if (rows < 0 && cutShort) this.cut(node, childCount);
    if (rows >= 0 && node.childCount !== undefined) this.truncated = true;
    if (rows > 0) deepenCells(node, next);
    const added = node.children.length + this.rowCells(node, rows);
    this.nodeCount += added - job.reserved; // reservations become real counts
    return next;
  }

  /** Row nodes hold the cells: count the cells that moved under them. */
  private rowCells(node: A11yNode, rows: number): number {
    if (rows <= 0) return 0;
    return node.children.slice(-rows).reduce((sum, row) => sum + row.children.length, 0);
  }

  private cut(node: A11yNode, total: number): void {
    node.childCount = total;
    this.truncated = true;
  }

  private missedDeadline(): void {
    this.truncated = true;
    this.incomplete = true;
    const who = this.options.appLabel ?? 'the application';
    this.warnings.push(`${who} did not answer within ${this.budget.deadlineMs} ms; the tree is incomplete`);
  }

  private placeholder(root: ObjRef): WindowTree {
    this.missedDeadline();
    const node: A11yNode = { ref: formatRef(root), role: 'unknown', name: '', states: [], children: [] };
    return { root: node, nodeCount: 1, truncated: true, warnings: this.warnings, incomplete: true };
  }

  private remaining(): number {
    return Math.max(1, Math.min(this.hardEnd, this.lastAnswer + this.budget.deadlineMs) - Date.now());
  }

  /** The promise's value, or TIMED_OUT once the application was silent for the deadline (or at the hard end). */
  private async within<T>(promise: Promise<T>): Promise<T | typeof TIMED_OUT> {
    for (;;) {
      const result = await withDeadline(promise, this.remaining());
      if (result !== TIMED_OUT || this.remaining() <= 1) return result;
    }
  }
}

/**
 * A whole table read one child at a time whose application gave fewer children than it counted
 * (Qt: missingChildren.ts): the rows it gave are all it has, not a cut of ours.
 */
function givenRows(table: A11yNode, rows: number): void {
  delete table.childCount;
  table.attributes = { ...table.attributes, rows: String(rows) };
}

/** Cells now sit one level deeper, under their row node. */
function deepenCells(table: A11yNode, next: Entry[]): void {
  const cells = new Set(table.children.filter((row) => row.role === 'table_row').flatMap((row) => row.children));
  for (const entry of next) if (cells.has(entry.read.node)) entry.depth++;
}

/**
 * The first `count` children: listed in one call for ordinary containers, by index for large ones
 * and for tables of a toolkit that counts children it does not give (missingChildren.ts).
 */
async function childRefs(client: AtspiClient, prefetch: Prefetcher, ref: ObjRef, count: number, total: number, byIndex: boolean): Promise<ObjRef[]> {
  if (count === total && total <= LIST_LIMIT) {
    const listed = (await prefetch.children(ref, byIndex ? { count } : undefined)).slice(0, count);
    // An occupied AtkSocket counts its plug (another process: WebKitGTK's web content) as its one
    // child, but at-spi2-atk's GetChildren lists nothing; GetChildAtIndex answers it, as libatspi asks.
    if (listed.length === 0 && total === 1 && !byIndex) return embeddedChild(client, ref);
    return listed;
  }
  if (byIndex) return childrenByIndex(client, ref, count, total);
  const refs = await Promise.all(Array.from({ length: count }, (_, index) => client.childAt(ref, index).catch(() => null)));
  return refs.filter((child): child is ObjRef => child !== null && child.path !== '/org/a11y/atspi/null');
}

async function embeddedChild(client: AtspiClient, ref: ObjRef): Promise<ObjRef[]> {
  const child = await client.childAt(ref, 0).catch(() => null);
  return child && child.path !== NULL_PATH && child.bus !== '' ? [child] : [];
}

const TIMED_OUT = Symbol('timed out');

function withDeadline<T>(promise: Promise<T>, ms: number): Promise<T | typeof TIMED_OUT> {
  let timer: NodeJS.Timeout | undefined;
  const expiry = new Promise<typeof TIMED_OUT>((resolve) => {
    timer = setTimeout(() => resolve(TIMED_OUT), ms);
  });
  promise.catch(() => undefined); // an abandoned read must not become an unhandled rejection
  return Promise.race([promise, expiry]).finally(() => clearTimeout(timer));
}
