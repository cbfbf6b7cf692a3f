/**
 * Blocks from a reading: warnings of the probe, text, fields, documents, tables and lists (first
 * rows plus `total` when cut: P-BLK-3/7), notices. Block ids derive from labels, so they stay
 * stable while the window lives (P-ID-1).
 */
import type { A11yNode } from '../../platform/probe.js';
import { slugify } from '../../protocol/names.js';
import type { BlockDraft, TranslateContext } from '../types.js';
import type { Collection, Field, WindowReading } from './model.js';
import { shownValue } from './countSuffix.js';

/** Rows or items of a table or list kept in the state; load_rows reads the rest. */
export const PREVIEW_ROWS = 20;
/** Characters of a document kept in the state; load_text reads the rest. */
export const PREVIEW_CHARS = 4000;
const DOCUMENT_MIN_CHARS = 200;

/** Characters of a text field's whole text, also when the probe read only its beginning. */
export function fullLength(field: Field): number {
  return Math.max(field.totalLength ?? 0, Array.from(String(field.value)).length);
}

/** A multi-line text shown as its own text block rather than as a field value. */
export function isDocument(field: Field): boolean {
  return field.kind === 'text' && field.multiLine && (String(field.value).includes('\n') || fullLength(field) > DOCUMENT_MIN_CHARS);
}

export function isCut(c: Collection): boolean {
  return c.rows.length > PREVIEW_ROWS || c.total > c.rows.length;
}

/** Characters of a document the state shows. */
function shownLength(field: Field): number {
  return Math.min(PREVIEW_CHARS, Array.from(String(field.value)).length);
}

export function isDocumentCut(field: Field): boolean {
  return isDocument(field) && fullLength(field) > shownLength(field);
}

/**
 * Whether every node the probe cut is a table or list the state shows with its `total`: the probe
 * reads at most a preview of a view's rows (a Qt data grid of 500 rows, a 10,000-row list), and
 * the view's total and load_rows already say so; "only part could be read" would be untrue.
 */
export function onlyViewsCut(root: A11yNode, reading: WindowReading): boolean {
  const views = new Set(reading.collections.map((c) => c.node.ref));
  const stack = [root];
  while (stack.length > 0) {
    const node = stack.pop() as A11yNode;
    // A zero-size node shows nothing it holds: its unread children are no part of the window lost.
    if (node.childCount !== undefined && node.childCount > node.children.length && !views.has(node.ref) && node.zeroSize !== true) return false;
    stack.push(...node.children);
  }
  return true;
}

export function buildBlocks(reading: WindowReading, ctx: Pick<TranslateContext, 'warnings' | 'truncated'>): BlockDraft[] {
  const blocks: BlockDraft[] = ctx.warnings.map((text, i) => ({ type: 'notice', id: `warning-${i + 1}`, severity: 'warn', text }));
  if (ctx.truncated) {
    blocks.push({ type: 'notice', id: 'partial', severity: 'warn', text: 'This window is very large: only part of its content could be read.' });
  }
  if (reading.texts.length > 0) blocks.push({ type: 'text', id: 'text', text: reading.texts.join('\n') });
  const items = [
    ...reading.fields.filter((f) => !isDocument(f)).map(fieldItem),
    ...reading.tabs.map((t) => ({ label: t.label, value: t.options.find((o) => o.selected)?.label ?? '' })),
  ];
  if (items.length > 0) blocks.push({ type: 'fields', id: 'fields', items });
  for (const doc of reading.fields.filter(isDocument)) blocks.push(documentBlock(doc));
  for (const c of reading.collections) blocks.push(collectionBlock(c));
  reading.notices.forEach((n, i) => blocks.push({ type: 'notice', id: `notice-${i + 1}`, severity: n.severity, text: n.text }));
  return blocks;
}

function fieldItem(f: Field) {
  // P-SENS-1: secrets are marked; publishContent masks them before anything leaves the bridge.
  return f.kind === 'secret' ? { label: f.label, value: f.value, sensitive: true } : { label: f.label, value: shownValue(f) };
}

export function documentBlock(f: Field): BlockDraft {
  const shown = Array.from(String(f.value)).slice(0, PREVIEW_CHARS).join('');
  const more = fullLength(f) - shownLength(f);
  const text = more > 0 ? `${shown}…\n[${more} more characters: use load_text]` : shown;
  return { type: 'text', id: `document-${slugify(f.label, 'text')}`, text };
}

export function collectionBlock(c: Collection): BlockDraft {
  const cut = isCut(c);
  const rows = cut ? c.rows.slice(0, PREVIEW_ROWS) : c.rows;
  const paging = cut ? { offset: c.offset, total: c.total } : {};
  const id = `${c.kind}-${slugify(c.label, c.kind)}`;
  if (c.kind === 'list') return { type: 'list', id, items: rows.map((r) => r[0]), ...paging };
  return { type: 'table', id, columns: c.columns, rows, ...paging };
}
