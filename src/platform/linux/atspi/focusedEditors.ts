/**
 * Editors an item view opens over one of its items (an inline rename: Qt's
 * `QAbstractItemView::edit`, pcmanfm-qt's Edit > Rename) are widgets of the view's viewport, and
 * Qt's view accessible lists its cells only: walking down from the window never reaches the
 * editor, although it has the keyboard focus, answers `Parent` (the viewport, then the view) and
 * takes `EditableText`. AT-SPI clients find such an editor by its focus event, as screen readers
 * do for views that manage their descendants. So the change feed remembers each window's last
 * focused object (`FocusedObjects`), and a window read that did not reach a focused editable text
 * adds it beside the view that holds it (`graftFocusedEditor`): the agent then sees it as a field.
 */
import type { A11yNode, TreeBudget, WindowTree } from '../../probe.js';
import type { AtspiClient } from './client.js';
import { IFACE, NULL_PATH, ROOT_PATH } from './names.js';
import { formatRef, fromWire, parseRef, type ObjRef } from './refs.js';
import { readRawTree, type TreeReadOptions } from './treeReader.js';

/** An editor sits under a viewport under its view: a few parents up is where the tree is met. */
const MAX_PARENTS = 6;
/** The editor and its own parts (scroll bars): a handful of nodes. */
const EDITOR_BUDGET = { maxNodes: 16, maxDepth: 3 };
/** Text editors only: a focused cell or item a budget left out stays out (it is no field). */
const EDITOR_ROLES = new Set(['text', 'entry', 'password_text']);
/** Containers an editor is put beside rather than into: their children are their items. */
const VIEW_ROLES = new Set(['list', 'table', 'tree', 'tree_table', 'list_box']);

/** Each top-level's object that last took the keyboard focus (from `object:state-changed:focused`). */
export class FocusedObjects {
  private readonly byTop = new Map<string, string>();

  note(top: string, source: string, focused: boolean): void {
    if (focused) this.byTop.set(top, source);
    else if (this.byTop.get(top) === source) this.byTop.delete(top);
  }

  of(top: string): string | undefined {
    return this.byTop.get(top);
  }

  /** Forgets an object that is gone (defunct, or a read of it failed): it is never asked again. */
  forgetObject(source: string): void {
    for (const [top, ref] of this.byTop) if (ref === source) this.byTop.delete(top);
  }

  retain(tops: ReadonlySet<string>): void {
    for (const top of [...this.byTop.keys()]) if (!tops.has(top)) this.byTop.delete(top);
  }
}

/**
 * The tree with the focused editor added when the read did not reach it; the same tree otherwise
 * (the focused object is in it, is no editable text, or is not inside this window). The kept tree
 * is never changed: the nodes from the root to the graft point are copied.
 */
export async function graftFocusedEditor(
  client: AtspiClient,
  tree: WindowTree,
  focused: string,
  budget: TreeBudget,
  options: TreeReadOptions,
  /** Called when the focused object could not be read: it died since its focus event. */
  gone: () => void = () => undefined,
): Promise<WindowTree> {
  const paths = new Map<string, A11yNode[]>();
  indexPaths(tree.root, [], paths);
  if (paths.has(focused)) return tree;
  const editor = await readRawTree(client, parseRef(focused), { ...EDITOR_BUDGET, deadlineMs: budget.deadlineMs }, options).catch(() => null);
  if (!editor || editor.incomplete || editor.root.states.includes('defunct')) {
    gone();
    return tree;
  }
  if (!isFocusedEditor(editor.root)) return tree;
  const anchor = await firstAncestorIn(client, parseRef(focused), paths);
  if (!anchor) return tree;
  const chain = paths.get(anchor) as A11yNode[];
  // Beside the view (after it, in the view's parent) when the anchor is a view; inside it otherwise.
  const besideView = VIEW_ROLES.has((chain.at(-1) as A11yNode).role) && chain.length > 1;
  const holderChain = besideView ? chain.slice(0, -1) : chain;
  const after = besideView ? (chain.at(-1) as A11yNode) : null;
  const itemEditor: A11yNode = { ...editor.root, itemEditor: true };
  return { ...tree, root: insertAlong(holderChain, itemEditor, after), nodeCount: tree.nodeCount + editor.nodeCount };
}

function isFocusedEditor(node: A11yNode): boolean {
  return EDITOR_ROLES.has(node.role) && node.states.includes('focused') && node.states.includes('editable') && node.states.includes('showing');
}

/** Each node's ref → the nodes from the root down to it (itself included). */
function indexPaths(node: A11yNode, above: A11yNode[], paths: Map<string, A11yNode[]>): void {
  const chain = [...above, node];
  paths.set(node.ref, chain);
  for (const child of node.children) indexPaths(child, chain, paths);
}

async function firstAncestorIn(client: AtspiClient, ref: ObjRef, paths: ReadonlyMap<string, A11yNode[]>): Promise<string | null> {
  let current = ref;
  for (let depth = 0; depth < MAX_PARENTS; depth++) {
    const parent = await client
      .property(current, IFACE.accessible, 'Parent')
      .then((value) => fromWire(value))
      .catch(() => null);
    if (!parent || parent.path === NULL_PATH || parent.path === ROOT_PATH || parent.bus === '') return null;
    const key = formatRef(parent);
    if (paths.has(key)) return key;
    current = parent;
  }
  return null;
}

/** Copies of the nodes of `chain` (root first), the last one holding `added` after `after` (or last). */
function insertAlong(chain: A11yNode[], added: A11yNode, after: A11yNode | null): A11yNode {
  const holder = chain.at(-1) as A11yNode;
  const children = [...holder.children];
  const at = after ? children.indexOf(after) + 1 : children.length;
  children.splice(at > 0 ? at : children.length, 0, added);
  let copy: A11yNode = { ...holder, children, ...(holder.childCount !== undefined ? { childCount: holder.childCount + 1 } : {}) };
  for (let i = chain.length - 2; i >= 0; i--) {
    const node = chain[i] as A11yNode;
    const original = chain[i + 1] as A11yNode;
    copy = { ...node, children: node.children.map((child) => (child === original ? copy : child)) };
  }
  return copy;
}
