/**
 * `submit {fields, optional}` of a zenity form. zenity's forms have no "required" flag; here
 * every field is required unless the call lists it in `optional` — a form left with an empty
 * required field is not sent: validation_failed names each one (`fields.<label>`, P-VAL-2).
 * The values given are filled in first, as a user typing would, and stay when the check fails,
 * so a second call only needs the missing ones. Calendars always hold a date and are never
 * checked.
 */
import { z } from 'zod';
import { BridgeError, defineAction, isBridgeError, namesEnum, requireWindow, selectAction, setFieldAction } from '../../src/sdk/translate.js';
import type { ActionContext } from '../../src/sdk/translate.js';
import { acceptButton, pressAndWaitClosed } from './dialog.js';
import { formFields, isSettable, type FormField } from './formModel.js';
import type { ZenityWindow } from './reading.js';

/** Beyond this many choices a value is free text, checked when the call runs. */
const MAX_ENUM = 200;

const settableFields = (form: FormField[]) => form.filter(isSettable);

function valueSchema(f: FormField) {
  if ((f.kind === 'choice' || f.kind === 'list') && f.options.length > 0 && f.options.length <= MAX_ENUM) {
    return namesEnum(f.options).optional();
  }
  // The property name is the label: only a password needs a word more.
  const text = z.string().max(10_000);
  return (f.kind === 'secret' ? text.describe('A password: typed, never shown back.') : text).optional();
}

function submitInput(_view: unknown, { form }: ZenityWindow) {
  const fields = settableFields(form);
  const shape = Object.fromEntries(fields.map((f) => [f.label, valueSchema(f)]));
  return z.object({
    fields: z.looseObject(shape).optional().describe('Values by field label. Fields left out keep what they show.'),
    optional: z
      .array(fields.length > 0 ? namesEnum(fields.map((f) => f.label)) : z.string())
      .optional()
      .describe('Labels of fields that may stay empty; every other field is required.'),
  });
}

type SubmitArgs = { fields?: Record<string, unknown>; optional?: string[] };

export const formSubmitAction = defineAction({
  name: 'submit',
  title: 'Fill in and send the form',
  description:
    'Fills the given fields and presses OK: the dialog closes and its program gets the values. An empty required field fails the call (validation_failed) and the form is not sent; given values stay.',
  kind: 'write',
  input: submitInput,
  available: (_view, { root }: ZenityWindow) => acceptButton(root) !== undefined,
  async run(args: SubmitArgs, ctx) {
    const window = requireWindow(ctx);
    const fields = settableFields(formFields(window.tree.root));
    const given = args.fields ?? {};
    const unknown = Object.keys(given).filter((label) => !fields.some((f) => f.label === label));
    if (unknown.length > 0) {
      throw new BridgeError('validation_failed', `The form has no field ${unknown.map((l) => `"${l}"`).join(', ')}.`, {
        fields: unknown.map((label) => ({ field: `fields.${label}`, error: 'not a field of this form' })),
      });
    }
    for (const field of fields) if (given[field.label] !== undefined) await apply(ctx, field, String(given[field.label]));
    const now = ctx.state.window(window.winId);
    const missing = (now ? settableFields(formFields(now.tree.root)) : []).filter((f) => f.value === '' && !(args.optional ?? []).includes(f.label));
    if (missing.length > 0) {
      const names = missing.map((f) => f.label).join(', ');
      throw new BridgeError(
        'validation_failed',
        `The form was not sent: required field${missing.length === 1 ? '' : 's'} empty: ${names}. The values given are filled in; fill the missing ones (or list them in optional) and submit again.`,
        {
          fields: missing.map((f) => ({ field: `fields.${f.label}`, error: 'required: it is empty' })),
        },
      );
    }
    await pressAndWaitClosed(ctx, acceptButton(window.tree.root), 'OK');
    return { message: 'The form was sent; the dialog closed.' };
  },
});

/** Fills one field with the generic actions; their errors are renamed after the field. */
async function apply(ctx: ActionContext, field: FormField, value: string): Promise<void> {
  try {
    if (field.kind === 'text' || field.kind === 'secret') await setFieldAction.run({ field: field.label, value }, ctx);
    else await selectAction.run({ field: field.label, option: value }, ctx);
  } catch (error) {
    if (!isBridgeError(error) || error.code !== 'validation_failed') throw error;
    const reason = error.extra.fields?.[0]?.error ?? 'not accepted';
    // Never quote a password in an error (P-SENS-1).
    throw new BridgeError('validation_failed', `${field.label}: ${field.kind === 'secret' ? 'not accepted' : reason}.`, {
      fields: [{ field: `fields.${field.label}`, error: reason }],
    });
  }
}
