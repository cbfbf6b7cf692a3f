/**
 * Gives unlabelled controls (entries, combo boxes, tables, lists) the label a user sees next to
 * them: labelled-by relations first, then label-for from the label's side, then layout (a label on
 * the same row to the left, or right above and aligned), then reading order (the label just before
 * it in the same container). Each label labels one control at most.
 */
import type { A11yNode, Rect } from '../../platform/probe.js';
import { relationTargets } from '../tree.js';
import { fieldLabel, oneLine } from './labels.js';
import { listsInReverse, usableBounds } from './layout.js';
import type { TextCandidate } from './walk.js';

export interface PairTarget {
  node: A11yNode;
  /** Whether pairing may use a label for this target (false: it has its own). */
  needsLabel: boolean;
}

export interface Pairing {
  /** Label text by target ref. */
  labels: Map<string, string>;
  /** Refs of the text nodes that label each target. */
  sources: Map<string, string[]>;
  /** Refs of text nodes used as labels. */
  used: Set<string>;
}

const MAX_LABEL_LENGTH = 60;
const MAX_ROW_GAP = 250;
const MAX_ABOVE_GAP = 30;
const ABOVE_PENALTY = 60;

export function pairLabels(targets: PairTarget[], texts: TextCandidate[], index: Map<string, A11yNode>, parents: Map<string, A11yNode>): Pairing {
  const pairing: Pairing = { labels: new Map(), sources: new Map(), used: new Set() };
  const open = targets.filter((t) => t.needsLabel);
  byRelations(open, texts, index, pairing);
  ownLabelsShown(targets, index, pairing);
  const candidates = texts.filter((t) => !pairing.used.has(t.node.ref) && t.text.length <= MAX_LABEL_LENGTH && !t.text.includes('\n') && hasWords(t.text));
  byLayout(open, candidates, pairing);
  byOrder(open, candidates, parents, pairing);
  return pairing;
}

function assign(pairing: Pairing, target: A11yNode, label: A11yNode, text: string): void {
  pairing.labels.set(target.ref, fieldLabel(text));
  pairing.sources.set(target.ref, [label.ref]);
  pairing.used.add(label.ref);
}

function byRelations(open: PairTarget[], texts: TextCandidate[], index: Map<string, A11yNode>, pairing: Pairing): void {
  for (const { node } of open) {
    const labels = relationTargets(node, 'labelled_by')
      .map((ref) => index.get(ref))
      .filter((n): n is A11yNode => n !== undefined && oneLine(n.value || n.name) !== '');
    if (labels.length === 0) continue;
    pairing.labels.set(node.ref, fieldLabel(labels.map((n) => oneLine(n.value || n.name)).join(' ')));
    pairing.sources.set(
      node.ref,
      labels.map((n) => n.ref),
    );
    for (const label of labels) pairing.used.add(label.ref);
  }
  for (const text of texts) {
    for (const ref of relationTargets(text.node, 'label_for')) {
      const target = open.find((t) => t.node.ref === ref);
      if (target && !pairing.labels.has(ref)) assign(pairing, target.node, text.node, text.text);
    }
  }
}

/**
 * A control named by its own label and labelled by a label showing the same words (a GTK 4
 * switch in a preference row, labelled by the row's title): that label is the control's, not a
 * text of its own, or the words would be read twice.
 */
function ownLabelsShown(targets: PairTarget[], index: Map<string, A11yNode>, pairing: Pairing): void {
  for (const { node, needsLabel } of targets) {
    if (needsLabel) continue;
    const own = oneLine(node.name);
    if (own === '') continue;
    const same = relationTargets(node, 'labelled_by').filter((ref) => {
      const label = index.get(ref);
      return label !== undefined && ref !== node.ref && oneLine(label.value || label.name) === own;
    });
    if (same.length === 0) continue;
    pairing.sources.set(node.ref, same);
    for (const ref of same) pairing.used.add(ref);
  }
}

/**
 * A text of punctuation alone names nothing: the "∶" between an alarm's hour and minute spin
 * buttons (GNOME Clocks) sits next to the minute one, but is no label of it.
 */
function hasWords(text: string): boolean {
  return /[\p{L}\p{N}]/u.test(text);
}

function byLayout(open: PairTarget[], candidates: TextCandidate[], pairing: Pairing): void {
  const pairs: Array<{ cost: number; target: A11yNode; text: TextCandidate }> = [];
  for (const { node } of open) {
    if (pairing.labels.has(node.ref) || !usableBounds(node.bounds)) continue;
    for (const text of candidates) {
      if (!usableBounds(text.node.bounds)) continue;
      const cost = layoutCost(text.node.bounds as Rect, node.bounds as Rect, text.text);
      if (cost !== undefined) pairs.push({ cost, target: node, text });
    }
  }
  pairs.sort((a, b) => a.cost - b.cost);
  for (const { target, text } of pairs) {
    if (pairing.labels.has(target.ref) || pairing.used.has(text.node.ref)) continue;
    assign(pairing, target, text.node, text.text);
  }
}

/** Cost of reading `label` as the label of `control`; undefined when it cannot be. */
export function layoutCost(label: Rect, control: Rect, text: string): number | undefined {
  const labelMiddle = label.y + label.height / 2;
  const sameRow = labelMiddle >= control.y && labelMiddle <= control.y + control.height;
  const rowGap = control.x - (label.x + label.width);
  if (sameRow && rowGap >= -4 && rowGap <= MAX_ROW_GAP) return Math.max(0, rowGap);
  const aboveGap = control.y - (label.y + label.height);
  const aligned = Math.abs(label.x - control.x) <= 12 || (/[:：]$/.test(text.trim()) && label.x >= control.x - 12 && label.x < control.x + control.width);
  if (aboveGap >= -4 && aboveGap <= MAX_ABOVE_GAP && aligned) return Math.max(0, aboveGap) + ABOVE_PENALTY;
  return undefined;
}

/**
 * Without geometry: reading order within the container. Labels usually come right before their
 * control; in containers that start with a control and end with a label (GTK grids filled in
 * reverse, as zenity's forms), right after it. Two parallel columns (labels | controls, as in
 * zenity's password dialog) pair by position.
 */
function byOrder(open: PairTarget[], candidates: TextCandidate[], parents: Map<string, A11yNode>, pairing: Pairing): void {
  const byRef = new Map(candidates.map((c) => [c.node.ref, c]));
  const free = (node: A11yNode | undefined) => {
    const text = node ? byRef.get(node.ref) : undefined;
    return text && !pairing.used.has(text.node.ref) ? text : undefined;
  };
  for (const { node } of open) {
    if (pairing.labels.has(node.ref) || usableBounds(node.bounds)) continue;
    const anchor = outermostWrapper(node, parents);
    const parent = parents.get(anchor.ref);
    const siblings = parent?.children ?? [];
    const at = siblings.indexOf(anchor);
    const step = listsInReverse(siblings) ? 1 : -1;
    const text = free(siblings[at + step]) ?? free(parallelLabel(anchor, parent, parents));
    if (text) assign(pairing, node, text.node, text.text);
  }
}

/** The label at the same position in a sibling column made only of labels. */
function parallelLabel(node: A11yNode, column: A11yNode | undefined, parents: Map<string, A11yNode>): A11yNode | undefined {
  if (!column) return undefined;
  const index = column.children.indexOf(node);
  const columns = parents.get(column.ref)?.children ?? [];
  const labels = columns.find((c) => c !== column && c.children.length === column.children.length && c.children.every((l) => l.role === 'label'));
  return labels?.children[index];
}

/** A table or list sits in a scroll pane (and a viewport): the label is next to the outermost one. */
function outermostWrapper(node: A11yNode, parents: Map<string, A11yNode>): A11yNode {
  let anchor = node;
  for (let parent = parents.get(node.ref); parent && WRAPPERS.has(parent.role); parent = parents.get(parent.ref)) anchor = parent;
  return anchor;
}

const WRAPPERS = new Set(['scroll_pane', 'viewport']);
