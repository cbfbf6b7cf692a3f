/**
 * Reads a window: walk (what is shown), collections, label pairing, errors, message dialogs,
 * unique names. Memoised per tree root: the translators that build on it and the actions' `run`,
 * which reads the state it acts on, share one reading of a tree.
 */
import type { A11yNode } from '../../platform/probe.js';
import { readOnce } from '../readOnce.js';
import { hasState, indexByRef, isEnabled, relationTargets } from '../tree.js';
import { cleanText, fieldLabel, hintOf, isWidgetName, repairName, uniqueLabels } from './labels.js';
import { allMenuEntries } from './menus.js';
import { inReadingOrder } from './layout.js';
import type { Button, Collection, Field, FieldKind, Notice, Option, TabStrip, WindowReading } from './model.js';
import { messageKind, noticeOf } from './notices.js';
import { pairLabels, type Pairing } from './pairing.js';
import { readCollection, type CollectionReading } from './tables.js';
import { isPresent, showRuleOf } from './visibility.js';
import { toggledOnNotice } from './toggleButtons.js';
import { undrawnCount, undrawnNotice } from './undrawnContent.js';
import { nearScreenNotice } from './nearScreen.js';
import { joinCounts } from './countSuffix.js';
import type { RawControl } from './rawControls.js';
import { walkWindow, type RawReading } from './walk.js';

/** What a user sees in a window, read once per tree (`readOnce`). */
export const readWindow: (root: A11yNode) => WindowReading = readOnce((root) => buildReading(root));

/**
 * The reading the generic actions take: the window's generic reading and its tree root. An app
 * translator that keeps the generic actions (`withGenericActions`) makes its reading extend it.
 */
export interface GenericReading {
  root: A11yNode;
  generic: WindowReading;
}

export function readGeneric(root: A11yNode): GenericReading {
  return { root, generic: readWindow(root) };
}

const FALLBACK_LABEL: Record<FieldKind | 'table' | 'list', string> = {
  text: 'Text',
  secret: 'Password',
  number: 'Value',
  choice: 'Choice',
  check: 'Option',
  radio: 'Option',
  display: 'Value',
  table: 'Table',
  list: 'List',
};

/** Said of a document area that takes typing but exposes no text. */
export const UNREADABLE_DOCUMENT = 'The document area takes typing (type_text), but its text cannot be read.';
/** Said when the application paints part of the window without exposing it (walk.ts `opaque`). */
export const OPAQUE_NOTICE =
  "Part of this window is drawn by the application without exposing its content (a drawing area): what it shows there cannot be read here. Use the application's own fields, views or menus to reach it (a cell address box, a list view), or a screenshot.";

const WINDOW_CONTROLS = new Set(['Minimize', 'Maximize', 'Restore', 'Unmaximize', 'Close']);

function buildReading(root: A11yNode): WindowReading {
  const rule = showRuleOf(root);
  const raw = walkWindow(root, rule);
  const index = indexByRef(root);
  const parents = parentIndex(root);
  const collections = raw.collections.map((node) => readCollection(node));
  const pairing = pairLabels(
    [
      ...raw.controls.map((c) => ({ node: c.node, needsLabel: c.ownLabel === '' })),
      ...collections.map((c) => ({ node: c.node, needsLabel: ownCollectionName(c.node, parents) === '' })),
    ],
    raw.texts,
    index,
    parents,
  );
  const errors = errorTexts(raw, index);
  const fields = joinCounts(
    inReadingOrder(
      raw.controls.map((c) => toField(c, pairing, errors, parents)),
      (f) => f.node,
      parents,
    ),
    parents,
  );
  const tables = collections.map((c) => toCollection(c, pairing, parents));
  const rowToggles = tables.flatMap((c) => c.toggles.map(rowToggleField));
  const tabs = readTabs(raw.tabs);
  // One namespace for everything an action names: fields, row check boxes, tables, lists, tabs.
  const named: Array<{ label: string; node: A11yNode }> = [...fields, ...rowToggles, ...tables, ...tabs];
  const names = uniqueLabels(
    named,
    (x) => x.label,
    (x) => hintOf(x.node),
  );
  named.forEach((x, i) => (x.label = names[i] as string));
  const buttons = readButtons(raw, parents);
  const { texts, notices, message } = textsAndNotices(root, raw, { pairing, errors, parents }, fields, buttons);
  const undrawn = undrawnCount(root, rule, { texts, fields, collections: tables, buttons, tabs, editors: raw.editors, keyAreas: raw.keyAreas });
  if (undrawn > 0) notices.push({ severity: 'info', text: undrawnNotice(undrawn) });
  for (const c of tables) if (c.about) notices.push({ severity: 'info', text: nearScreenNotice({ ...c, about: c.about }) });
  return {
    rule,
    texts,
    notices,
    ...(message ? { message } : {}),
    fields,
    rowToggles,
    collections: tables,
    buttons,
    menus: allMenuEntries(root, raw.menus),
    tabs,
    keyAreas: raw.keyAreas,
    editors: raw.editors,
    ...(raw.folderButton ? { folder: repairName(raw.folderButton.name) } : {}),
  };
}

/** The remaining text, the notices and a message dialog's message. */
function textsAndNotices(
  root: A11yNode,
  raw: RawReading,
  { pairing, errors, parents }: { pairing: Pairing; errors: ErrorTexts; parents: Map<string, A11yNode> },
  fields: Field[],
  buttons: Button[],
): Pick<WindowReading, 'texts' | 'notices' | 'message'> {
  // Labels used for controls are shown as field labels; captions of tables and lists stay text.
  const usedAsLabel = new Set(raw.controls.flatMap((c) => pairing.sources.get(c.node.ref) ?? []));
  const shownTexts = raw.texts.filter((t) => !usedAsLabel.has(t.node.ref) && !errors.labelRefs.has(t.node.ref));
  let texts = inReadingOrder(shownTexts, (t) => t.node, parents).map((t) => t.text);
  const notices: Notice[] = raw.notices.map(noticeOf).filter((n): n is Notice => n !== undefined);
  const kind = messageKind(root, raw.icons);
  let message: WindowReading['message'];
  if (kind && texts.length > 0) {
    message = { text: texts[0] as string, kind };
    if (kind !== 'question') {
      notices.unshift({ severity: kind, text: message.text });
      texts = texts.slice(1);
    }
  }
  for (const f of fields) if (f.error) notices.push({ severity: 'error', text: `${f.label}: ${f.error}` });
  // Greyed-out buttons are not pressable, but knowing they exist (Undo, Save All) is content.
  const unavailable = [...new Set(raw.unavailable)];
  if (unavailable.length > 0) notices.push({ severity: 'info', text: `Not available now: ${unavailable.join(', ')}.` });
  // A file chooser's current folder button is said as its folder.
  const toggledOn = toggledOnNotice(
    buttons.filter((b) => b.node !== raw.folderButton),
    parents,
  );
  if (toggledOn) notices.push({ severity: 'info', text: toggledOn });
  if (raw.keyAreas.length > 0) notices.push({ severity: 'info', text: UNREADABLE_DOCUMENT });
  if (raw.opaque.length > 0) notices.push({ severity: 'info', text: OPAQUE_NOTICE });
  return { texts: [...new Set(texts)], notices, ...(message ? { message } : {}) };
}

function toField(c: RawControl, pairing: Pairing, errors: ErrorTexts, parents: Map<string, A11yNode>): Field {
  const label = c.ownLabel || pairing.labels.get(c.node.ref) || fallbackLabel(c, parents);
  const error = errors.byControl.get(c.node.ref);
  return {
    node: c.node,
    kind: c.kind,
    label,
    value: c.value,
    settable: c.settable,
    multiLine: c.multiLine,
    options: c.options,
    ...(c.entry ? { entry: c.entry } : {}),
    ...(c.totalLength !== undefined ? { totalLength: c.totalLength } : {}),
    ...(error ? { error } : {}),
  };
}

function rowToggleField(o: Option): Field {
  return { node: o.node, kind: 'check', label: o.label, value: o.selected, settable: isEnabled(o.node), multiLine: false, options: [] };
}

/**
 * A control no label names: its own name (never a widget id), placeholder or tooltip, else the
 * name of the group around it (evince's zoom entry sits in "Set zoom level"), and only then its
 * kind ("Text"), numbered when repeated.
 */
function fallbackLabel({ node, kind, entry, value }: RawControl, parents: Map<string, A11yNode>): string {
  const name = repairName(node.name);
  // A combo box is named after its value, except one typed into whose name says what it is for (an address bar).
  const typedInto = entry !== undefined || hasState(node, 'editable');
  const namesValue = kind === 'choice' && (!typedInto || name === value);
  const own = namesValue || isWidgetName(name) ? '' : name;
  return fieldLabel(own || node.attributes?.['placeholder-text'] || hintOf(node) || groupName(node, parents)) || FALLBACK_LABEL[kind];
}

/** Roles that only group what they hold: their name, or else their tooltip, names the group. */
const GROUP_ROLES = new Set(['panel', 'filler', 'section', 'grouping', 'form', 'tool_bar']);
const GROUP_DEPTH = 3;

/** The name of the nearest group a few levels up (not the window: its title is no field's label). */
function groupName(node: A11yNode, parents: Map<string, A11yNode>): string {
  let current = parents.get(node.ref);
  for (let depth = 0; current && depth < GROUP_DEPTH && GROUP_ROLES.has(current.role); depth++) {
    const name = repairName(current.name);
    const text = (name && !isWidgetName(name) ? name : '') || hintOf(current);
    if (text) return text;
    current = parents.get(current.ref);
  }
  return '';
}

function toCollection(c: CollectionReading, pairing: Pairing, parents: Map<string, A11yNode>): Collection {
  const label = ownCollectionName(c.node, parents) || pairing.labels.get(c.node.ref) || hintOf(c.node) || FALLBACK_LABEL[c.kind];
  return { ...c, label };
}

/**
 * A table's own name, or that of the scroll pane around it ("Places"), or of the frame it sits in
 * within the window (a Qt dock widget: Qt Linguist's "Context" and "Strings" trees are unnamed).
 */
function ownCollectionName(node: A11yNode, parents: Map<string, A11yNode>): string {
  let current: A11yNode | undefined = node;
  for (let depth = 0; current && depth < 3; depth++) {
    const name = repairName(current.name);
    if (name) return fieldLabel(name);
    current = parents.get(current.ref);
    if (current && !['scroll_pane', 'viewport'].includes(current.role)) break;
  }
  const inner = current && INNER_FRAMES.has(current.role) && parents.has(current.ref) ? repairName(current.name) : '';
  return inner ? fieldLabel(inner) : '';
}

/** Frames inside a window that title what they hold (the window's own frame is the root, never this). */
const INNER_FRAMES = new Set(['frame', 'internal_frame']);

interface ErrorTexts {
  byControl: Map<string, string>;
  labelRefs: Set<string>;
}

/** Error labels tied to controls by error_message / error_for, and invalid entries without one. */
function errorTexts(raw: RawReading, index: Map<string, A11yNode>): ErrorTexts {
  const out: ErrorTexts = { byControl: new Map(), labelRefs: new Set() };
  for (const { node } of raw.controls) {
    const refs = relationTargets(node, 'error_message');
    const text = refs
      .map((ref) => cleanText(index.get(ref)?.name ?? ''))
      .filter(Boolean)
      .join(' ');
    for (const ref of refs) out.labelRefs.add(ref);
    if (text) out.byControl.set(node.ref, text);
    else if (node.states.includes('invalid_entry') && !isUnfilledRequired(node)) out.byControl.set(node.ref, 'invalid value');
  }
  for (const { node, text } of raw.texts) {
    for (const ref of relationTargets(node, 'error_for')) {
      out.labelRefs.add(node.ref);
      if (!out.byControl.has(ref) && raw.controls.some((c) => c.node.ref === ref)) out.byControl.set(ref, text);
    }
  }
  return out;
}

/**
 * A required input left empty is `invalid_entry` from the start in Gecko (Thunderbird's search
 * box): it is not filled in yet, which no one shows as an error before the form is sent.
 */
function isUnfilledRequired(node: A11yNode): boolean {
  return node.states.includes('required') && cleanText(node.value ?? '') === '';
}

function readButtons(raw: RawReading, parents: Map<string, A11yNode>): Button[] {
  const kept = raw.buttons.filter((b) => !isWindowControl(b, parents));
  const hint = (b: A11yNode) => hintOf(b) || raw.buttonHints.get(b.ref) || '';
  const labels = uniqueLabels(kept, (b) => repairName(b.name) || buttonText(b), hint);
  return kept.map((node, i) => ({ node, label: labels[i] as string, hint: hint(node) }));
}

function buttonText(node: A11yNode): string {
  for (const child of node.children) {
    const text = child.role === 'label' ? repairName(child.value || child.name) : buttonText(child);
    if (text) return text;
  }
  return hintOf(node);
}

/**
 * A client-side title bar's Close button: the `close` tool does the same. Its Minimize and
 * Maximize / Restore stay pressable (no other tool does what they do).
 */
function isWindowControl(button: A11yNode, parents: Map<string, A11yNode>): boolean {
  if (button.name !== 'Close') return false; // a dialog's own Close button has no such siblings
  const siblings = parents.get(button.ref)?.children ?? [];
  return siblings.filter((s) => WINDOW_CONTROLS.has(s.name) && s.role === button.role).length >= 2;
}

function readTabs(lists: A11yNode[]): TabStrip[] {
  const strips: TabStrip[] = [];
  for (const node of lists) {
    const tabs = node.children.filter((t) => t.role === 'page_tab' && isPresent(t) && repairName(t.name));
    // Qt marks the current tab "focused", never "selected", and names the strip after it.
    const mark = tabs.some((t) => t.states.includes('selected')) ? 'selected' : 'focused';
    const options = tabs.map((t) => ({ label: repairName(t.name), node: t, selected: t.states.includes(mark) }));
    const name = repairName(node.name);
    // A strip named after its current tab (Qt) would change its name with every switch: it is
    // named after its first tab instead, which stays.
    const afterTab = options.some((o) => o.label === name);
    const label = afterTab ? `${options[0]?.label} tabs` : name || 'Tab';
    if (options.length >= 2) strips.push({ node, label, options });
  }
  return strips;
}

function parentIndex(root: A11yNode): Map<string, A11yNode> {
  const parents = new Map<string, A11yNode>();
  const stack = [root];
  while (stack.length > 0) {
    const node = stack.pop() as A11yNode;
    for (const child of node.children) {
      parents.set(child.ref, node);
      stack.push(child);
    }
  }
  return parents;
}

export type { Collection, Field };
