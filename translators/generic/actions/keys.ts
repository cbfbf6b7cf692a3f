/** `type_text {text}` and `press_keys {keys}`: keyboard input into the window, for what no field covers. */
import { z } from 'zod';
import { acceptsKeys } from '../../../src/platform/probe.js';
import { CHORDS_INPUT, requireWindow } from '../../../src/translate/commonActions.js';
import { defineAction } from '../../../src/translate/define.js';
import type { GenericReading } from '../reading.js';
import { describeEffect, watchEffect } from './shared.js';
import { settableFields } from './fields.js';

export const typeTextAction = defineAction({
  name: 'type_text',
  title: 'Type text',
  description: 'Types into the focused field (set_field replaces a value).',
  kind: 'write',
  input: z.object({ text: z.string().min(1).max(10_000) }),
  // No keyboard (a Wayland compositor without a virtual keyboard): no key tools.
  available: (_view, { root, generic }: GenericReading) =>
    acceptsKeys(root) && settableFields(generic.fields).some((f) => f.kind === 'text' || f.kind === 'secret'),
  async run(args, ctx) {
    const window = requireWindow(ctx);
    const effect = watchEffect(ctx, window);
    await ctx.probe.sendKeys(window.facts.nativeId, { text: args.text });
    // The text itself is never echoed: it may be a secret (P-SENS-1).
    return { message: `Typed ${args.text.length} character${args.text.length === 1 ? '' : 's'}.${describeEffect(await effect())}` };
  },
});

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
