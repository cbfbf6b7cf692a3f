/**
 * Corpus coverage: the share of the texts pyatspi reads in a window — names of labelled nodes,
 * text contents and values, cell texts, list items, status bars and page text — that appear in
 * what an agent reads of the same window (title, summary, blocks, tool enums), counted per
 * category; and the texts of hidden nodes that appear anyway (there must be none). Both sides
 * use the bridge's show rule (visible and showing, or visible alone in GTK 4; never zero-size),
 * and both read names the way the probe does (GTK 4's type names are no names).
 */
import type { Tool } from '@modelcontextprotocol/sdk/types.js';
import { isSecretNode, type A11yNode } from '../../../src/platform/probe.js';
import { normalizeName } from '../../../src/platform/linux/atspi/normalize.js';
import type { ProtocolWindow } from '../../../src/protocol/schemas.js';
import { cleanText, isWidgetName, repairName } from '../../../src/translate/text.js';
import { isShown, showRuleOf } from '../../../src/translate/kit/visibility.js';
import { normalise, outputAtoms } from '../../helpers/visibleContent.js';

export type Category = 'label' | 'value' | 'cell' | 'item' | 'status' | 'page';
export const CATEGORIES: readonly Category[] = ['label', 'value', 'cell', 'item', 'status', 'page'];

/** Rows of tables, lists and trees: what item views show. */
export const ROW_CATEGORIES: ReadonlySet<Category> = new Set(['cell', 'item']);

export interface CorpusItem {
  category: Category;
  text: string;
}

/** Roles whose name is text on screen: labels, captions, buttons, tabs, headers, items. */
const NAMED_ROLES = new Set([
  'label',
  'static',
  'heading',
  'paragraph',
  'caption',
  'check_box',
  'radio_button',
  'switch',
  'toggle_button',
  'push_button',
  'link',
  'menu_button',
  'page_tab',
  'table_column_header',
  'column_header',
  'table_row_header',
  'row_header',
  'description_term',
  'status_bar',
]);
const CONTROL_ROLES = new Set(['text', 'entry', 'spin_button', 'slider', 'combo_box', 'password_text', 'search_box']);
const CELL_ROLES = new Set(['table_cell']);
const ITEM_ROLES = new Set(['list_item', 'tree_item']);
/** An icon's name is the name of its picture ("go-jump") unless it is an item of an icon view (a file). */
const ICON_VIEWS = new Set(['layered_pane', 'list', 'list_box', 'table', 'tree_table', 'tree']);
const PAGE_ROLES = new Set(['page', 'document_text', 'document_frame', 'document_web']);
/** Subtrees read whether shown or not, by design: menus (the menu tool) and a closed combo box's options (select). */
const OFFERED_HIDDEN = new Set(['menu_bar', 'menu', 'popup_menu', 'combo_box', 'table', 'tree_table', 'list', 'list_box', 'tree']);
/** Texts this short (digits, single letters) occur inside any text: no evidence either way. */
const MIN_LEAK_LENGTH = 3;

/** Where a node stands: in a status bar, a page, or a row (the row's category: its parts are the row). */
interface Within {
  status: boolean;
  page: boolean;
  row?: Category;
}

function categoryOf(node: A11yNode, within: Within): Category {
  if (within.status || node.role === 'status_bar') return 'status';
  if (within.page || PAGE_ROLES.has(node.role)) return 'page';
  if (within.row) return within.row;
  if (CELL_ROLES.has(node.role)) return 'cell';
  if (ITEM_ROLES.has(node.role) || node.role === 'icon') return 'item';
  if (CONTROL_ROLES.has(node.role)) return 'value';
  return node.value && !NAMED_ROLES.has(node.role) ? 'value' : 'label';
}

/** The texts of one node as the probe would name them, for a toolkit ("GTK" "4.8.3"). */
function textsOf(node: A11yNode, toolkit: { name: string; version: string }, parentRole: string): string[] {
  const name = repairName(normalizeName(node.name, toolkit, node.role));
  const named =
    NAMED_ROLES.has(node.role) ||
    CELL_ROLES.has(node.role) ||
    ITEM_ROLES.has(node.role) ||
    (node.role === 'icon' && ICON_VIEWS.has(parentRole)) ||
    (CONTROL_ROLES.has(node.role) && !isWidgetName(name));
  // A text embedding objects (U+FFFC where each child stands: Gecko's "Search… ￼+￼") holds only
  // the runs between them: the children's words are theirs, counted where they stand.
  const runs = isSecretNode(node) ? [] : (node.value ?? '').split('\uFFFC').map(cleanText);
  return [...(named && name ? [name] : []), ...runs.filter((run) => run && run !== name)];
}

export interface SplitItems {
  shown: CorpusItem[];
  /** Texts only hidden nodes carry (outside menus and collections, which are offered hidden on purpose). */
  hidden: string[];
}

export function splitItems(root: A11yNode, toolkit: { name: string; version: string }): SplitItems {
  const rule = showRuleOf(root);
  const shown: CorpusItem[] = [];
  const hidden: string[] = [];
  // Tooltips of shown nodes may name things too (a field's label): never a leak.
  const tooltips: string[] = [];
  const visit = (node: A11yNode, parentRole: string, visible: boolean, offered: boolean, within: Within) => {
    const here = visible && isShown(node, rule);
    if (here) {
      const category = categoryOf(node, within);
      for (const text of textsOf(node, toolkit, parentRole)) shown.push({ category, text });
      if (node.description) tooltips.push(node.description);
    } else if (!offered) hidden.push(...textsOf(node, toolkit, parentRole));
    // A row's buttons and texts are read with the row (tables.ts): they count as its cells or items.
    // Only a row a user picks: the items of a list that lays out a toolbar hold its controls.
    const picked = node.states.includes('selectable');
    const row = within.row ?? (!picked ? undefined : CELL_ROLES.has(node.role) ? 'cell' : ITEM_ROLES.has(node.role) ? 'item' : undefined);
    const inner: Within = { status: within.status || node.role === 'status_bar', page: within.page || PAGE_ROLES.has(node.role), ...(row ? { row } : {}) };
    for (const child of node.children) visit(child, node.role, here, offered || OFFERED_HIDDEN.has(node.role), inner);
  };
  for (const child of root.children) visit(child, root.role, true, false, { status: false, page: false });
  const shownTexts = new Set([...shown.map((i) => i.text), ...tooltips].map(normalise));
  return { shown, hidden: [...new Set(hidden.map(normalise))].filter((t) => t.length >= MIN_LEAK_LENGTH && !shownTexts.has(t)) };
}

export interface CategoryCoverage {
  items: number;
  found: number;
}

export interface CorpusCoverage {
  ratio: number;
  /** The ratio over the categories but `cell` and `item` (the rows of item views: tables.ts reads them). */
  textRatio: number;
  items: number;
  missing: string[];
  byCategory: Partial<Record<Category, CategoryCoverage>>;
  /** Hidden texts that appear as a whole atom of our read (a text line, a field, a button). */
  leaks: string[];
}

export function corpusCoverage(reference: A11yNode, toolkit: { name: string; version: string }, window: ProtocolWindow, tools: Tool[]): CorpusCoverage {
  const { shown, hidden } = splitItems(reference, toolkit);
  const atoms = outputAtoms(window, tools);
  // The menu tool offers the entries of closed menus and popovers on purpose: not a leak. Nor
  // are the window's title and the tools' own titles ("Close"), which come from elsewhere.
  const offered = tools.filter((t) => !t.name.endsWith('__menu')).map((t) => ({ ...t, title: '', annotations: { ...t.annotations, title: '' } }));
  const exact = new Set(outputAtoms({ ...window, title: '' }, offered));
  const byText = new Map<string, Category>();
  for (const item of shown) {
    const text = normalise(item.text);
    if (text && !byText.has(text)) byText.set(text, item.category);
  }
  const byCategory: CorpusCoverage['byCategory'] = {};
  const missing: string[] = [];
  for (const [text, category] of byText) {
    const entry = (byCategory[category] ??= { items: 0, found: 0 });
    entry.items += 1;
    if (atoms.some((atom) => atom.includes(text))) entry.found += 1;
    else missing.push(`${category}: ${text}`);
  }
  const items = byText.size;
  const texts = Object.entries(byCategory).filter(([k]) => !ROW_CATEGORIES.has(k as Category));
  const textItems = texts.reduce((sum, [, c]) => sum + c.items, 0);
  const textFound = texts.reduce((sum, [, c]) => sum + c.found, 0);
  return {
    ratio: items === 0 ? 1 : 1 - missing.length / items,
    textRatio: textItems === 0 ? 1 : textFound / textItems,
    items,
    missing,
    byCategory,
    leaks: hidden.filter((text) => exact.has(text)),
  };
}

export function formatCoverage(c: CorpusCoverage): string {
  const parts = CATEGORIES.filter((k) => c.byCategory[k]).map((k) => `${k} ${c.byCategory[k]!.found}/${c.byCategory[k]!.items}`);
  return `${(c.ratio * 100).toFixed(1)}% of ${c.items}, ${(c.textRatio * 100).toFixed(1)}% without rows (${parts.join(', ')})`;
}
