/** `type_text {text}` and `press_keys {keys}`: keyboard input into the window, for what no field covers. */
import { z } from 'zod';
import { acceptsKeys, type A11yNode } from '../../../platform/probe.js';
import { CHORDS_INPUT, requireWindow } from '../../commonActions.js';
import { findFirst, hasState } from '../../tree.js';
import { defineAction } from '../../define.js';
import type { WindowReading } from '../model.js';
import type { GenericReading } from '../reading.js';
import { settableFields } from './fields.js';
import { focusControl } from './keyboardRoutes.js';
import { describeEffect, live, settled, watchEffect } from './shared.js';
import { VIA_OUTPUT } from './verified.js';
import { awaitTyped, showsItsText } from './typedText.js';
import { BridgeError } from '../../../protocol/errors.js';
import { controlLabel } from '../labels.js';

export const typeTextAction = defineAction({
  name: 'type_text',
  title: 'Type text',
  description: 'Types into the focused field, or into the document area when no field has the focus (set_field replaces a value).',
  kind: 'write',
  input: z.object({ text: z.string().min(1).max(10_000) }),
  output: VIA_OUTPUT,
  // No keyboard (a Wayland compositor without a virtual keyboard): no key tools.
  available: (_view, { root, generic }: GenericReading) =>
    acceptsKeys(root) &&
    (settableFields(generic.fields).some((f) => f.kind === 'text' || f.kind === 'secret') || generic.keyAreas.length > 0 || generic.editors.length > 0),
  async run(args, ctx) {
    // Keys sent while the window still changes (an app starting up moves its focus) may be lost:
    // they wait until it has been quiet a moment, within a bound.
    await settled(ctx, requireWindow(ctx).winId);
    const { window, reading } = live(ctx);
    const area = reading.keyAreas[0] ?? reading.editors[0];
    // Keys go to the focus: a document drawn on a bare area (or an editable document) takes them only once it has it.
    if (area && !typingTargetFocused(window.tree.root, reading)) await focusControl(ctx, window, area);
    // Where the focused target shows its text, the keys' effect is read back on it.
    const target = focusedTarget(ctx.state.window(window.winId)?.tree.root ?? window.tree.root);
    // A one-line field takes a line break as Return: it may submit and empty itself, so what it shows then proves nothing.
    const submits = /[\r\n]/.test(args.text) && !(target && hasState(target, 'multi_line'));
    const checked = target && showsItsText(target) && !submits ? target : undefined;
    const before = checked ? await ctx.probe.readText(checked.ref).catch(() => undefined) : undefined;
    const effect = watchEffect(ctx, window);
    await ctx.probe.sendKeys(window.facts.nativeId, { text: args.text });
    const seen = await effect();
    const count = `${args.text.length} character${args.text.length === 1 ? '' : 's'}`;
    if (checked && before !== undefined) {
      const outcome = await awaitTyped(ctx, checked.ref, before, args.text);
      // The text itself is never echoed: it may be a secret (P-SENS-1).
      const where = controlLabel(checked) || 'the focused field';
      if (outcome.kind === 'none')
        throw new BridgeError('action_not_available', `Typed ${count}, but ${where} shows none of them: the keys went elsewhere. Re-read app://windows.`);
      if (outcome.kind === 'part') {
        throw new BridgeError(
          'action_not_available',
          `Typed ${count}, but ${where} shows only ${outcome.shown} of their ${outcome.typed} letters and digits: the app lost keys (it may have moved its focus). Re-read app://windows and mend the text.`,
        );
      }
    }
    return { message: `Typed ${count}.${describeEffect(seen)}`, result: { via: 'keyboard' as const } };
  },
});

/** The node that has the keyboard focus, as the state shows it. */
function focusedTarget(root: A11yNode): A11yNode | undefined {
  return findFirst(root, (n) => hasState(n, 'focused'));
}

/**
 * Whether the focus is on something that takes text: a settable text field, a key area, or an
 * editable document or what it holds (the shape selected on a slide, the paragraph being edited:
 * the document hands them the keys).
 */
function typingTargetFocused(root: A11yNode, reading: WindowReading): boolean {
  const focused = focusedTarget(root);
  if (!focused) return false;
  const fields = settableFields(reading.fields).flatMap((f) => [f.node.ref, f.entry?.ref]);
  if (fields.includes(focused.ref) || reading.keyAreas.some((a) => a.ref === focused.ref)) return true;
  return reading.editors.some((doc) => findFirst(doc, (n) => n.ref === focused.ref) !== undefined);
}

export const pressKeysAction = defineAction({
  name: 'press_keys',
  title: 'Press keys',
  description: 'Presses keys in order and waits briefly for an effect.',
  kind: 'destructive',
  available: (_view, { root }: GenericReading) => acceptsKeys(root),
  input: CHORDS_INPUT,
  async run(args, ctx) {
    const window = requireWindow(ctx);
    const effect = watchEffect(ctx, window);
    await ctx.probe.sendKeys(window.facts.nativeId, { keys: args.keys });
    return { message: `Pressed ${args.keys.join(', ')}.${describeEffect(await effect())}` };
  },
});
