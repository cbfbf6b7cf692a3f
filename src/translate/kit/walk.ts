/**
 * One pass over the shown part of a window's tree, sorting nodes into texts, controls, buttons,
 * tables and lists, notices and menus. Invisible and non-showing subtrees, decoration (separators,
 * scroll bars, icons) and the insides of buttons are skipped; every node lands in one bucket at
 * most, so nothing is reported twice.
 */
import { isSecretNode, type A11yNode } from '../../platform/probe.js';
import { hasState, isEnabled } from '../tree.js';
import { cleanText, controlLabel, hintOf, repairName } from './labels.js';
import { hasButtonInside, isButtonWrapper, menuButtonEntries, menuEntriesOfButton } from './menus.js';
import type { MenuEntry } from './model.js';
import {
  BUTTON_ROLES,
  DECORATIVE_ROLES,
  DISPLAY_ROLES,
  LIST_ROLES,
  NOTICE_ROLES,
  NUMBER_ROLES,
  PAGE_ROLES,
  TABLE_ROLES,
  TEXT_INPUT_ROLES,
  TEXT_ROLES,
  TOGGLE_ROLES,
} from './roles.js';
import { isToggledOn } from './toggleButtons.js';
import { comboControl, drawnDisplay, numberControl, toggleControl, type RawControl } from './rawControls.js';
import { isDescribedDrawing, isEditableDocument, isEditableWebDocument, isKeyArea, OPAQUE_ROLES, paintedViewIn, shapeParagraphs } from './drawnAreas.js';
import { isSettingsList } from './settingsLists.js';
import { readCollection } from './tables.js';
import { isEmbedded, isPresent, isShown, passesThrough, type ShowRule } from './visibility.js';

export interface TextCandidate {
  node: A11yNode;
  text: string;
}

export interface RawNotice {
  node: A11yNode;
  kind: string;
  texts: string[];
}

export interface RawReading {
  rule: ShowRule;
  texts: TextCandidate[];
  controls: RawControl[];
  collections: A11yNode[];
  buttons: A11yNode[];
  /** Tooltips of wrapper buttons (GTK4 menu buttons), for the real button inside. */
  buttonHints: Map<string, string>;
  menus: MenuEntry[];
  /** Labels of shown buttons that are greyed out: named in a notice, not offered by press. */
  unavailable: string[];
  /** Shown areas the application draws without exposing what they show (a spreadsheet's canvas). */
  opaque: A11yNode[];
  notices: RawNotice[];
  /** Names of shown icons ("Error", "Question"): the kind of a message dialog. */
  icons: string[];
  tabs: A11yNode[];
  keyAreas: A11yNode[];
  editors: A11yNode[];
  /** Refs of the paragraphs of editable documents' shapes: text fields of the shapes (drawnAreas.ts). */
  shapeTexts: Set<string>;
  folderButton?: A11yNode;
  /** The walk is inside content another process embeds (visibility.ts `passesThrough`). */
  inEmbedded: boolean;
}

export function walkWindow(root: A11yNode, rule: ShowRule): RawReading {
  const out: RawReading = {
    rule,
    texts: [],
    controls: [],
    collections: [],
    buttons: [],
    buttonHints: new Map(),
    menus: [],
    unavailable: [],
    opaque: [],
    notices: [],
    icons: [],
    tabs: [],
    keyAreas: [],
    editors: [],
    shapeTexts: new Set(),
    inEmbedded: false,
  };
  const inChooser = root.role === 'file_chooser';
  for (const child of root.children) visit(child, out, inChooser);
  return out;
}

function visit(node: A11yNode, out: RawReading, inChooser: boolean): void {
  if (!isEmbedded(node) || out.inEmbedded) return visitNode(node, out, inChooser);
  out.inEmbedded = true;
  try {
    visitNode(node, out, inChooser);
  } finally {
    out.inEmbedded = false;
  }
}

function visitNode(node: A11yNode, out: RawReading, inChooser: boolean): void {
  if (!isShown(node, out.rule)) {
    if (passesThrough(node, out.rule, out.inEmbedded)) for (const child of node.children) visit(child, out, inChooser);
    return;
  }
  const role = node.role;
  if (DECORATIVE_ROLES.has(role)) {
    if ((role === 'icon' || role === 'image') && repairName(node.name)) out.icons.push(repairName(node.name));
    return;
  }
  // A drawing surface that takes keys is a document (type_text); one that does not, only unreadable.
  if (isKeyArea(node)) return void out.keyAreas.push(node);
  const painted = paintedViewIn(node);
  if (painted) return void (painted.takesKeys ? out.keyAreas : out.opaque).push(painted.view);
  if (isEditableWebDocument(node)) return visitTextInput(node, out);
  // Its shapes are read below, each shape's paragraphs as its text fields; the document itself is where typing goes.
  if (isEditableDocument(node)) {
    out.editors.push(node);
    for (const paragraph of shapeParagraphs(node)) out.shapeTexts.add(paragraph.ref);
  }
  if (isDescribedDrawing(node)) return void out.controls.push(drawnDisplay(node));
  if (OPAQUE_ROLES.has(role) && node.children.length === 0 && !repairName(node.name) && !cleanText(node.value ?? '')) return void out.opaque.push(node);
  if (BUTTON_ROLES.has(role) && visitButton(node, out, inChooser)) return;
  if (TOGGLE_ROLES.has(role)) return void out.controls.push(toggleControl(node));
  if (TEXT_INPUT_ROLES.has(role)) {
    // Buttons inside an entry are buttons of their own: Qt's "Toggle Password", "Clear search".
    for (const child of node.children) if (BUTTON_ROLES.has(child.role) || TOGGLE_ROLES.has(child.role)) visit(child, out, inChooser);
    return visitTextInput(node, out);
  }
  if (NUMBER_ROLES.has(role) || DISPLAY_ROLES.has(role)) return void out.controls.push(numberControl(node));
  if (role === 'combo_box') return void out.controls.push(comboControl(node));
  if (LIST_ROLES.has(role) && (isLayoutList(node, out.rule) || isSettingsList(node, out.rule)))
    return void node.children.forEach((child) => visit(child, out, inChooser));
  if (TABLE_ROLES.has(role) || LIST_ROLES.has(role)) return void out.collections.push(wrappedView(node, out.rule) ?? node);
  if (role === 'page_tab_list') return visitTabs(node, out, inChooser);
  if (role === 'menu_bar') return; // menus are read by menus.ts, whether shown or not
  if (NOTICE_ROLES.has(role)) return visitNotice(node, out, inChooser);
  if (out.shapeTexts.has(node.ref)) return visitTextInput(node, out);
  if (TEXT_ROLES.has(role) && wrapsControl(node)) return visitWrappingLabel(node, out, inChooser);
  if ((TEXT_ROLES.has(role) || holdsText(node)) && !embedsObjects(node)) {
    const text = cleanText(node.value || node.name);
    if (text) out.texts.push({ node, text });
    return;
  }
  if ((TEXT_ROLES.has(role) || holdsText(node)) && visitEmbedding(node, out, inChooser)) return;
  const shownText = ownShownText(node);
  if (shownText) out.texts.push({ node, text: shownText });
  const nested = inChooser || role === 'file_chooser';
  for (const child of node.children) visit(child, out, nested);
}

/**
 * A list that only lays out controls: a web page's `<ul>` of toolbar items (Thunderbird's unified
 * toolbar holds its search box in one). It reads as no row, so as a collection it would hide the
 * controls: they are read where they stand instead.
 */
function isLayoutList(node: A11yNode, rule: ShowRule): boolean {
  return readCollection(node).rows.length === 0 && node.children.some((child) => holdsControl(child, rule));
}

function holdsControl(node: A11yNode, rule: ShowRule): boolean {
  if (!isShown(node, rule)) return false;
  return CONTROL_ROLES.has(node.role) || BUTTON_ROLES.has(node.role) || node.children.some((child) => holdsControl(child, rule));
}

/** What may stand between a view and the view it wraps. */
const WRAPPER_ROLES = new Set(['scroll_pane', 'viewport', 'panel', 'filler']);

/**
 * The view inside a view that only wraps it: GTK 4's sidebar (Nautilus) is a list named "Sidebar"
 * whose one child is a scroll pane holding the real list; read as one item it would be all the
 * places joined. The inner view is read, under the outer one's name.
 */
function wrappedView(node: A11yNode, rule: ShowRule): A11yNode | undefined {
  let current = node;
  for (let depth = 0; depth < 4; depth++) {
    const only = current.children.filter((c) => isShown(c, rule) && !DECORATIVE_ROLES.has(c.role));
    if (only.length !== 1) return undefined;
    const child = only[0] as A11yNode;
    if (TABLE_ROLES.has(child.role) || LIST_ROLES.has(child.role)) return { ...child, name: child.name || node.name };
    if (!WRAPPER_ROLES.has(child.role)) return undefined;
    current = child;
  }
  return undefined;
}

/**
 * What a container shows itself: a document viewer's page its text (evince's `page` nodes carry
 * the page text and no children), a frame inside the window its caption — or the value it frames:
 * a calculator shows its result as a frame named "89" around nothing readable.
 */
function ownShownText(node: A11yNode): string {
  if (PAGE_ROLES.has(node.role)) return cleanText(node.value ?? '');
  if (node.role === 'frame') return repairName(node.name);
  return '';
}

/**
 * A text whose content holds U+FFFC (object replacement) characters has objects embedded in it,
 * its children: a web page's paragraph holding a label and an input (Chromium, Firefox). Its
 * children are read instead, text runs included (they are children too).
 */
function embedsObjects(node: A11yNode): boolean {
  return node.children.length > 0 && (node.value ?? '').includes('\uFFFC');
}

/**
 * A web page's `<div>` with text of its own: Gecko names it `section` and exposes its words only
 * through its text (a notification bar's "The security sandbox is disabled…").
 */
function holdsText(node: A11yNode): boolean {
  return node.role === 'section' && !repairName(node.name) && cleanText((node.value ?? '').replace(/\uFFFC/g, ' ')) !== '';
}

/** Roles that are blocks of their own inside a text: read where they stand, not inline. */
const BLOCK_ROLES = new Set([...TEXT_ROLES, 'section', ...TABLE_ROLES, ...LIST_ROLES, 'form', 'panel', 'filler']);

/**
 * A text that embeds one object per child, in order (U+FFFC where each stands: Gecko exposes a
 * paragraph's words only inside its text, "Read ￼ first" around a link). Inline objects (links,
 * buttons, inputs) give their words in place, so the sentence stays whole, and are then visited
 * for their tools; blocks (a paragraph in a div) are read as themselves, and the text's own runs
 * apart (in reading order they come before the blocks: they sort by the text's node). False when
 * the objects are not one per child (Chromium also exposes text runs as children: those are read
 * instead).
 */
function visitEmbedding(node: A11yNode, out: RawReading, inChooser: boolean): boolean {
  const runs = (node.value ?? '').split('\uFFFC');
  if (runs.length - 1 !== node.children.length) return false;
  if (!node.children.some((child) => BLOCK_ROLES.has(child.role))) {
    // Objects alone (a paragraph that only holds a button) are read as themselves: no sentence.
    const words = runs.map((run, i) => run + (node.children[i] ? inlineWords(node.children[i] as A11yNode) : '')).join('');
    const text = runs.some((run) => cleanText(run) !== '') ? cleanText(words) : '';
    if (text) out.texts.push({ node, text });
    for (const child of node.children) visit(child, out, inChooser);
    return true;
  }
  runs.forEach((run, i) => {
    const text = cleanText(run);
    if (text) out.texts.push({ node, text });
    const child = node.children[i];
    if (child) visit(child, out, inChooser);
  });
  return true;
}

/** What an inline object shows within a sentence: its name (a link), else its text (an input). */
function inlineWords(node: A11yNode): string {
  if (isSecretNode(node)) return '';
  return repairName(node.name) || cleanText((node.value ?? '').replace(/\uFFFC/g, ' '));
}

/** Roles a user sets: a text that holds one is a label wrapped around its control. */
const CONTROL_ROLES = new Set([...TOGGLE_ROLES, ...TEXT_INPUT_ROLES, ...NUMBER_ROLES, 'combo_box']);

function wrapsControl(node: A11yNode): boolean {
  return node.children.some((child) => CONTROL_ROLES.has(child.role) || (TEXT_ROLES.has(child.role) && wrapsControl(child)));
}

/**
 * An HTML `<label>` around its check box or radio button (Gecko exposes the input as the label's
 * child, and the label's text without it): the control inside is read, so it gets its tool; the
 * label's text is kept only when it says more than the control's own name.
 */
function visitWrappingLabel(node: A11yNode, out: RawReading, inChooser: boolean): void {
  const before = out.controls.length;
  for (const child of node.children) visit(child, out, inChooser);
  const text = cleanText(node.value || node.name);
  const named = out.controls.slice(before).map((c) => c.ownLabel);
  if (text && !named.includes(text)) out.texts.push({ node, text });
}

/** False when the "button" is only a wrapper around the real one (GTK4 menu buttons). */
function visitButton(node: A11yNode, out: RawReading, inChooser: boolean): boolean {
  if (isButtonWrapper(node)) {
    const hint = hintOf(node);
    const inner = node.children.find(hasButtonInside);
    const button = inner && (BUTTON_ROLES.has(inner.role) ? inner : undefined);
    if (hint && button && !hintOf(button)) out.buttonHints.set(button.ref, hint);
    out.menus.push(...menuButtonEntries(node));
    return false;
  }
  // A greyed-out button cannot be pressed now: press lists only what works (P-TOOL-2).
  if (controlLabel(node) && isEnabled(node)) out.buttons.push(node);
  else if (controlLabel(node)) out.unavailable.push(controlLabel(node));
  out.menus.push(...menuEntriesOfButton(node));
  // The path bar's pressed-in button is the folder shown (GTK 4 exposes it as a pressed push button).
  if (inChooser && isToggledOn(node) && !out.folderButton) out.folderButton = node;
  return true;
}

function visitTextInput(node: A11yNode, out: RawReading): void {
  const editable = hasState(node, 'editable') && !hasState(node, 'read_only');
  if (!editable) {
    const text = cleanText(node.value ?? '');
    if (text) out.texts.push({ node, text });
    return;
  }
  const secret = isSecretNode(node);
  // The probe reads long texts only in part and says how long they are.
  const total = Number(node.attributes?.character_count);
  out.controls.push({
    node,
    kind: secret ? 'secret' : 'text',
    ownLabel: '',
    // P-SENS-1: a secret's text is never read; the probe's masked value is all there is.
    value: secret ? (node.value ?? '') : cleanText(node.value ?? ''),
    settable: isEnabled(node),
    multiLine: hasState(node, 'multi_line'),
    options: [],
    ...(!secret && Number.isInteger(total) && total > 0 ? { totalLength: total } : {}),
  });
}

function visitTabs(node: A11yNode, out: RawReading, inChooser: boolean): void {
  out.tabs.push(node);
  // A lone tab is no choice (tab strips offer two or more), but its title is on screen: a browser's one page.
  const present = node.children.filter((tab) => tab.role === 'page_tab' && isPresent(tab) && repairName(tab.name));
  if (present.length === 1) out.texts.push({ node: present[0] as A11yNode, text: repairName((present[0] as A11yNode).name) });
  // Only the selected page's content is on screen.
  for (const tab of node.children) {
    // Beside the tabs, a strip holds buttons of its own: a browser's "Open a new tab".
    if (tab.role !== 'page_tab') visit(tab, out, inChooser);
    else if (hasState(tab, 'selected')) for (const child of tab.children) visit(child, out, inChooser);
  }
}

function visitNotice(node: A11yNode, out: RawReading, inChooser: boolean): void {
  const texts: string[] = [];
  const collect = (n: A11yNode) => {
    for (const child of n.children) {
      if (!isShown(child, out.rule)) continue;
      if (TEXT_ROLES.has(child.role) || holdsText(child)) {
        const text = cleanText((child.value || child.name).replace(/\uFFFC/g, ' '));
        if (text) texts.push(text);
        for (const inner of child.children) if (BUTTON_ROLES.has(inner.role) || TOGGLE_ROLES.has(inner.role)) visit(inner, out, inChooser);
      } else if (BUTTON_ROLES.has(child.role) || TOGGLE_ROLES.has(child.role)) visit(child, out, inChooser);
      else collect(child);
    }
  };
  collect(node);
  const own = repairName(node.name);
  // A GTK status bar keeps its last message as its name after its label emptied ("Loading file…"):
  // its name counts only where it has nothing inside (Thunar's status bar is its name alone).
  if (texts.length === 0 && own && (node.role !== 'status_bar' || node.children.length === 0)) texts.push(own);
  out.notices.push({ node, kind: node.role, texts });
}
