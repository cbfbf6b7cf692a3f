/**
 * Renders the console state as a person reads it. Every text goes through textContent (never
 * innerHTML): window content comes from other applications and must not become markup.
 */
import type { ConsoleTool, GraphNode } from '../wire.js';

export type { ConsoleTool, GraphNode };

export interface Block {
  type: string;
  id?: string;
  sensitive?: boolean;
  text?: string;
  severity?: string;
  items?: unknown[];
  columns?: string[];
  rows?: unknown[][];
  ordered?: boolean;
  total?: number;
  offset?: number;
  mimeType?: string;
  url?: string;
  alt?: string;
  payload?: unknown;
}

export interface ProtocolWindow {
  id: string;
  title: string;
  modal: boolean;
  ownerId: string | null;
  version: number;
  summary?: string;
  blocks: Block[];
}

export interface A11yNode {
  ref: string;
  role: string;
  name: string;
  value?: string;
  description?: string;
  states: string[];
  actions?: string[];
  childCount?: number;
  children: A11yNode[];
}

export function el<K extends keyof HTMLElementTagNameMap>(
  tag: K,
  attrs: Record<string, string> = {},
  ...children: (Node | string)[]
): HTMLElementTagNameMap[K] {
  const node = document.createElement(tag);
  for (const [name, value] of Object.entries(attrs)) node.setAttribute(name, value);
  for (const child of children) node.append(child);
  return node;
}

export function show(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  return JSON.stringify(value);
}

/** The window graph: top-level windows with their modal windows nested under their owner. */
export function renderGraph(nodes: GraphNode[]): HTMLElement[] {
  const ids = new Set(nodes.map((n) => n.id));
  const children = new Map<string, GraphNode[]>();
  for (const n of nodes) if (n.ownerId && ids.has(n.ownerId)) children.set(n.ownerId, [...(children.get(n.ownerId) ?? []), n]);
  const item = (n: GraphNode, seen: Set<string>): HTMLElement => {
    const label = el(
      'span',
      { class: `win-node${n.operable ? ' operable' : ''}`, 'data-graph-id': n.id, 'data-operable': String(n.operable) },
      `${n.id} · ${n.title || '(untitled)'}`,
    );
    if (n.modal) label.append(' ', el('em', {}, 'modal'));
    if (n.app) label.append(el('span', { class: 'meta' }, ` — ${n.app}`));
    if (!n.operable && n.blockedBy.length > 0) label.append(el('div', { class: 'blocked' }, `blocked by ${n.blockedBy.join(' → ')}`));
    const li = el('li', {}, label);
    const below = (children.get(n.id) ?? []).filter((c) => !seen.has(c.id));
    if (below.length > 0) {
      const next = new Set([...seen, n.id]);
      li.append(el('ul', {}, ...below.map((c) => item(c, next))));
    }
    return li;
  };
  return nodes.filter((n) => !n.ownerId || !ids.has(n.ownerId)).map((n) => item(n, new Set()));
}

export function renderBlock(block: Block): HTMLElement {
  const box = el('div', { class: `block block-${block.type}`, 'data-block-id': block.id ?? '' });
  switch (block.type) {
    case 'text':
      box.append(el('p', {}, show(block.text)));
      break;
    case 'notice':
      box.className += ` notice ${block.severity ?? 'info'}`;
      box.append(show(block.text));
      break;
    case 'fields': {
      const dl = el('dl', { class: 'fields' });
      for (const item of (block.items ?? []) as { label: string; value: unknown; sensitive?: boolean }[]) {
        dl.append(el('dt', {}, item.label), el('dd', item.sensitive ? { class: 'sensitive' } : {}, show(item.value)));
      }
      box.append(dl);
      break;
    }
    case 'table': {
      const head = el('tr', {}, ...(block.columns ?? []).map((c) => el('th', {}, c)));
      const rows = (block.rows ?? []).map((row) => el('tr', {}, ...row.map((cell) => el('td', {}, show(cell)))));
      box.append(el('table', { class: 'block' }, el('thead', {}, head), el('tbody', {}, ...rows)));
      box.append(paging(block, block.rows?.length ?? 0));
      break;
    }
    case 'list': {
      const list = el(block.ordered ? 'ol' : 'ul', {}, ...(block.items ?? []).map((i) => el('li', {}, show(i))));
      box.append(list, paging(block, block.items?.length ?? 0));
      break;
    }
    case 'media':
      if (block.mimeType?.startsWith('image/') && block.url?.startsWith('data:image/')) {
        box.append(el('img', { class: 'screenshot', src: block.url, alt: block.alt ?? 'screenshot' }));
      } else box.append(el('p', { class: 'meta' }, `${block.mimeType ?? 'media'}: ${block.alt ?? block.url ?? ''}`));
      break;
    default:
      box.append(el('pre', {}, JSON.stringify(block.payload ?? block, null, 2)));
  }
  return box;
}

function paging(block: Block, shown: number): Node {
  if (block.total === undefined || block.total <= shown) return document.createTextNode('');
  const from = (block.offset ?? 0) + 1;
  return el('p', { class: 'meta' }, `rows ${from}–${from + shown - 1} of ${block.total}`);
}

export function renderTools(tools: ConsoleTool[]): HTMLElement {
  if (tools.length === 0) return el('p', { class: 'tools meta' }, 'No tools: the agent cannot act on this window now.');
  return el(
    'p',
    { class: 'tools' },
    'Tools: ',
    ...tools.flatMap((t, i) => [i > 0 ? ' ' : '', el('code', { class: t.destructive ? 'destructive' : '', title: t.title ?? '' }, t.name)]),
  );
}

/** The raw accessibility tree as indented lines: role "name" = value [states] {actions}. */
export function treeText(node: A11yNode, depth = 0, lines: string[] = []): string {
  const parts = [`${'  '.repeat(depth)}${node.role}`];
  if (node.name) parts.push(JSON.stringify(node.name));
  if (node.value !== undefined && node.value !== '') parts.push(`= ${JSON.stringify(node.value)}`);
  if (node.states.length > 0) parts.push(`[${node.states.join(' ')}]`);
  if (node.actions && node.actions.length > 0) parts.push(`{${node.actions.join(' ')}}`);
  if (node.childCount !== undefined && node.childCount > node.children.length) parts.push(`(+${node.childCount - node.children.length} not read)`);
  lines.push(parts.join(' '));
  for (const child of node.children) treeText(child, depth + 1, lines);
  return lines.join('\n');
}
