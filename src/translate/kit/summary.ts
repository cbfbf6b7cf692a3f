/**
 * One true sentence: what the window is (title and kind) and its key state — the message of a
 * message dialog, the first filled and the empty fields, the folder of a file chooser, documents,
 * tables and lists, errors (P-BLK-6, seed §4.3). Built only from what the blocks show.
 */
import type { A11yNode } from '../../platform/probe.js';
import type { WindowFacts } from '../types.js';
import { isDocument } from './blocks.js';
import type { Collection, Field, WindowReading } from './model.js';
import { DIALOG_ROLES } from './roles.js';
import { shownValue } from './countSuffix.js';
import { aboutCount } from './nearScreen.js';

const MAX_QUOTE = 80;
const MAX_CLAUSES = 4;

export function summarise(facts: Pick<WindowFacts, 'title' | 'modal' | 'windowType'>, root: A11yNode, reading: WindowReading): string {
  const clauses = [
    ...messageClause(reading),
    ...fieldClauses(reading.fields.filter((f) => !isDocument(f))),
    ...(reading.folder ? [`in folder "${reading.folder}"`] : []),
    ...reading.fields.filter(isDocument).map(documentClause),
    ...reading.collections.slice(0, 2).map(collectionClause),
    ...(reading.keyAreas.length > 0 ? ['a document whose text cannot be read'] : []),
    ...problemClauses(reading),
  ].slice(0, MAX_CLAUSES);
  if (clauses.length === 0 && reading.texts[0]) clauses.push(quote(reading.texts[0]));
  const head = `${titleWords(facts.title)} ${kindOf(facts, root)}`;
  if (clauses.length === 0) return `${head}, with no readable content.`;
  const sentence = `${head} — ${clauses.join(', ')}`;
  return /[.?!]"$/.test(sentence) ? sentence : `${sentence}.`;
}

function kindOf(facts: Pick<WindowFacts, 'modal' | 'windowType'>, root: A11yNode): string {
  if (root.role === 'file_chooser') return 'file chooser';
  if (root.role === 'alert') return 'message';
  return DIALOG_ROLES.has(root.role) || facts.modal || facts.windowType === 'dialog' ? 'dialog' : 'window';
}

function titleWords(title: string): string {
  const text = title.trim();
  if (!text) return 'Untitled';
  return /[?!.:"]$/.test(text) || /\s[-–—]\s/.test(text) ? `"${text}"` : text;
}

function messageClause(reading: WindowReading): string[] {
  const m = reading.message;
  if (!m) return [];
  const verb = { question: 'asks', error: 'error:', warn: 'warning:', info: 'says', success: 'says' }[m.kind];
  return [`${verb} ${quote(m.text)}`];
}

function fieldClauses(fields: Field[]): string[] {
  const filled = fields.filter((f) => f.kind !== 'check' && f.kind !== 'radio' && f.value !== '' && f.kind !== 'display');
  const empty = fields.filter((f) => (f.kind === 'text' || f.kind === 'secret') && f.value === '');
  const clauses = filled.slice(0, 2).map((f) => (f.kind === 'secret' ? `${f.label} filled in` : `${f.label} ${quote(String(shownValue(f)))}`));
  if (empty.length > 0 && empty.length <= 2) clauses.push(`${empty.map((f) => f.label).join(' and ')} empty`);
  else if (empty.length > 2) clauses.push(`${empty.length} empty fields`);
  return clauses;
}

function documentClause(field: Field): string {
  const text = String(field.value);
  const lines = text === '' ? 0 : text.split('\n').length;
  const name = field.label === 'Text' ? 'a text' : field.label;
  return `${name} of ${lines} line${lines === 1 ? '' : 's'}`;
}

function collectionClause(c: Collection): string {
  const unit = c.kind === 'table' ? 'row' : 'item';
  const name = c.label === 'Table' || c.label === 'List' ? `a ${c.kind}` : `${c.kind} "${c.label}"`;
  if (c.about) return `${name} with ${aboutCount(c.about)} ${unit}s`;
  return `${name} with ${c.total} ${unit}${c.total === 1 ? '' : 's'}`;
}

function problemClauses(reading: WindowReading): string[] {
  const shown = reading.notices.filter((n) => n.text !== reading.message?.text);
  const errors = shown.filter((n) => n.severity === 'error').length;
  const warnings = shown.filter((n) => n.severity === 'warn').length;
  return [
    ...(errors > 0 ? [`${errors} error${errors === 1 ? '' : 's'} shown`] : []),
    ...(warnings > 0 ? [`${warnings} warning${warnings === 1 ? '' : 's'} shown`] : []),
  ];
}

function quote(text: string): string {
  const line = text.replace(/\s+/g, ' ').trim();
  return `"${line.length > MAX_QUOTE ? `${line.slice(0, MAX_QUOTE - 1)}…` : line}"`;
}
