/**
 * `command {command}`: runs one of the window's named commands (GTK 4 lists the enabled actions of
 * its window and views on the window: `view.rename`, `win.new-tab`). They are what the app's keys
 * and context menus run, and they need neither the keyboard focus nor the pointer, which GTK 4
 * does not let an AT move (no Component.GrabFocus).
 */
import { z } from 'zod';
import { defineAction } from '../../define.js';
import type { GenericReading } from '../reading.js';
import { describeEffect, found, live, namesEnum, watchEffect } from './shared.js';

export const commandAction = defineAction({
  name: 'command',
  title: 'Run a window command',
  description:
    'Runs a command the window offers now, by its name ("view.rename" acts on the selected items); waits briefly for an effect. The list changes with the selection.',
  kind: 'destructive',
  input: (_view, { root }: GenericReading) => z.object({ command: namesEnum(root.commands ?? []) }),
  available: (_view, { root }: GenericReading) => (root.commands ?? []).length > 0,
  async run(args, ctx) {
    const { window } = live(ctx);
    const root = window.tree.root;
    const command = found(
      (root.commands ?? []).find((c) => c === args.command),
      `The command "${args.command}"`,
    );
    const effect = watchEffect(ctx, window);
    await ctx.probe.doAction(root.ref, command);
    return { message: `Ran "${command}".${describeEffect(await effect())}` };
  },
});
