/** `set_field {field, value}` and `toggle {field, on}`: the window's own fields, by their labels. */
import { z } from 'zod';
import { BridgeError } from '../../../src/protocol/errors.js';
import { SENSITIVE_MASK } from '../../../src/platform/probe.js';
import { defineAction } from '../../../src/translate/define.js';
import type { ActionContext, LiveWindow } from '../../../src/translate/types.js';
import type { Field, WindowReading } from '../model.js';
import type { GenericReading } from '../reading.js';
import { activate, found, live, namesEnum, readNow } from './shared.js';

const SETTABLE_KINDS = new Set(['text', 'secret', 'number']);
const CONFIRM_MS = 2000;
const EMPTY: Pick<WindowReading, 'fields' | 'rowToggles'> = { fields: [], rowToggles: [] };

export const settableFields = (fields: Field[]) => fields.filter((f) => f.settable && (SETTABLE_KINDS.has(f.kind) || (f.kind === 'choice' && f.entry)));
export const toggleFields = (reading: Pick<WindowReading, 'fields' | 'rowToggles'>) =>
  [...reading.fields, ...reading.rowToggles].filter((f) => f.settable && (f.kind === 'check' || f.kind === 'radio'));

export const setFieldAction = defineAction({
  name: 'set_field',
  title: 'Set a field',
  description: 'Replaces the whole value of a text, number or editable choice field; waits until shown.',
  kind: 'write',
  idempotent: true,
  input: (_view, { generic }: GenericReading) =>
    z.object({
      field: namesEnum(settableFields(generic.fields).map((f) => f.label)),
      value: z.string().max(100_000).describe('Numbers as text, e.g. "42".'),
    }),
  available: (_view, { generic }: GenericReading) => settableFields(generic.fields).length > 0,
  async run(args, ctx) {
    const { window, reading } = live(ctx);
    const field = found(
      settableFields(reading.fields).find((f) => f.label === args.field),
      `The field "${args.field}"`,
    );
    await write(ctx, field, args.value);
    const shown = await confirm(ctx, window, field, expectedValue(field, args.value));
    // Never echo the value: it may be a secret (P-SENS-1).
    return { message: shown ? `${field.label} set.` : `${field.label} was sent; the window does not show it yet. Re-read app://windows.` };
  },
});

async function write(ctx: ActionContext, field: Field, value: string): Promise<void> {
  if (field.kind === 'number') {
    const number = Number(value);
    if (value.trim() === '' || !Number.isFinite(number)) {
      throw new BridgeError('validation_failed', `${field.label} takes a number.`, { fields: [{ field: 'value', error: 'must be a number' }] });
    }
    return ctx.probe.setValue(field.node.ref, number);
  }
  return ctx.probe.setText((field.entry ?? field.node).ref, value);
}

function expectedValue(field: Field, value: string): string | number {
  if (field.kind === 'number') return Number(value);
  if (field.kind === 'secret') return value === '' ? '' : SENSITIVE_MASK;
  return value;
}

/** P-TOOL-6: returns once the window shows the value (or shows some other change the app made). */
async function confirm(ctx: ActionContext, window: LiveWindow, field: Field, expected: string | number): Promise<boolean> {
  if (field.value === expected) return true; // also a secret already filled: the mask cannot change
  const before = field.value;
  return ctx
    .waitFor(
      (s) => {
        const now = readNow(ctx, window.winId)?.fields.find((f) => f.node.ref === field.node.ref);
        if (!s.window(window.winId) || !now) return 'gone';
        return now.value === expected || now.value !== before ? 'shown' : undefined;
      },
      { timeoutMs: CONFIRM_MS, what: `${field.label} to show the new value` },
    )
    .then((outcome) => outcome === 'shown')
    .catch(() => false);
}

export const toggleAction = defineAction({
  name: 'toggle',
  title: 'Turn an option on or off',
  description:
    'Sets a check box, switch or radio button to on or off, and waits until the window shows it. A radio button is turned off by choosing another one.',
  kind: 'write',
  idempotent: true,
  input: (_view, { generic }: GenericReading) =>
    z.object({
      field: namesEnum(toggleFields(generic).map((f) => f.label)),
      on: z.boolean(),
    }),
  available: (_view, { generic }: GenericReading) => toggleFields(generic).length > 0,
  async run(args, ctx) {
    const { window, reading } = live(ctx);
    const field = found(
      toggleFields(reading).find((f) => f.label === args.field),
      `The option "${args.field}"`,
    );
    if (field.value === args.on) return { message: `${field.label} is already ${args.on ? 'on' : 'off'}.` };
    if (field.kind === 'radio' && !args.on) {
      throw new BridgeError('validation_failed', `${field.label} is a radio button: choose another option to turn it off.`, {
        fields: [{ field: 'on', error: 'a radio button can only be turned on' }],
      });
    }
    await activate(ctx, field.node, ['toggle', 'click', 'press', 'activate']);
    await ctx.waitFor((_s) => toggleFields(readNow(ctx, window.winId) ?? EMPTY).find((f) => f.node.ref === field.node.ref)?.value === args.on, {
      timeoutMs: CONFIRM_MS,
      what: `${field.label} to turn ${args.on ? 'on' : 'off'}`,
    });
    return { message: `${field.label} is ${args.on ? 'on' : 'off'}.` };
  },
});
