/** `press {button}`: presses a button the window shows; the enum lists exactly those (P-TOOL-2). */
import { z } from 'zod';
import { BridgeError } from '../../../protocol/errors.js';
import type { A11yNode } from '../../../platform/probe.js';
import { defineAction } from '../../define.js';
import type { ActionContext, ActionOutcome, LiveWindow, StateReader } from '../../types.js';
import { findFirst, pathTo } from '../../tree.js';
import { hasOwnMenu, isMenuOpen, menuEntriesOfButton } from '../menus.js';
import type { Button, WindowReading } from '../model.js';
import { closestPaths, fitsEnumBudget, namesWithin, normalizePath } from '../menuPaths.js';
import { isToggledOn, isToggleLike } from '../toggleButtons.js';
import type { GenericReading } from '../reading.js';
import { closeOpened } from './lazyMenu.js';
import { activate, describeEffect, EFFECT_WAIT_MS, found, live, namesEnum, readNow, settled, watchEffect, type Effect } from './shared.js';

const MAX_HINTS = 40;
/** Past this many characters of hints the legend stops: the tool stays small. */
const LEGEND_BUDGET_CHARS = 1200;
/** Entries named when a button turns out to only open its menu. */
const LISTED_ENTRIES = 12;

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
  const entries: string[] = [];
  let size = 0;
  for (const b of buttons.filter(addsMeaning).slice(0, MAX_HINTS)) {
    const entry = `"${b.label}" = ${b.hint}`;
    if (size + entry.length > LEGEND_BUDGET_CHARS) break;
    entries.push(entry);
    size += entry.length + 2;
  }
  return entries.length > 0 ? `Meanings: ${entries.join('; ')}.` : undefined;
}

/**
 * An enum of the labels while it is small; a web page's hundreds of links would make the tool
 * tens of KB, so past the menu tool's budget the label is a string the server checks (closest
 * labels when it is not shown).
 */
function buttonSchema(buttons: Button[]) {
  const labels = labelsOf(buttons);
  if (fitsEnumBudget(labels)) return namesEnum(labels, buttonDescription(buttons));
  return z
    .string()
    .min(1)
    .max(1000)
    .describe(`The button's label as the window shows it (${labels.length} buttons: ${namesWithin(labels)}); a label not shown answers with the closest ones.`);
}

const labelsOf = (buttons: Button[]) => [...new Set(buttons.map((b) => b.label))];

/** The button a label names: as shown, else compared like menu paths; else why not. */
function buttonNamed(buttons: Button[], asked: string): Button {
  const exact = buttons.find((b) => b.label === asked);
  if (exact) return exact;
  const labels = labelsOf(buttons);
  // An enum-sized list was offered as an enum: the button went away since.
  if (fitsEnumBudget(labels)) return found<Button>(undefined, `The button "${asked}"`);
  const wanted = normalizePath(asked);
  const same = buttons.filter((b) => normalizePath(b.label) === wanted);
  if (same.length === 1) return same[0] as Button;
  const message = `The window shows no button "${asked}" now. Closest: ${closestPaths(labels, wanted)
    .map((l) => `"${l}"`)
    .join(', ')}.`;
  throw new BridgeError('validation_failed', message, { fields: [{ field: 'button', error: message }] });
}

export const pressAction = defineAction({
  name: 'press',
  title: 'Press a button',
  description: 'Presses a button and waits briefly for an effect.',
  kind: 'destructive',
  input: (_view, { generic }: GenericReading) => {
    const buttons = generic.buttons;
    return z.object({ button: buttonSchema(buttons) });
  },
  available: (_view, { generic }: GenericReading) => generic.buttons.length > 0,
  async run(args, ctx) {
    const { window, reading } = live(ctx);
    const button = buttonNamed(reading.buttons, args.button);
    const effect = watchEffect(ctx, window);
    await activate(ctx, button.node, ['click', 'press', 'activate']);
    const seen = await effect();
    if (hasOwnMenu(button.node) && (await ownMenuOpened(ctx, window, button.node, seen))) return pressFace(ctx, window, button);
    // A button whose press brought menu entries is a menu button, on while its menu is open: no state.
    const toggled = opensMenu(reading, readNow(ctx, window.winId)) ? undefined : toggledTo(button.node, ctx.state.window(window.winId)?.tree.root);
    // The rest of the effect is said too: a GTK 3 menu button is on while the popover it opened shows.
    if (toggled !== undefined) return { message: `Pressed "${button.label}": it is ${toggled ? 'on' : 'off'} now.${describeEffect(seen)}` };
    return { message: `Pressed "${button.label}".${describeEffect(seen)}` };
  },
});

/**
 * A split button whose action only opens its menu: Thunderbird's Save (a toolbar button of type
 * "menu" whose face runs Save and whose drop-marker opens Save as File/Draft/Template; Gecko
 * exposes one button, its action a click on the whole button, which opens the menu). The menu is
 * closed again and the face pressed as a person presses it: by pointer, at the button's centre.
 * A button whose face opens the menu too only opens a menu: the menu is closed and the answer
 * names its entries, which the `menu` tool runs.
 */
async function pressFace(ctx: ActionContext, window: LiveWindow, button: Button): Promise<ActionOutcome<undefined>> {
  await closeOwnMenu(ctx, window, button);
  // The closed menu's last changes are not the face's effect.
  await settled(ctx, window.winId);
  const effect = watchEffect(ctx, window);
  await ctx.probe.click(button.node.ref);
  const seen = await effect();
  if (await ownMenuOpened(ctx, window, button.node, seen)) {
    const entries = menuEntriesOfButton(nodeNow(ctx, window, button.node) ?? button.node).map((e) => `"${e.path}"`);
    await closeOwnMenu(ctx, window, button);
    const listed = entries.length > LISTED_ENTRIES ? [...entries.slice(0, LISTED_ENTRIES), `${entries.length - LISTED_ENTRIES} more`] : entries;
    const run = entries.length > 0 ? `: run one of its entries with menu: ${listed.join(', ')}` : '';
    throw new BridgeError('validation_failed', `"${button.label}" only opens its menu (closed again)${run}.`, {
      fields: [{ field: 'button', error: 'opens a menu' }],
    });
  }
  return { message: `Pressed "${button.label}" on its face, by pointer (its action only opens its menu).${describeEffect(seen)}` };
}

/**
 * Whether the press opened the button's own menu. A press with no other effect may open it
 * late (a loaded machine): that case waits a little longer for it.
 */
async function ownMenuOpened(ctx: ActionContext, window: LiveWindow, button: A11yNode, seen: Effect): Promise<boolean> {
  const open = (state: StateReader) => {
    const root = state.window(window.winId)?.tree.root;
    const now = root ? findFirst(root, (n) => n.ref === button.ref) : undefined;
    return !!now && !!root && isMenuOpen(root, now);
  };
  if (open(ctx.state)) return true;
  if (seen.kind !== 'none') return false;
  return ctx.waitFor((s) => (open(s) ? true : undefined), { timeoutMs: EFFECT_WAIT_MS, what: `the menu of "${button.name}"` }).catch(() => false);
}

/** Closes the button's own menu (Escape, only while it is open); one that stays open stops the press. */
async function closeOwnMenu(ctx: ActionContext, window: LiveWindow, button: Button): Promise<void> {
  await closeOpened(ctx, window, [button.node.ref]);
  const now = nodeNow(ctx, window, button.node);
  const root = ctx.state.window(window.winId)?.tree.root;
  if (now && root && isMenuOpen(root, now)) {
    throw new BridgeError('action_timeout', `"${button.label}" opened its menu, which stayed open after Escape. Re-read app://windows.`);
  }
}

/** Whether menu entries appeared that the window did not offer before. */
function opensMenu(before: WindowReading, after: WindowReading | undefined): boolean {
  const known = new Set(before.menus.map((m) => m.path));
  return (after?.menus ?? []).some((m) => !known.has(m.path));
}

/**
 * The state a toggle button took, read back from the window: undefined for a button that is no
 * toggle, or a toggle whose state did not change (its other effects are described instead).
 */
function toggledTo(before: A11yNode, root: A11yNode | undefined): boolean | undefined {
  const path = root ? pathTo(root, before.ref) : [];
  const [now, parent] = [path.at(-1), path.at(-2)];
  if (!now || !(isToggleLike(before, parent) || isToggleLike(now, parent))) return undefined;
  const on = isToggledOn(now, parent);
  return on !== isToggledOn(before, parent) ? on : undefined;
}

function nodeNow(ctx: ActionContext, window: LiveWindow, node: A11yNode): A11yNode | undefined {
  const root = ctx.state.window(window.winId)?.tree.root;
  return root ? findFirst(root, (n) => n.ref === node.ref) : undefined;
}
