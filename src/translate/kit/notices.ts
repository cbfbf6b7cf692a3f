/**
 * Severity, from what the toolkit says: an info bar's message type, a message dialog's kind (its
 * role `alert` and name in GTK3, or the icon zenity shows), an error relation or invalid state.
 */
import type { A11yNode } from '../../platform/probe.js';
import type { Severity } from '../../protocol/schemas.js';
import { repairName } from './labels.js';
import type { Notice } from './model.js';
import type { RawNotice } from './walk.js';

export type MessageKind = Severity | 'question';

const KIND_BY_WORD: Record<string, MessageKind> = {
  error: 'error',
  'dialog-error': 'error',
  warning: 'warn',
  'dialog-warning': 'warn',
  question: 'question',
  'dialog-question': 'question',
  information: 'info',
  info: 'info',
  'dialog-information': 'info',
  other: 'info',
};

const SEVERITY_BY_MESSAGE_TYPE: Record<string, Severity> = { error: 'error', warning: 'warn', info: 'info', question: 'info', other: 'info' };

export function kindOfWord(word: string): MessageKind | undefined {
  return KIND_BY_WORD[
    word
      .trim()
      .toLowerCase()
      .replace(/-symbolic$/, '')
  ];
}

/**
 * The kind of a message dialog: GTK3 names its `alert` root by kind; zenity shows a named icon.
 * Only dialogs: an "Error" icon somewhere in a main window does not make its first text an error.
 */
export function messageKind(root: A11yNode, icons: string[]): MessageKind | undefined {
  if (root.role === 'alert') return kindOfWord(repairName(root.name)) ?? 'info';
  if (root.role !== 'dialog' && root.attributes?.['window-type'] !== 'dialog') return undefined;
  for (const icon of icons) {
    const kind = kindOfWord(icon);
    if (kind) return kind;
  }
  return undefined;
}

export function noticeOf(raw: RawNotice): Notice | undefined {
  const text = raw.texts.join(' ').trim();
  if (!text) return undefined;
  if (raw.kind === 'info_bar') {
    const type = raw.node.attributes?.['message-type'] ?? 'info';
    return { severity: SEVERITY_BY_MESSAGE_TYPE[type] ?? 'info', text };
  }
  if (raw.kind === 'alert') {
    const kind = kindOfWord(repairName(raw.node.name));
    return { severity: kind === 'question' || kind === undefined ? 'info' : kind, text };
  }
  return { severity: 'info', text };
}
