/**
 * GTK3 status bars report no children (gtkstatusbaraccessible.c: get_n_children returns 0), so
 * what they show is missing from the tree — gedit's language ("Python 3") and tab width buttons.
 * Buttons that open a popover are still reachable: the popover's `popup_for` relation names
 * them, and their Parent is the status bar. Such buttons are adopted as the status bar's
 * children, so the tree shows what the user sees; they carry `ADOPTED` (not children in AT-SPI).
 */
import type { A11yNode } from '../../probe.js';
import { IFACE } from './names.js';
import type { AtspiClient } from './client.js';
import { formatRef, fromWire, parseRef, type ObjRef } from './refs.js';

/** Attribute of an adopted node: how it was reached instead of as a child. */
export const ADOPTED = { key: 'reached-by', value: 'popup_for' } as const;

/** Reads one node (without children), as the tree walk does. */
export type NodeRead = (ref: ObjRef) => Promise<A11yNode>;

/** Adds the hidden popover buttons of childless status bars; returns how many nodes were added. */
export async function adoptStatusBarButtons(client: AtspiClient, root: A11yNode, read: NodeRead, room: number): Promise<number> {
  const bars = new Map<string, A11yNode>();
  const known = new Set<string>();
  const targets: string[] = [];
  const stack = [root];
  while (stack.length > 0) {
    const node = stack.pop() as A11yNode;
    known.add(node.ref);
    if (node.role === 'status_bar' && node.children.length === 0 && node.childCount === undefined) bars.set(node.ref, node);
    for (const relation of node.relations ?? []) if (relation.type === 'popup_for') targets.push(...relation.targets);
    stack.push(...node.children);
  }
  if (bars.size === 0) return 0;
  const candidates = [...new Set(targets)].filter((ref) => !known.has(ref)).slice(0, Math.max(0, room));
  const adopted = await Promise.all(candidates.map((ref) => adoptOne(client, ref, bars, read).catch(() => null)));
  let added = 0;
  // Attached in relation order, not in reply order: the same tree in, the same tree out.
  for (const found of adopted) {
    if (!found) continue;
    found.bar.children.push(found.node);
    added++;
  }
  return added;
}

async function adoptOne(client: AtspiClient, ref: string, bars: Map<string, A11yNode>, read: NodeRead): Promise<{ bar: A11yNode; node: A11yNode } | null> {
  const target = parseRef(ref);
  const parent = fromWire(await client.property(target, IFACE.accessible, 'Parent'));
  const bar = parent ? bars.get(formatRef(parent)) : undefined;
  if (!bar) return null;
  const node = await read(target);
  return { bar, node: { ...node, attributes: { ...node.attributes, [ADOPTED.key]: ADOPTED.value } } };
}
