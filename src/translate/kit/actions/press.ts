/** `press {button}`: presses a button the window shows; the enum lists exactly those (P-TOOL-2). */
import { z } from 'zod';
import { defineAction } from '../../define.js';
import type { Button } from '../model.js';
import type { GenericReading } from '../reading.js';
import { activate, describeEffect, found, live, namesEnum, watchEffect } from './shared.js';

const MAX_HINTS = 40;

/**
 * A hint whose words only repeat the label's ("Save" = "Save the current file") or the reverse
 * tells an agent nothing, and every window's tools/list would carry it.
 */
function addsMeaning(button: Button): boolean {
  if (!button.hint) return false;
  const [hint, label] = [words(button.hint), words(button.label)];
  const within = (a: Set<string>, b: Set<string>) => a.size > 0 && [...a].every((w) => b.has(w));
  return !within(label, hint) && !within(hint, label);
}

function words(text: string): Set<string> {
  return new Set(text.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? []);
}

function buttonDescription(buttons: Button[]): string | undefined {
  const hints = buttons.filter(addsMeaning).slice(0, MAX_HINTS);
  const legend = hints.map((b) => `"${b.label}" = ${b.hint}`).join('; ');
  return legend ? `Meanings: ${legend}.` : undefined;
}

export const pressAction = defineAction({
  name: 'press',
  title: 'Press a button',
  description: 'Presses a button and waits briefly for an effect.',
  kind: 'destructive',
  input: (_view, { generic }: GenericReading) => {
    const buttons = generic.buttons;
    return z.object({
      button: namesEnum(
        buttons.map((b) => b.label),
        buttonDescription(buttons),
      ),
    });
  },
  available: (_view, { generic }: GenericReading) => generic.buttons.length > 0,
  async run(args, ctx) {
    const { window, reading } = live(ctx);
    const button = found(
      reading.buttons.find((b) => b.label === args.button),
      `The button "${args.button}"`,
    );
    const effect = watchEffect(ctx, window);
    await activate(ctx, button.node, ['click', 'press', 'activate']);
    return { message: `Pressed "${button.label}".${describeEffect(await effect())}` };
  },
});
