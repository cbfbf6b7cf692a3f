/**
 * gedit's main window: one sentence on the current document, a fields block (document, folder,
 * modified, language, cursor, lines), the text (cut at the generic translator's length, so its
 * load_text reads the rest: P-BLK-7), the open documents when there are several, and gedit's
 * info bars (errors loading or saving a file) as notices.
 */
import { closeAction, documentBlock, probeNotices } from '../../src/sdk/translate.js';
import type { A11yNode, BlockDraft, Field, TranslateContext, WindowReading, WindowView } from '../../src/sdk/translate.js';
import { lineCount, type EditorReading } from './document.js';
import { openAction, saveAction, saveAsAction } from './fileActions.js';
import { insertTextAction, setTextAction } from './textActions.js';

// gedit asks before a window with unsaved changes closes: closing itself loses nothing.
const ACTIONS = [setTextAction, insertTextAction, saveAction, saveAsAction, openAction, closeAction];
const NOT_SAVED = 'not saved yet';

/** As gedit's status bar says it; past the part of a long text that was read, the offset. */
function cursorText(r: EditorReading): string | null {
  if (!r.cursor) return null;
  return r.cursor.line === null ? `character ${r.cursor.offset + 1}` : `Ln ${r.cursor.line}, Col ${r.cursor.column}`;
}

/** Lines are counted only when the whole text was read. */
const isComplete = (r: EditorReading) => Array.from(r.text).length >= r.length;
const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;

function sizeText(r: EditorReading): string {
  if (r.length === 0) return 'empty';
  return isComplete(r) ? plural(lineCount(r.text), 'line') : plural(r.length, 'character');
}

function summaryOf(r: EditorReading): string {
  const clauses = [
    r.folder === null ? `${r.name} (${NOT_SAVED})` : `${r.name} in ${r.folder}`,
    r.modified ? 'unsaved changes' : 'no unsaved changes',
    ...(r.readOnly ? ['read-only'] : []),
    ...(r.language ? [r.language] : []),
    sizeText(r),
    ...(cursorText(r) ? [`cursor at ${cursorText(r)}`] : []),
  ];
  const others = r.tabs.length > 1 ? `; ${r.tabs.length} documents open` : '';
  return `gedit — ${clauses.join(', ')}${others}.`;
}

function fieldsOf(r: EditorReading): BlockDraft {
  const items = [
    { label: 'Document', value: r.name },
    { label: 'Folder', value: r.folder ?? NOT_SAVED },
    { label: 'Modified', value: r.modified },
    ...(r.readOnly ? [{ label: 'Read-only', value: true }] : []),
    ...(r.language ? [{ label: 'Language', value: r.language }] : []),
    ...(cursorText(r) ? [{ label: 'Cursor', value: cursorText(r) as string }] : []),
    ...(isComplete(r) ? [{ label: 'Lines', value: lineCount(r.text) }] : []),
    { label: 'Characters', value: r.length },
  ];
  return { type: 'fields', id: 'document', items };
}

/** The text as the generic translator would cut it, so that its load_text agrees. */
function textBlock(view: A11yNode, r: EditorReading): BlockDraft {
  const field: Field = { node: view, kind: 'text', label: 'Text', value: r.text, settable: true, multiLine: true, options: [], totalLength: r.length };
  return documentBlock(field);
}

function tabsBlock(r: EditorReading): BlockDraft[] {
  if (r.tabs.length < 2) return [];
  const items = r.tabs.map((t) => `${t.name}${t.modified ? ' (unsaved changes)' : ''}${t.current ? ' — shown' : ''}`);
  return [{ type: 'list', id: 'documents', items }];
}

export function translateEditor(r: EditorReading, generic: WindowReading, ctx: Pick<TranslateContext, 'warnings' | 'truncated'>): WindowView {
  const notices: BlockDraft[] = generic.notices.map((n, i) => ({ type: 'notice', id: `notice-${i + 1}`, severity: n.severity, text: n.text }));
  const blocks = [...probeNotices(ctx), fieldsOf(r), ...(r.view ? [textBlock(r.view, r)] : []), ...tabsBlock(r), ...notices];
  return { summary: summaryOf(r), blocks, actions: ACTIONS };
}
