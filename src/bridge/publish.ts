/**
 * Turns a translator's view into what clients see: block ids assigned, sensitive values masked
 * (P-SENS-1). This is the only way content leaves the bridge, so masking cannot be bypassed.
 */
import type { Block, ProtocolWindow } from '../protocol/schemas.js';
import { SENSITIVE_MASK } from '../platform/probe.js';
import type { WindowView } from '../translate/types.js';

export interface WindowHeader {
  id: string;
  title: string;
  modal: boolean;
  ownerId: string | null;
  version: number;
}

export interface PublishedContent {
  summary: string;
  blocks: Block[];
}

export function publishContent(view: WindowView): PublishedContent {
  const used = new Set<string>();
  const counters = new Map<string, number>();
  const blocks = view.blocks.map((block) => {
    let id = block.id ?? nextGenericId(block.type, counters, used);
    if (used.has(id)) id = dedupe(id, used);
    used.add(id);
    return maskBlock({ ...block, id });
  });
  return { summary: view.summary, blocks };
}

export function buildWindow(header: WindowHeader, content: PublishedContent): ProtocolWindow {
  return { ...header, summary: content.summary, blocks: content.blocks };
}

function nextGenericId(type: string, counters: Map<string, number>, used: Set<string>): string {
  let n = counters.get(type) ?? 0;
  let id: string;
  do id = `${type}-${++n}`;
  while (used.has(id));
  counters.set(type, n);
  return id;
}

function dedupe(id: string, used: Set<string>): string {
  let n = 2;
  while (used.has(`${id}-${n}`)) n++;
  return `${id}-${n}`;
}

/** Masks a value unless it is empty: "not filled in yet" is useful and reveals no secret. */
export function maskValue(value: unknown): unknown {
  return value === '' || value === null || value === undefined ? value : SENSITIVE_MASK;
}

function maskBlock(block: Block): Block {
  if (block.type === 'fields') {
    const items = block.items.map((item) => (item.sensitive || block.sensitive ? { ...item, value: maskValue(item.value), sensitive: true } : item));
    return { ...block, items };
  }
  if (!block.sensitive) return block;
  switch (block.type) {
    case 'text':
    case 'notice':
      return { ...block, text: String(maskValue(block.text)) };
    case 'table':
      return { ...block, rows: block.rows.map((row) => row.map(maskValue)) };
    case 'list':
      return { ...block, items: block.items.map(maskValue) };
    case 'custom':
      return { ...block, payload: maskValue(block.payload) };
    case 'media':
      return { ...block, url: 'data:text/plain;base64,', alt: SENSITIVE_MASK };
  }
}
