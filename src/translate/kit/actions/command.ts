/**
 * `command {command}`: runs one of the window's named commands (GTK 4 lists the enabled actions of
 * its window and views on the window: `view.rename`, `win.new-tab`). They are what the app's keys
 * and context menus run, and they need neither the keyboard focus nor the pointer, which GTK 4
 * does not let an AT move (no Component.GrabFocus).
 */
import { z } from 'zod';
import { BridgeError } from '../../../protocol/errors.js';
import { defineAction } from '../../define.js';
import { closestPaths, fitsEnumBudget } from '../menuPaths.js';
import type { GenericReading } from '../reading.js';
import { describeEffect, live, namesEnum, watchEffect } from './shared.js';

export const commandAction = defineAction({
  name: 'command',
  title: 'Run a window command',
  description:
    'Runs a command the window offers now, by its name ("view.rename" acts on the selected items); waits briefly for an effect. The list changes with the selection.',
  kind: 'destructive',
  input: (_view, { root }: GenericReading) => z.object({ command: commandSchema(root.commands ?? []) }),
  available: (_view, { root }: GenericReading) => (root.commands ?? []).length > 0,
  async run(args, ctx) {
    const { window } = live(ctx);
    const root = window.tree.root;
    const command = resolveCommand(root.commands ?? [], args.command);
    const effect = watchEffect(ctx, window);
    await ctx.probe.doAction(root.ref, command);
    return { message: `Ran "${command}".${describeEffect(await effect())}` };
  },
});

/**
 * An enum while it is small; past the menu tool's budget (an app with hundreds of actions) a
 * string the server checks, named in the description by its groups, so that no tool grows big.
 */
export function commandSchema(commands: string[]) {
  if (fitsEnumBudget(commands)) return namesEnum(commands);
  const groups = [...new Set(commands.map(groupOf))];
  return z
    .string()
    .describe(
      `The command's name, e.g. "${commands[0]}" (${commands.length} commands in the groups ${groups.join(', ')}); ` +
        `a group's name (e.g. "${groups[0]}") answers with its commands.`,
    );
}

const groupOf = (command: string) => command.slice(0, command.indexOf('.'));

/** The command asked for, or a `validation_failed` listing a group's commands or the closest ones. */
export function resolveCommand(commands: string[], asked: string): string {
  if (commands.includes(asked)) return asked;
  const inGroup = commands.filter((c) => groupOf(c) === asked);
  const message =
    inGroup.length > 0
      ? `"${asked}" is a group: run one of its ${inGroup.length} commands: ${inGroup.map((c) => `"${c}"`).join(', ')}.`
      : `The window offers no command "${asked}" now (the list changes with the selection). Closest: ${closestPaths(commands, asked.toLowerCase())
          .map((c) => `"${c}"`)
          .join(', ')}.`;
  throw new BridgeError('validation_failed', message, { fields: [{ field: 'command', error: message }] });
}
