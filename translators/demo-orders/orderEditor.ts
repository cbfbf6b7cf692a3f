/** The Order Editor window: a form, a products table, a status bar and Submit. */
import { z } from 'zod';
import {
  BridgeError,
  closeAction,
  closeDiscardingAction,
  defineAction,
  findFirst,
  focusAction,
  indexByRef,
  newModalOf,
  requireWindow,
  SENSITIVE_MASK,
} from '../../src/sdk/translate.js';
import type { A11yNode, BlockDraft, WindowFacts, WindowView } from '../../src/sdk/translate.js';
import { buttonEnabled, findButton, readForm, readInfoBar, readTable, type FormField } from './shared.js';

function formOf(root: A11yNode): FormField[] {
  return readForm(root, indexByRef(root));
}

function orderNumber(root: A11yNode): string {
  return findFirst(root, (n) => n.role === 'heading')?.name.replace(/^Order\s*/, '') ?? '';
}

const editField = defineAction({
  name: 'edit_field',
  title: 'Edit field',
  description: 'Sets one field of the order form to a new value (the whole text is replaced).',
  kind: 'write',
  idempotent: true,
  input: (_view, root: A11yNode) => {
    const keys = formOf(root)
      .filter((f) => f.editable)
      .map((f) => f.key);
    const labels = formOf(root)
      .filter((f) => f.editable)
      .map((f) => `${f.key} = "${f.label}"`);
    return z.object({
      field: z.enum(keys as [string, ...string[]]).describe(`The field to edit: ${labels.join(', ')}.`),
      value: z.string().max(2000).describe('The new text of the field.'),
    });
  },
  available: (_view, root: A11yNode) => formOf(root).some((f) => f.editable),
  async run(args, ctx) {
    const window = requireWindow(ctx);
    const field = formOf(window.tree.root).find((f) => f.key === args.field) as FormField;
    await ctx.probe.setText(field.node.ref, args.value);
    const expected = field.sensitive ? (args.value === '' ? '' : SENSITIVE_MASK) : args.value;
    await ctx.waitFor((s) => s.window(window.winId) && formOf(s.window(window.winId)!.tree.root).find((f) => f.key === field.key)?.value === expected, {
      what: `the ${field.label} field to show the new value`,
    });
    return { message: `${field.label} updated.` };
  },
});

const submit = defineAction({
  name: 'submit',
  title: 'Submit order',
  description:
    'Submits the order. Invalid fields are reported as validation_failed per field (field names as in edit_field); a valid order opens a "Confirm order" dialog (see openedWindowIds).',
  kind: 'write',
  input: z.object({}),
  available: (_view, root: A11yNode) => buttonEnabled(root, 'Submit'),
  async run(_args, ctx) {
    const window = requireWindow(ctx);
    const before = new Set(ctx.state.windows().map((w) => w.winId));
    await ctx.probe.doAction((findButton(window.tree.root, 'Submit') as A11yNode).ref, 'click');
    const outcome = await ctx.waitFor(
      (s) => {
        const dialog = newModalOf(s, window.winId, before);
        if (dialog) return { dialog };
        const now = s.window(window.winId);
        if (!now) return undefined;
        const invalid = formOf(now.tree.root).filter((f) => f.error);
        if (invalid.length > 0) return { invalid };
        return buttonEnabled(now.tree.root, 'Submit') ? undefined : { submitted: true };
      },
      { what: 'the order to be checked' },
    );
    if ('invalid' in outcome && outcome.invalid) {
      throw new BridgeError(
        'validation_failed',
        `The order was not submitted: ${outcome.invalid.length} field(s) are invalid. Fix them with edit_field, then submit again.`,
        {
          fields: outcome.invalid.map((f) => ({ field: f.key, error: f.error as string })),
        },
      );
    }
    if ('dialog' in outcome && outcome.dialog) return { message: `Confirmation requested in window ${outcome.dialog.winId}.` };
    return { message: 'Order submitted.' };
  },
});

export function translateOrderEditor(window: WindowFacts, root: A11yNode): WindowView {
  const form = formOf(root);
  const number = orderNumber(root);
  const submitted = !buttonEnabled(root, 'Submit');
  const blocks: BlockDraft[] = [
    {
      type: 'fields',
      id: 'order-fields',
      items: form.map((f) => ({ label: f.label, value: f.value, ...(f.sensitive ? { sensitive: true } : {}) })),
    },
  ];
  const table = findFirst(root, (n) => n.role === 'table');
  if (table) {
    const t = readTable(table);
    blocks.push({ type: 'table', id: 'products', columns: t.columns, rows: t.rows });
  }
  const status = readInfoBar(root);
  if (status) blocks.push({ type: 'notice', id: 'status', severity: status.severity, text: status.text });
  for (const f of form) if (f.error) blocks.push({ type: 'notice', id: `error-${f.key}`, severity: 'error', text: `${f.label}: ${f.error}` });
  return {
    summary: summarise(number, form, submitted),
    blocks,
    actions: [editField, submit, focusAction, submitted ? closeAction : closeDiscardingAction],
  };
}

function summarise(number: string, form: FormField[], submitted: boolean): string {
  const value = (key: string) => form.find((f) => f.key === key)?.value ?? '';
  if (submitted) return `Order ${number} has been submitted to ${value('recipient')} for ${value('amount')}.`;
  const empty = form.filter((f) => f.value === '').map((f) => f.label);
  const errors = form.filter((f) => f.error).length;
  const parts = [`Editing order ${number}`];
  if (empty.length > 0) parts.push(`${joinWords(empty)} not filled in yet`);
  else parts.push('all fields filled in');
  if (errors > 0) parts.push(`${errors} field${errors === 1 ? ' has an error' : 's have errors'}`);
  return `${parts.join(', ')}.`;
}

function joinWords(words: string[]): string {
  return words.length <= 1 ? (words[0] ?? '') : `${words.slice(0, -1).join(', ')} and ${words.at(-1)}`;
}
