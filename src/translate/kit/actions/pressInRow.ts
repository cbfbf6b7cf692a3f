/**
 * `press_in_row {list, row, button}`: presses a button inside one row of a list or table (a
 * message's star). Three small enums instead of one entry per row and button, which would
 * outgrow a tool on a long list.
 */
import { z } from 'zod';
import { defineAction } from '../../define.js';
import type { GenericReading } from '../reading.js';
import { rowButtons } from '../rowButtons.js';
import { activate, describeEffect, found, live, namesEnum, rowSchema, watchEffect } from './shared.js';

export const pressInRowAction = defineAction({
  name: 'press_in_row',
  title: 'Press a button inside a row',
  description: 'Presses a button shown inside one row of a list or table (each row has its own), and waits briefly for an effect.',
  kind: 'destructive',
  input: (_view, { generic }: GenericReading) => {
    const buttons = rowButtons(generic);
    return z.object({
      list: namesEnum(buttons.map((b) => b.collection.label)),
      row: rowSchema(buttons.map((b) => b.row.label)),
      button: namesEnum(buttons.map((b) => b.label)),
    });
  },
  available: (_view, { generic }: GenericReading) => rowButtons(generic).length > 0,
  async run(args, ctx) {
    const { window, reading } = live(ctx);
    const button = found(
      rowButtons(reading).find((b) => b.collection.label === args.list && b.row.label === args.row && b.label === args.button),
      `The button "${args.button}" in the row "${args.row}" of ${args.list}`,
    );
    const effect = watchEffect(ctx, window);
    await activate(ctx, button.node, ['click', 'press', 'activate']);
    return { message: `Pressed "${button.label}" in "${button.row.label}".${describeEffect(await effect())}` };
  },
});
