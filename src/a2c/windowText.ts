/**
 * The compact text of one `window://` resource: title, a status line, the summary and the blocks.
 * A2C-SMCP Computers re-read every window on every desktop request and render `"{uri}\n\n{text}"`
 * for an LLM (a2c-smcp-protocol/docs/specification/desktop.md "Desktop 内容格式", best practice 6:
 * "窗口内容保持简洁、文本化"), so this is plain text, not the JSON of `app://windows`.
 *
 * It is built only from the published content, which is already masked (P-SENS-1).
 */
import type { Block } from '../protocol/schemas.js';

export interface WindowTextInput {
  winId: string;
  title: string;
  modal: boolean;
  ownerId: string | null;
  version: number;
  summary: string;
  blocks: readonly Block[];
  operable: boolean;
}

const CUSTOM_MAX_CHARS = 400;

export function renderWindowText(w: WindowTextInput): string {
  const lines = [w.title || '(untitled window)', statusLine(w)];
  if (w.summary) lines.push(w.summary);
  const blocks = w.blocks.map(renderBlock).filter((text) => text.length > 0);
  return blocks.length > 0 ? `${lines.join('\n')}\n\n${blocks.join('\n\n')}` : lines.join('\n');
}

function statusLine(w: WindowTextInput): string {
  const parts = [`id ${w.winId}`, `version ${w.version}`];
  if (w.modal) parts.push(w.ownerId ? `modal dialog of ${w.ownerId}` : 'application modal');
  // The tool prefix tells the agent which tools act on this window (P-TOOL-4).
  parts.push(w.operable ? `operable: tools ${w.winId}__*` : 'blocked by a modal window: read only');
  return parts.join(' · ');
}

function renderBlock(block: Block): string {
  switch (block.type) {
    case 'text':
      return block.text;
    case 'fields':
      return block.items.map((item) => `${item.label}: ${show(item.value)}`).join('\n');
    case 'table':
      return [block.columns.join(' | '), ...block.rows.map((row) => row.map(show).join(' | ')), ...more(block, block.rows.length)].join('\n');
    case 'list':
      return [
        ...block.items.map((item, i) => `${block.ordered ? `${(block.offset ?? 0) + i + 1}.` : '-'} ${show(item)}`),
        ...more(block, block.items.length),
      ].join('\n');
    case 'notice':
      return `[${block.severity}] ${block.text}`;
    case 'media':
      return `[${block.mimeType}${block.alt ? `: ${block.alt}` : ''}]`;
    case 'custom':
      return truncate(JSON.stringify(block.payload) ?? '', CUSTOM_MAX_CHARS);
  }
}

/** "(rows 1–20 of 50000)" when the block holds only part of the data (P-BLK-3). */
function more(block: { offset?: number; total?: number }, shown: number): string[] {
  const offset = block.offset ?? 0;
  if (block.total === undefined || (offset === 0 && shown >= block.total)) return [];
  return [`(${shown === 0 ? 'none' : `${offset + 1}–${offset + shown}`} of ${block.total})`];
}

function show(value: unknown): string {
  if (value === '' || value === null || value === undefined) return '(empty)';
  if (typeof value === 'string') return value;
  return JSON.stringify(value) ?? String(value);
}

function truncate(text: string, max: number): string {
  return text.length <= max ? text : `${text.slice(0, max - 1)}…`;
}
