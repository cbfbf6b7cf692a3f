/**
 * What a gedit window shows about its current document: name, folder and modified flag (from the
 * title, "*notes.txt (~/Documents) - gedit"), the text (the editable text view of the selected
 * tab), the language and tab width (the status bar's popover buttons, which the probe recovers:
 * GTK3 status bars hide their children), the cursor (the text view's caret offset, shown as gedit
 * shows it: "Ln 2, Col 5") and the open documents (the tabs). The tree's part is memoised per tree
 * root: the translator's `read` and the actions' `run` share it.
 */
import { findAll, findFirst, hasState, readOnce } from '../../src/sdk/translate.js';
import type { A11yNode } from '../../src/sdk/translate.js';

export interface Cursor {
  /** 1-based, as gedit's status bar counts; null past the part of a long text the probe read. */
  line: number | null;
  column: number | null;
  /** 0-based character offset. */
  offset: number;
}

export interface TabInfo {
  name: string;
  modified: boolean;
  current: boolean;
}

export interface EditorReading {
  name: string;
  /** The folder as gedit shows it ("~/Documents"); null for a document never saved. */
  folder: string | null;
  modified: boolean;
  readOnly: boolean;
  /** The current document's text view. */
  view?: A11yNode;
  /** The text as read (the probe may have read only its beginning: see `length`). */
  text: string;
  /** Characters of the whole text. */
  length: number;
  language: string | null;
  cursor: Cursor | null;
  /** Every open document, when the window has several tabs. */
  tabs: TabInfo[];
}

const TITLE = /^(\*)?(.*?)(?: \[Read-Only\])?(?: \((.+)\))? - gedit$/;
const TAB_WIDTH = /^Tab Width/i;

/** A document view: the multi-line editable text gedit shows its document in. */
export function isDocumentView(node: A11yNode): boolean {
  return node.role === 'text' && hasState(node, 'multi_line') && hasState(node, 'editable');
}

/**
 * The title is read with the tree: a title change alone (saved, modified) must show too. Only
 * the tree's part is memoised (per tree root); the title's part is a cheap parse.
 */
export function readEditor(title: string, root: A11yNode): EditorReading {
  return { ...parseTitle(title), ...readDocument(root) };
}

type DocumentReading = Omit<EditorReading, 'name' | 'folder' | 'modified' | 'readOnly'>;

export function parseTitle(title: string): { name: string; folder: string | null; modified: boolean; readOnly: boolean } {
  const match = TITLE.exec(title);
  if (!match) return { name: title, folder: null, modified: false, readOnly: false };
  return { name: match[2] ?? title, folder: match[3] ?? null, modified: match[1] === '*', readOnly: title.includes(' [Read-Only]') };
}

const readDocument: (root: A11yNode) => DocumentReading = readOnce((root) => {
  const view = currentView(root);
  const text = view?.value ?? '';
  const length = Math.max(Number(view?.attributes?.character_count ?? 0), Array.from(text).length);
  return {
    ...(view ? { view } : {}),
    text,
    length,
    language: statusButtons(root).find((name) => !TAB_WIDTH.test(name)) ?? null,
    cursor: view ? cursorOf(view, text) : null,
    tabs: tabsOf(root),
  };
});

/** The text view of the selected tab; with one document, the only shown one. */
function currentView(root: A11yNode): A11yNode | undefined {
  const tab = findFirst(root, (n) => n.role === 'page_tab' && hasState(n, 'selected') && findFirst(n, isDocumentView) !== undefined);
  return (tab && findFirst(tab, isDocumentView)) ?? findFirst(root, (n) => isDocumentView(n) && hasState(n, 'showing'));
}

function statusButtons(root: A11yNode): string[] {
  const bar = findFirst(root, (n) => n.role === 'status_bar');
  return bar
    ? bar.children
        .filter((c) => c.role === 'toggle_button' || c.role === 'push_button')
        .map((c) => c.name.trim())
        .filter(Boolean)
    : [];
}

/** Line and column of the caret, when the text read reaches it (long texts are read in part). */
function cursorOf(view: A11yNode, text: string): Cursor | null {
  const offset = Number(view.attributes?.caret_offset);
  if (!Number.isInteger(offset) || offset < 0) return null;
  const before = Array.from(text).slice(0, offset);
  if (before.length < offset) return { line: null, column: null, offset };
  const lineStart = before.lastIndexOf('\n') + 1;
  return { line: before.filter((c) => c === '\n').length + 1, column: before.length - lineStart + 1, offset };
}

/** gedit hides the tab strip (and names no tab) while a single document is open. */
function tabsOf(root: A11yNode): TabInfo[] {
  const tabs = findAll(root, (n) => n.role === 'page_tab' && n.name.trim() !== '' && findFirst(n, isDocumentView) !== undefined);
  if (tabs.length < 2) return [];
  return tabs.map((t) => ({ name: t.name.replace(/^\*/, ''), modified: t.name.startsWith('*'), current: hasState(t, 'selected') }));
}

export function lineCount(text: string): number {
  return text === '' ? 0 : text.split('\n').length;
}
