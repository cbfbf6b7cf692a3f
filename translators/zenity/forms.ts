/**
 * zenity --forms: the form's text, its fields in the order zenity prints them (entries,
 * passwords, combos, lists, calendars: formModel.ts), each list's choices, and
 * `submit {fields, optional}` (formSubmit.ts).
 */
import { collectionBlock, probeNotices } from '../../src/sdk/translate.js';
import type { BlockDraft, TranslateContext, WindowFacts, WindowReading, WindowView } from '../../src/sdk/translate.js';
import { cancelAction } from './dialog.js';
import { isSettable, type FormField } from './formModel.js';
import { formSubmitAction } from './formSubmit.js';
import { formGrid } from './kinds.js';
import type { ZenityWindow } from './reading.js';

function describe(f: FormField): string {
  return f.kind === 'secret' ? `${f.label} filled in` : `${f.label} "${f.value}"`;
}

function summarise(window: WindowFacts, text: string, fields: FormField[]): string {
  const settable = fields.filter(isSettable);
  const filled = settable.filter((f) => f.value !== '').map(describe);
  const empty = settable.filter((f) => f.value === '').map((f) => f.label);
  const parts = [filled.join(', '), empty.length > 0 ? `empty: ${empty.join(', ')}` : 'every field filled in'].filter(Boolean);
  return `"${window.title}" form${text ? ` "${text}"` : ''} — ${parts.join('; ')}.`;
}

function formBlocks(reading: WindowReading, text: string, fields: FormField[]): BlockDraft[] {
  const blocks: BlockDraft[] = [];
  const calendars = fields.filter((f) => f.kind === 'calendar').map((f) => `${f.label}: a calendar (its date is not readable; zenity sends the date it shows)`);
  const texts = [text, ...calendars].filter(Boolean);
  if (texts.length > 0) blocks.push({ type: 'text', id: 'text', text: texts.join('\n') });
  const items = fields.filter(isSettable).map((f) => ({ label: f.label, value: f.value, ...(f.kind === 'secret' ? { sensitive: true } : {}) }));
  if (items.length > 0) blocks.push({ type: 'fields', id: 'fields', items });
  // The choices of each list field, as the generic translator shows lists.
  for (const list of reading.collections) blocks.push(collectionBlock(list));
  reading.notices.forEach((n, i) => blocks.push({ type: 'notice', id: `notice-${i + 1}`, severity: n.severity, text: n.text }));
  return blocks;
}

export function translateForms(window: WindowFacts, reading: ZenityWindow, ctx: Pick<TranslateContext, 'warnings' | 'truncated'>): WindowView<ZenityWindow> {
  const text = formGrid(reading.root)?.text ?? '';
  const fields = reading.form;
  return {
    summary: summarise(window, text, fields),
    blocks: [...probeNotices(ctx), ...formBlocks(reading.generic, text, fields)],
    actions: [formSubmitAction, cancelAction],
  };
}
