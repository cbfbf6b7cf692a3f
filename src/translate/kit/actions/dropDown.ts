/**
 * `select` on a drop-down whose options are unknown until it opens: GTK 4's GtkDropDown builds its
 * popover (a list of unnamed rows, each holding the option's label) only when its toggle button is
 * clicked. The drop-down is opened as a screen reader does, by the toggle button's own action; the
 * asked option is found among the rows the popover shows (exactly, else ignoring case, spacing and
 * "..."), chosen by keys, and the drop-down's shown value read back. An option that is not there
 * closes the popover again and answers with the options seen.
 *
 * No pointer route: GTK 4 places the popover's rows in its toplevel's coordinates though
 * the popover is a surface of its own, so a click at that point lands a row off (measured: the row
 * above the asked one got chosen). The rows have no action, so keys choose, as Orca's users do.
 *
 * libadwaita's AdwComboRow has no button and no action: it opens, as for a person, by a pointer
 * click on the row, and its popover's rows sit beside the one-row list that shows its value.
 *
 * No `selection` route: the popover's list offers the Selection interface, but GtkDropDown
 * takes a choice only from a row's activation, so a Selection call moves the list's highlight and
 * leaves the value as it was (gnome-text-editor's Line Ending, read back by pyatspi).
 */
import { BridgeError } from '../../../protocol/errors.js';
import type { A11yNode } from '../../../platform/probe.js';
import { findFirst, hasState } from '../../tree.js';
import { isComboRow, valueList } from '../comboRows.js';
import type { ActionContext, LiveWindow, StateReader } from '../../types.js';
import { repairName } from '../../text.js';
import { verbOf } from './shared.js';
import { writeVerified, type Attempt, type Route } from './verified.js';

/** How long the popover has to show its options once the toggle button was clicked. */
const OPEN_MS = 3000;
const OPENER_ROLES = new Set(['toggle_button', 'push_button', 'button']);
const OPENER_VERBS = ['click', 'press', 'toggle', 'activate'];
const ROW_ROLES = new Set(['list_item', 'menu_item', 'table_cell']);
const ROW_VERBS = ['activate', 'select', 'press', 'click'];

/** The button a drop-down opens by: a direct child with an action (GtkDropDown's GtkToggleButton). */
export function dropDownOpener(combo: A11yNode): A11yNode | undefined {
  return combo.children.find((c) => OPENER_ROLES.has(c.role) && (c.actions ?? []).length > 0);
}

export interface ShownOption {
  label: string;
  node: A11yNode;
}

/**
 * The options an open drop-down shows: the rows of its popover (outside its button), each named by
 * its own name or, for GTK 4's unnamed rows, by the first label it holds.
 */
export function shownOptions(combo: A11yNode): ShownOption[] {
  // What shows the current value is not an option: the button's face, a combo row's value list.
  const opener = dropDownOpener(combo);
  const shown = isComboRow(combo) ? valueList(combo) : undefined;
  const options: ShownOption[] = [];
  const walk = (node: A11yNode) => {
    for (const child of node.children) {
      if (child === opener || child === shown) continue;
      if (ROW_ROLES.has(child.role)) {
        const label = repairName(child.name) || firstLabel(child);
        if (label && !options.some((o) => o.label === label)) options.push({ label, node: child });
      } else walk(child);
    }
  };
  walk(combo);
  return options;
}

function firstLabel(node: A11yNode): string {
  const label = findFirst(node, (n) => n.role === 'label' && repairName(n.name) !== '');
  return label ? repairName(label.name) : '';
}

/** How two option labels compare when not equal: case, spacing and "..." for "…" do not matter. */
export function looseLabel(label: string): string {
  return label
    .replace(/\.\.\.|…/g, '')
    .replace(/\s+/g, ' ')
    .trim()
    .toLowerCase();
}

/** The option asked for: the exact label, else the one label that matches loosely. */
export function matchOption(options: ShownOption[], asked: string): ShownOption | undefined {
  const exact = options.find((o) => o.label === asked);
  if (exact) return exact;
  const loose = options.filter((o) => looseLabel(o.label) === looseLabel(asked));
  return loose.length === 1 ? loose[0] : undefined;
}

export interface DropDownTarget {
  label: string;
  node: A11yNode;
}

/**
 * Opens the drop-down, chooses the asked option, verifies the drop-down shows it. `isChosen` reads
 * a state's window: does the drop-down show this label as its value.
 */
export async function selectInDropDown(
  ctx: ActionContext,
  window: LiveWindow,
  target: DropDownTarget,
  asked: string,
  isChosen: (state: StateReader, label: string) => boolean | 'gone',
): Promise<{ label: string; via?: Route }> {
  const opener = dropDownOpener(target.node);
  if (!opener && !isComboRow(target.node)) throw new BridgeError('action_not_available', `${target.label} has no button that opens it. Re-read app://windows.`);
  const comboNow = (s: StateReader) => {
    const root = s.window(window.winId)?.tree.root;
    return root && findFirst(root, (n) => n.ref === target.node.ref);
  };
  const openedNow = (s: StateReader) => {
    const combo = comboNow(s);
    return combo !== undefined && shownOptions(combo).length > 0;
  };
  // The value shown already: nothing to open.
  if (isChosen(ctx.state, asked) === true) return { label: asked };
  if (!openedNow(ctx.state)) await open(ctx, target.node, opener);
  const opened = await ctx.waitFor((s) => openedNow(s), { timeoutMs: OPEN_MS, what: `${target.label} to show its options` }).catch(() => false);
  const combo = comboNow(ctx.state);
  const options = combo ? shownOptions(combo) : [];
  const option = matchOption(options, asked);
  if (!opened || !option) {
    await close(ctx, window, target.node, opener);
    const seen = options.map((o) => `"${o.label}"`).join(', ');
    const error = opened ? `not an option of ${target.label}; options: ${seen}` : `${target.label} showed no options when opened`;
    throw new BridgeError('validation_failed', `"${asked}" is not an option of ${target.label}.`, { fields: [{ field: 'option', error }] });
  }
  const current = isChosen(ctx.state, option.label);
  if (current === true) {
    await close(ctx, window, target.node, opener);
    return { label: option.label };
  }
  const attempts: Attempt[] = [];
  if ((option.node.actions ?? []).length > 0)
    attempts.push({ via: 'action', run: () => ctx.probe.doAction(option.node.ref, verbOf(option.node, ROW_VERBS) as string) });
  attempts.push({ via: 'keyboard', run: () => chooseByKeys(ctx, window, target.node, option.label) });
  try {
    const via = await writeVerified(ctx, {
      kind: `select drop-down ${option.node.role}`,
      what: `"${option.label}" in ${target.label}`,
      attempts,
      shown: (state) => {
        const chosen = isChosen(state, option.label);
        return chosen === 'gone' ? 'gone' : chosen ? 'wanted' : 'unchanged';
      },
    });
    // The chosen row closes GtkDropDown's popover.
    if (opener) await closedShown(ctx, window, target.node);
    return { label: option.label, via };
  } catch (error) {
    await close(ctx, window, target.node, opener);
    throw error;
  }
}

/** Opens the drop-down as a person does: its button's own action, or a click on a combo row. */
async function open(ctx: ActionContext, combo: A11yNode, opener: A11yNode | undefined): Promise<void> {
  if (opener) return ctx.probe.doAction(opener.ref, verbOf(opener, OPENER_VERBS) as string);
  return ctx.probe.click(combo.ref);
}

/**
 * Closes a popover left open by its toggle button's action, as it was opened; only while the
 * drop-down shows rows (or says it is expanded, or its button pressed): a click on a closed one
 * would open it. Never a key sent blindly: Escape that reached the window would close a dialog;
 * a combo row, which has no button, gets Escape only while a row of its popover has the focus.
 */
async function close(ctx: ActionContext, window: LiveWindow, combo: A11yNode, opener: A11yNode | undefined): Promise<void> {
  if (!opener) return closeComboRow(ctx, window, combo);
  const root = ctx.state.window(window.winId)?.tree.root;
  const comboNow = root && findFirst(root, (n) => n.ref === combo.ref);
  const openerNow = root && findFirst(root, (n) => n.ref === opener.ref);
  // GTK 4 marks neither the drop-down expanded nor, at once, its button pressed: rows shown say it too.
  const open = comboNow && (hasState(comboNow, 'expanded') || shownOptions(comboNow).length > 0 || (openerNow && hasState(openerNow, 'pressed')));
  if (!open || !openerNow) return;
  await ctx.probe.doAction(opener.ref, verbOf(opener, OPENER_VERBS) as string).catch(() => undefined);
  await closedShown(ctx, window, combo);
}

/**
 * Waits until the state shows the drop-down's rows gone (bounded): a next select on a busy
 * machine would otherwise find them still there, take the drop-down as open, and find no row
 * with the focus.
 */
async function closedShown(ctx: ActionContext, window: LiveWindow, combo: A11yNode): Promise<void> {
  await ctx.waitFor((s) => rowsIn(s, window, combo).length === 0, { timeoutMs: OPEN_MS, what: 'the drop-down to close' }).catch(() => undefined);
}

async function closeComboRow(ctx: ActionContext, window: LiveWindow, combo: A11yNode): Promise<void> {
  const rows = rowsIn(ctx.state, window, combo);
  const list = listOf(ctx.state, window, rows);
  if (!list || (await focusedRow(ctx, window, combo, list.ref)) === undefined) return;
  await ctx.probe.sendKeys(window.facts.nativeId, { keys: ['Escape'] }).catch(() => undefined);
}

/** The list holding the shown rows (the popover's). */
function listOf(state: StateReader, window: LiveWindow, rows: ShownOption[]): A11yNode | undefined {
  const root = state.window(window.winId)?.tree.root;
  const first = rows[0];
  return first && root ? findFirst(root, (n) => n.children.some((c) => c.ref === first.node.ref)) : undefined;
}

/** How long the popover's focus has to reach the asked row once the arrow keys were sent. */
const KEYS_SHOWN_MS = 3000;
const POLL_MS = 150;

/**
 * Chooses a row as a keyboard user does: the popover has the keyboard focus on a row (GTK 4 puts
 * it on the chosen one when it opens); Down or Up moves it, and Return activates the asked row only
 * once the row says it has the focus. No key is sent unless the focus is on a row of this
 * drop-down: Return anywhere else could press a dialog's default button.
 */
async function chooseByKeys(ctx: ActionContext, window: LiveWindow, combo: A11yNode, label: string): Promise<void> {
  const rows = rowsIn(ctx.state, window, combo);
  const target = rows.findIndex((o) => o.label === label);
  const list = listOf(ctx.state, window, rows);
  if (target < 0 || !list) throw new Error('the drop-down does not show the option');
  // GTK 4 moves the focus into the popover after it shows its rows; on a busy machine, later.
  const at = await focusReaching(ctx, window, combo, list.ref, (row) => row !== undefined);
  if (at === undefined) throw new Error('the keyboard focus is not on a row of the drop-down, so no key was sent');
  // A row that reads as focused when the popover opens may be only the list's cursor, not where
  // the keys go (AdwComboRow's popover: Return there chose nothing): the focus is moved off it and
  // back, so that Return follows a move the list itself made.
  const away = target + 1 < rows.length ? target + 1 : target - 1;
  const stops = at === target && away >= 0 ? [away, target] : [target];
  let from = at;
  for (const to of stops) {
    const keys = Array.from({ length: Math.abs(to - from) }, () => (from < to ? 'Down' : 'Up'));
    await ctx.probe.sendKeys(window.facts.nativeId, { keys });
    if ((await focusReaching(ctx, window, combo, list.ref, (row) => row === to)) !== to)
      throw new Error('the focus did not reach the option, so Return was not sent');
    from = to;
  }
  await ctx.probe.sendKeys(window.facts.nativeId, { keys: ['Return'] });
}

/** The focused row once `reached` accepts it, polled within KEYS_SHOWN_MS; the last seen otherwise. */
async function focusReaching(
  ctx: ActionContext,
  window: LiveWindow,
  combo: A11yNode,
  listRef: string,
  reached: (row: number | undefined) => boolean,
): Promise<number | undefined> {
  const deadline = Date.now() + KEYS_SHOWN_MS;
  let row = await focusedRow(ctx, window, combo, listRef);
  while (!reached(row) && Date.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, POLL_MS));
    row = await focusedRow(ctx, window, combo, listRef);
  }
  return row;
}

function rowsIn(state: StateReader, window: LiveWindow, combo: A11yNode): ShownOption[] {
  const root = state.window(window.winId)?.tree.root;
  const now = root && findFirst(root, (n) => n.ref === combo.ref);
  return now ? shownOptions(now) : [];
}

/**
 * The index of the row that has the keyboard focus: as the state shows it, else as the list's rows
 * say when asked now. GTK 4 rebuilds rows as the focus moves, and a loaded machine delivers their
 * state changes late: the state may still show none focused, or the row before.
 */
async function focusedRow(ctx: ActionContext, window: LiveWindow, combo: A11yNode, listRef: string): Promise<number | undefined> {
  const shown = rowsIn(ctx.state, window, combo).findIndex((o) => hasState(o.node, 'focused'));
  const fresh = await ctx.probe.readChildren(listRef, 0, MAX_ROWS).catch(() => []);
  const asked = fresh.findIndex((row) => ROW_ROLES.has(row.role) && hasState(row, 'focused'));
  if (fresh.length > 0) return asked < 0 ? undefined : asked;
  return shown < 0 ? undefined : shown;
}

const MAX_ROWS = 200;
