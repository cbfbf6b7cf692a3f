/** `set_field {field, value}` and `toggle {field, on}`: the window's own fields, by their labels. */
import { z } from 'zod';
import { BridgeError } from '../../../protocol/errors.js';
import { SENSITIVE_MASK } from '../../../platform/probe.js';
import { defineAction } from '../../define.js';
import type { ActionContext, LiveWindow, StateReader } from '../../types.js';
import { findFirst } from '../../tree.js';
import { focusAfterWriting } from '../focusHandOver.js';
import { cleanText } from '../labels.js';
import type { Field, WindowReading } from '../model.js';
import { readWindow, type GenericReading } from '../reading.js';
import { pressOnControl, replaceByTyping } from './keyboardRoutes.js';
import { activate, describeEffect, found, live, namesEnum, settled, watchEffect, type Effect } from './shared.js';
import { VIA_OUTPUT, writeVerified, type Attempt, type Shown } from './verified.js';

const SETTABLE_KINDS = new Set(['text', 'secret', 'number']);
/** Up to three routes, each read back (a toggle's for up to five seconds), on a loaded machine. */
export const WRITE_TIMEOUT_MS = 20_000;

export const settableFields = (fields: Field[]) => fields.filter((f) => f.settable && (SETTABLE_KINDS.has(f.kind) || (f.kind === 'choice' && f.entry)));
export const toggleFields = (reading: Pick<WindowReading, 'fields' | 'rowToggles'>) =>
  [...reading.fields, ...reading.rowToggles].filter((f) => f.settable && (f.kind === 'check' || f.kind === 'radio'));

export const setFieldAction = defineAction({
  name: 'set_field',
  title: 'Set a field',
  description: 'Replaces the whole value of a text, number or editable choice field; waits until shown.',
  kind: 'write',
  idempotent: true,
  timeoutMs: WRITE_TIMEOUT_MS,
  input: (_view, { generic }: GenericReading) =>
    z.object({
      field: namesEnum(settableFields(generic.fields).map((f) => f.label)),
      value: z.string().max(100_000).describe('Numbers as text, e.g. "42".'),
      submit: z
        .boolean()
        .optional()
        .describe(
          "Then confirm it as Enter does (a page number, a search). One-line fields only; an item's editor (an inline rename) is confirmed unless false.",
        ),
    }),
  output: VIA_OUTPUT,
  available: (_view, { generic }: GenericReading) => settableFields(generic.fields).length > 0,
  async run(args, ctx) {
    const { window, reading } = live(ctx);
    const field = found(
      settableFields(reading.fields).find((f) => f.label === args.field),
      `The field "${args.field}"`,
    );
    const itemEditor = field.node.itemEditor === true;
    // An item's editor changes its item only once confirmed: a rename left open is no rename.
    const confirm = args.submit ?? itemEditor;
    // A line break confirms nothing in a text area: Enter there is one more line. An item's editor
    // is the exception: Enter is how it hands its text to the item, however many lines it shows.
    if (confirm && field.multiLine && !itemEditor) {
      throw new BridgeError('validation_failed', `${field.label} takes several lines: Enter would add a line, not confirm it.`, {
        fields: [{ field: 'submit', error: 'one-line fields only' }],
      });
    }
    const expected = expectedValue(field, args.value);
    // Never echo the value: it may be a secret (P-SENS-1).
    const shown = field.value === expected && field.kind !== 'secret';
    const platform = { committed: false };
    const via = shown
      ? undefined
      : await writeVerified(ctx, {
          kind: `set_field ${field.node.role}`,
          what: field.label,
          attempts: fieldRoutes(ctx, window, field, args.value, platform),
          shown: (state) => fieldShows(state, window.winId, field, expected),
        });
    // The app took the text at once (the platform moved the focus away): what it derives from it
    // (a table row showing the entry) is awaited, or the answer could let the agent read it stale.
    if (platform.committed) await settled(ctx, window.winId);
    const done = shown ? `${field.label} already shows that value` : `${field.label} set`;
    if (!confirm) return via ? { message: `${done}.`, result: { via } } : { message: `${done}.` };
    if (itemEditor) {
      await confirmItemEditor(ctx, window, field);
      const message = `${done}; confirmed: its editor closed and the item took it. The window changed: re-read app://windows.`;
      return via ? { message, result: { via } } : { message };
    }
    // Whether confirming did anything is only known from what the window shows afterwards: a field
    // that ignores Enter must not read as confirmed.
    const effect = await submitField(ctx, window, field);
    const message =
      effect.kind === 'none'
        ? `${done}; it was confirmed as Enter does, but the window shows no change yet: re-read app://windows later.`
        : `${done}; confirmed.${describeEffect(effect)}`;
    return via ? { message, result: { via } } : { message };
  },
});

/**
 * Confirms a field as Enter does, once it shows its value: many fields act only then (Evince's
 * page number, a search entry). The entry's own "activate" action first (a GTK entry emits the
 * signal Enter emits), else Return typed once the field has the focus. One route only: its
 * effect cannot be known in advance, so a second route could confirm twice.
 */
async function submitField(ctx: ActionContext, window: LiveWindow, field: Field): Promise<Effect> {
  const target = field.entry ?? field.node;
  // The effect is measured from the window as the write left it, once that has settled: measured
  // from before the write, the write itself would read as the confirmation's effect.
  await settled(ctx, window.winId);
  const effect = watchEffect(ctx, ctx.state.window(window.winId) ?? window);
  if ((target.actions ?? []).includes('activate')) await ctx.probe.doAction(target.ref, 'activate');
  else await pressOnControl(ctx, window, target, ['Return']);
  return effect();
}

/**
 * Confirms an item's editor as Enter does and waits until the editor is gone: only then has the
 * item taken the text. An editor still open after that (an app that reads Enter as a new line)
 * is reported, never answered as done.
 */
async function confirmItemEditor(ctx: ActionContext, window: LiveWindow, field: Field): Promise<void> {
  await settled(ctx, window.winId);
  const target = field.entry ?? field.node;
  if ((target.actions ?? []).includes('activate')) await ctx.probe.doAction(target.ref, 'activate');
  else await pressOnControl(ctx, window, target, ['Return']);
  const closed = await ctx
    .waitFor(
      (s) => {
        const root = s.window(window.winId)?.tree.root;
        return !root || !findFirst(root, (n) => n.ref === target.ref && n.itemEditor === true) ? true : undefined;
      },
      { timeoutMs: ITEM_EDITOR_CLOSE_MS, what: "the item's editor to close" },
    )
    .catch(() => false);
  if (!closed) {
    throw new BridgeError(
      'action_timeout',
      `${field.label} shows the new text, but its editor did not close on Enter: the item keeps its old text until the editor is confirmed.`,
    );
  }
}

/** An app commits an item's edit (a rename on disk) before it closes the editor. */
const ITEM_EDITOR_CLOSE_MS = 5000;

/** The accessibility write first (EditableText, Value), then the value typed into the focused field. */
function fieldRoutes(ctx: ActionContext, window: LiveWindow, field: Field, value: string, platform: { committed: boolean }): Attempt[] {
  const target = field.entry ?? field.node;
  const typing: Attempt = { via: 'typing', run: () => replaceByTyping(ctx, window, target, value, field.multiLine) };
  if (field.kind === 'number') {
    const number = Number(value);
    if (value.trim() === '' || !Number.isFinite(number)) {
      throw new BridgeError('validation_failed', `${field.label} takes a number.`, { fields: [{ field: 'value', error: 'must be a number' }] });
    }
    return [{ via: 'value', acceptsOtherChange: true, run: () => ctx.probe.setValue(field.node.ref, number) }, typing];
  }
  const editable: Attempt = {
    via: 'editable_text',
    acceptsOtherChange: true,
    // A probe that found no editable-text interface typed the text in (Chromium's web fields).
    run: async () => {
      const took = await ctx.probe.setText(target.ref, value, { focusAfter: focusAfterWriting(window.tree.root, target) });
      if (took === 'committed') platform.committed = true;
      return took === 'typed' ? 'typing' : undefined;
    },
  };
  return [editable, typing];
}

function expectedValue(field: Field, value: string): string | number {
  if (field.kind === 'number') return Number(value);
  if (field.kind === 'secret') return value === '' ? '' : SENSITIVE_MASK;
  return cleanText(value);
}

/**
 * The field's value now against the wanted one. A secret shows only the mask, so a secret that
 * was already filled cannot show a change: it counts as shown (the value was written whole).
 */
function fieldShows(state: StateReader, winId: string, field: Field, expected: string | number): Shown {
  const root = state.window(winId)?.tree.root;
  const now = root && readWindow(root).fields.find((f) => f.node.ref === field.node.ref);
  if (!now) return 'gone';
  if (now.value === expected || (field.kind === 'secret' && field.value === expected)) return 'wanted';
  return now.value === field.value ? 'unchanged' : 'changed';
}

export const toggleAction = defineAction({
  name: 'toggle',
  title: 'Turn an option on or off',
  description:
    'Sets a check box, switch or radio button to on or off, and waits until the window shows it. A radio button is turned off by choosing another one.',
  kind: 'write',
  idempotent: true,
  timeoutMs: WRITE_TIMEOUT_MS,
  input: (_view, { generic }: GenericReading) =>
    z.object({
      field: namesEnum(toggleFields(generic).map((f) => f.label)),
      on: z.boolean(),
    }),
  output: VIA_OUTPUT,
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
    const via = await writeVerified(ctx, {
      kind: `toggle ${field.node.role}`,
      what: field.label,
      attempts: [
        // Java Swing takes 1–3 s for a toggle on a loaded machine (docs/toolkits.md).
        { via: 'action', confirmMs: TOGGLE_CONFIRM_MS, run: () => activate(ctx, field.node, TOGGLE_VERBS) },
        { via: 'keyboard', confirmMs: TOGGLE_CONFIRM_MS, run: () => pressOnControl(ctx, window, field.node, ['space']) },
        { via: 'pointer', run: () => ctx.probe.click(field.node.ref) },
      ],
      shown: (state) => toggleShows(state, window.winId, field, args.on),
    });
    return { message: `${field.label} is ${args.on ? 'on' : 'off'}.`, result: { via } };
  },
});

/** A second toggle route would undo a first one that took late: each waits this long. */
const TOGGLE_CONFIRM_MS = 5000;

/** Gecko names a check box's verb "check"/"uncheck" and a radio button's "select". */
const TOGGLE_VERBS = ['toggle', 'click', 'press', 'activate', 'check', 'uncheck', 'select'];

function toggleShows(state: StateReader, winId: string, field: Field, on: boolean): Shown {
  const root = state.window(winId)?.tree.root;
  if (!root) return 'gone';
  const now = toggleFields(readWindow(root)).find((f) => f.node.ref === field.node.ref);
  return now?.value === on ? 'wanted' : 'unchanged';
}
