/**
 * What a user can see in a window, read straight from its tree with no translator involved: the
 * yardstick for reachability tests and the translation-size benchmark (test and bench code only,
 * not shipped). A node counts as visible when it is `visible` and `showing` — or `visible` alone
 * in trees where no node below the root carries `showing` (GTK4 sets it only on the frame) — and
 * all its ancestors are visible too, but for an ancestor that says nothing of itself (visibility.ts
 * `passesThrough`): the show rule the generic translator uses.
 */
import type { Tool } from '@modelcontextprotocol/sdk/types.js';
import { isSecretNode, type A11yNode } from '../../src/platform/probe.js';
import type { ProtocolWindow } from '../../src/protocol/schemas.js';
import { cleanText, oneLine, repairName } from '../../src/translate/text.js';
import { isEmbedded, isShown, passesThrough, showRuleOf } from '../../src/translate/kit/visibility.js';

/** Every visible node (root included), in document order, skipping hidden subtrees. */
export function visibleNodes(root: A11yNode): A11yNode[] {
  const rule = showRuleOf(root);
  const out: A11yNode[] = [];
  const visit = (node: A11yNode, isRoot: boolean, inEmbedded: boolean) => {
    const embedded = inEmbedded || isEmbedded(node);
    if (!isRoot && !isShown(node, rule)) {
      if (passesThrough(node, rule, embedded)) for (const child of node.children) visit(child, false, embedded);
      return;
    }
    out.push(node);
    for (const child of node.children) visit(child, false, embedded);
  };
  visit(root, true, false);
  return out;
}

export type VisibleKind = 'label' | 'value' | 'button';

export interface VisibleItem {
  kind: VisibleKind;
  text: string;
  node: A11yNode;
}

const LABEL_ROLES = new Set([
  'label',
  'static',
  'heading',
  'paragraph',
  'caption',
  'check_box',
  'radio_button',
  'switch',
  'table_column_header',
  'column_header',
  'page_tab',
  'list_item',
  'menu_item',
  'description_term',
]);
const VALUE_ROLES = new Set(['text', 'entry', 'spin_button', 'slider', 'combo_box', 'table_cell', 'progress_bar', 'level_bar', 'description_value']);
const BUTTON_ROLES = new Set(['push_button', 'toggle_button', 'link', 'menu_button', 'push_button_menu']);

/** The visible labels, values and button labels of a window; secrets are never items. */
export function visibleItems(root: A11yNode): VisibleItem[] {
  const items: VisibleItem[] = [];
  for (const node of visibleNodes(root)) {
    if (node === root || isSecretNode(node)) continue;
    const kind: VisibleKind | undefined = BUTTON_ROLES.has(node.role)
      ? 'button'
      : LABEL_ROLES.has(node.role)
        ? 'label'
        : VALUE_ROLES.has(node.role)
          ? 'value'
          : undefined;
    if (!kind) continue;
    const name = repairName(node.name);
    const value = cleanText(node.value ?? '');
    // A combo box or cell is named after the value it shows.
    if (name) items.push({ kind: kind === 'label' || kind === 'button' ? kind : 'value', text: name, node });
    if (value && value !== name && value !== cleanText(node.name)) items.push({ kind: 'value', text: value, node });
  }
  return items;
}

/** Comparable form of a text: one line, no trailing colon, lower case. */
export const normalise = (text: string): string =>
  oneLine(text)
    .replace(/\s*[:：]$/, '')
    .toLowerCase();

/**
 * Every string an agent can read for one window: title, summary, block contents, and its tools'
 * titles and enum values (tools as the window offers them when operable, even if a modal hides them now).
 */
export function outputAtoms(window: ProtocolWindow, tools: Tool[]): string[] {
  const atoms: string[] = [window.title, ...(window.summary ? [window.summary] : [])];
  const add = (v: unknown) => {
    if (v !== null && v !== undefined && typeof v !== 'object') atoms.push(String(v));
  };
  for (const b of window.blocks) {
    if (b.type === 'text' || b.type === 'notice') atoms.push(b.text, ...b.text.split('\n'));
    if (b.type === 'fields') b.items.forEach((i) => (atoms.push(i.label), add(i.value)));
    // eslint-disable-next-line @typescript-eslint/no-unused-expressions -- two pushes in one branch
    if (b.type === 'table') (atoms.push(...b.columns), b.rows.flat().forEach(add));
    if (b.type === 'list') b.items.forEach(add);
  }
  for (const tool of tools)
    atoms.push(tool.title ?? tool.annotations?.title ?? '', ...enumValues(tool.inputSchema), ...parameterDescriptions(tool.inputSchema));
  return atoms.map(normalise).filter(Boolean);
}

/** A parameter's description names what it takes where no enum lists it (a big menu bar's top-level menus). */
function parameterDescriptions(schema: unknown): string[] {
  const properties = (schema as { properties?: Record<string, { description?: unknown }> } | null)?.properties ?? {};
  return Object.values(properties).flatMap((p) => (typeof p.description === 'string' ? [p.description] : []));
}

function enumValues(schema: unknown): string[] {
  if (schema === null || typeof schema !== 'object') return [];
  const own = Array.isArray((schema as { enum?: unknown }).enum) ? (schema as { enum: unknown[] }).enum.map(String) : [];
  return [...own, ...Object.values(schema as Record<string, unknown>).flatMap(enumValues)];
}
