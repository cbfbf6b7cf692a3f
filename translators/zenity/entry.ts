/**
 * zenity --entry and --password: the prompt, the field(s) — a password is `sensitive` and never
 * read (P-SENS-1) — and `submit {value}` that fills the field and presses OK. With --username
 * the dialog has a second, plain field: `submit {username, value}`.
 */
import { z } from 'zod';
import { buildBlocks, defineAction, readWindow, requireWindow, setFieldAction } from '../../src/sdk/translate.js';
import type { ActionContext, Field, GenericReading, TranslateContext, WindowFacts, WindowReading, WindowView } from '../../src/sdk/translate.js';
import { acceptButton, cancelAction, pressAndWaitClosed } from './dialog.js';
import { entryFields } from './kinds.js';

/** `value` fills the password when there is one, else the only field; `username` the other one. */
function roles(reading: WindowReading): { value: Field; username?: Field } {
  const fields = entryFields(reading);
  const value = fields.find((f) => f.kind === 'secret') ?? (fields[0] as Field);
  const username = fields.find((f) => f !== value);
  return username ? { value, username } : { value };
}

const describeValue = (f: Field) => (f.kind === 'secret' ? (f.value === '' ? 'empty' : 'filled in') : f.value === '' ? 'empty' : `"${f.value}"`);

function submitInput(_view: WindowView, { generic }: GenericReading) {
  const { value, username } = roles(generic);
  const secret = value.kind === 'secret' ? ' It is typed into a password field and never shown back.' : '';
  const valueSchema = z.string().max(10_000).describe(`The text for "${value.label}".${secret}`);
  if (!username) return z.object({ value: valueSchema });
  return z.object({
    username: z.string().max(10_000).optional().describe(`The text for "${username.label}" (kept as shown when left out).`),
    value: valueSchema,
  });
}

async function fill(ctx: ActionContext, field: Field, text: string): Promise<void> {
  await setFieldAction.run({ field: field.label, value: text }, ctx);
}

const submitAction = defineAction({
  name: 'submit',
  title: 'Submit',
  description: 'Fills the dialog’s field(s) and presses OK; the dialog closes and the program that opened it gets the text.',
  kind: 'write',
  input: submitInput,
  available: (_view, { root, generic }: GenericReading) => entryFields(generic).length > 0 && acceptButton(root) !== undefined,
  async run(args: { value: string; username?: string }, ctx) {
    const root = requireWindow(ctx).tree.root;
    const { value, username } = roles(readWindow(root));
    if (username && args.username !== undefined) await fill(ctx, username, args.username);
    await fill(ctx, value, args.value);
    await pressAndWaitClosed(ctx, acceptButton(root), 'OK');
    // Never echo what was typed: it may be a password (P-SENS-1).
    return { message: 'Submitted; the dialog closed.' };
  },
});

export function translateEntry(
  window: WindowFacts,
  { generic }: GenericReading,
  ctx: Pick<TranslateContext, 'warnings' | 'truncated'>,
): WindowView<GenericReading> {
  const fields = entryFields(generic);
  const asked = fields.map((f) => f.label).join(' and ');
  const values = fields.map((f) => (fields.length === 1 ? describeValue(f) : `${f.label} ${describeValue(f)}`)).join(', ');
  return {
    summary: `"${window.title}" asks for ${asked}: ${values}.`,
    blocks: buildBlocks(generic, ctx),
    actions: [submitAction, cancelAction],
  };
}
