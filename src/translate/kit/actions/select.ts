/** `select {field, option}`: chooses an option of a combo box, a row of a table or list, or a tab. */
import { z } from 'zod';
import { BridgeError } from '../../../protocol/errors.js';
import type { A11yNode } from '../../../platform/probe.js';
import { defineAction } from '../../define.js';
import { PREVIEW_ROWS } from '../blocks.js';
import type { Field, Option, WindowReading } from '../model.js';
import type { GenericReading } from '../reading.js';
import { findFirst, hasState } from '../../tree.js';
import type { ActionContext, LiveWindow, StateReader } from '../../types.js';
import { readWindow } from '../reading.js';
import { WRITE_TIMEOUT_MS } from './fields.js';
import { activate, found, live, namesEnum, verbOf } from './shared.js';
import { dropDownOpener, selectInDropDown } from './dropDown.js';
import { isComboRow } from '../comboRows.js';
import { hasUnreadOptions, isUnreadList } from '../unreadOptions.js';
import { VIA_OUTPUT, writeVerified, type Attempt } from './verified.js';

/** Options listed in the schema at most; beyond, the option is free text checked at run time. */
const MAX_ENUM_OPTIONS = 200;

export interface Choosable {
  label: string;
  node: A11yNode;
  options: Option[];
  /** A drop-down whose options are known only once it opens (GTK 4's GtkDropDown): `options` is empty. */
  unknownOptions?: true;
  /** A combo box whose options cannot be read at all (ITEMS_UNREAD): an option is typed by its name. */
  typed?: true;
}

export function choosables(reading: WindowReading): Choosable[] {
  // A drop-down opened by its own button lists its options only while its popover is open: they
  // are left out even then, so that the tool does not change while a person looks at them.
  const isDropDown = (f: Field) => f.kind === 'choice' && f.settable && !f.entry && (dropDownOpener(f.node) !== undefined || isComboRow(f.node));
  const dropDowns = reading.fields.filter(isDropDown).map((f) => ({ label: f.label, node: f.node, options: [], unknownOptions: true as const }));
  const typed = reading.fields
    .filter((f) => f.kind === 'choice' && f.options.length === 0 && !f.entry && hasUnreadOptions(f.node))
    .map((f) => ({ label: f.label, node: f.node, options: [], unknownOptions: true as const, typed: true as const }));
  return [
    ...reading.fields.filter((f) => f.kind === 'choice' && f.settable && f.options.length > 0 && !isDropDown(f)),
    // Only rows the state shows can be named by the agent.
    ...reading.collections.map((c) => ({ ...c, options: c.options.slice(0, PREVIEW_ROWS) })).filter((c) => c.options.some((o) => o.label !== '')),
    ...reading.tabs,
  ]
    .map((c): Choosable => ({ label: c.label, node: c.node, options: c.options.filter((o) => o.label !== '') }))
    .concat(dropDowns, typed);
}

export function optionSchema(targets: Choosable[]) {
  const all = [...new Set(targets.flatMap((t) => t.options.map((o) => o.label)))];
  const unknown = targets.some((t) => t.unknownOptions);
  // With one target the enum says it all; the legend only tells several targets' options apart.
  if (!unknown && targets.length === 1 && all.length <= MAX_ENUM_OPTIONS) return namesEnum(all);
  const legend = targets
    .map((t) =>
      t.typed
        ? `${t.label}: its options cannot be read, name the one it shows`
        : t.unknownOptions
          ? `${t.label}: shown when it opens`
          : `${t.label}: ${t.options
              .slice(0, 12)
              .map((o) => `"${o.label}"`)
              .join(', ')}${t.options.length > 12 ? ', …' : ''}`,
    )
    .join('; ');
  const description = `As shown (${legend}).`;
  // A drop-down's options are known only once it opens: its option is a string checked at run time.
  return all.length <= MAX_ENUM_OPTIONS && !unknown ? namesEnum(all, description) : z.string().min(1).max(1000).describe(description);
}

export const selectAction = defineAction({
  name: 'select',
  title: 'Choose an option',
  description: 'Chooses an option, a list or table row, or a tab; waits until shown.',
  kind: 'write',
  idempotent: true,
  timeoutMs: WRITE_TIMEOUT_MS,
  output: VIA_OUTPUT,
  input: (_view, { generic }: GenericReading) => {
    const targets = choosables(generic);
    return z.object({
      field: namesEnum(targets.map((t) => t.label)),
      option: optionSchema(targets),
    });
  },
  available: (_view, { generic }: GenericReading) => choosables(generic).length > 0,
  async run(args, ctx) {
    const { window, reading } = live(ctx);
    const target = found(
      choosables(reading).find((t) => t.label === args.field),
      `"${args.field}"`,
    );
    if (target.typed) return selectTyped(ctx, window, target, args.option);
    if (target.unknownOptions) return selectUnknown(ctx, window, target, args.option);
    const option = target.options.find((o) => o.label === args.option);
    if (!option) {
      const choices = target.options
        .slice(0, 20)
        .map((o) => `"${o.label}"`)
        .join(', ');
      throw new BridgeError('validation_failed', `"${args.option}" is not an option of ${target.label}.`, {
        fields: [{ field: 'option', error: `not an option of ${target.label}; options: ${choices}` }],
      });
    }
    if (option.selected || isChosen(reading, target.node, option.label)) return { message: `${option.label} is already chosen in ${target.label}.` };
    const via = await writeVerified(ctx, {
      kind: `select ${option.node.role}`,
      what: `"${option.label}" in ${target.label}`,
      attempts: selectRoutes(ctx, window, option, reading.fields.some((f) => f.node.ref === target.node.ref && f.kind === 'choice') ? target.node : undefined),
      shown: (state) => {
        const root = state.window(window.winId)?.tree.root;
        if (!root) return 'gone';
        return isChosen(readWindow(root), target.node, option.label) ? 'wanted' : 'unchanged';
      },
    });
    return { message: `Chose "${option.label}" in ${target.label}.`, result: { via } };
  },
});

/**
 * The container's Selection (or the probe's own way for combo boxes that have none), then the
 * option's own action (a Qt page tab offers Press and no Selection), then the pointer: on an
 * option the screen shows, or, in a combo box, on the option once its drop-down shows it (never
 * on one hidden in a closed drop-down: the point would be another control's).
 */
function selectRoutes(ctx: ActionContext, window: LiveWindow, option: Option, combo: A11yNode | undefined): Attempt[] {
  const routes: Attempt[] = [{ via: 'selection', run: () => ctx.probe.select(option.node.ref) }];
  if ((option.node.actions ?? []).length > 0) routes.push({ via: 'action', run: () => activate(ctx, option.node, OPTION_VERBS) });
  if (combo) routes.push({ via: 'pointer', run: () => chooseInDropDown(ctx, window, combo, option.node) });
  else if (isOnScreen(option.node)) routes.push({ via: 'pointer', run: () => ctx.probe.click(option.node.ref) });
  return routes;
}

const isOnScreen = (node: A11yNode) => hasState(node, 'showing') && hasState(node, 'visible');

/** Opens the drop-down by a click and clicks the option once the window shows it on screen. */
async function chooseInDropDown(ctx: ActionContext, window: LiveWindow, combo: A11yNode, option: A11yNode): Promise<void> {
  const shownNow = (s: StateReader) => {
    const root = s.window(window.winId)?.tree.root;
    const now = root && findFirst(root, (n) => n.ref === option.ref);
    return now !== undefined && isOnScreen(now);
  };
  if (!(await ctx.waitFor((s) => shownNow(s), { timeoutMs: 0 }).catch(() => false))) await ctx.probe.click(combo.ref);
  const open = await ctx.waitFor((s) => shownNow(s), { timeoutMs: DROP_DOWN_MS, what: 'the drop-down to show the option' }).catch(() => false);
  if (!open) {
    // A drop-down left open is closed with Escape as a user would, but only one the combo box
    // says is open: Escape sent to the window itself would close a dialog.
    const root = ctx.state.window(window.winId)?.tree.root;
    const now = root && findFirst(root, (n) => n.ref === combo.ref);
    if (now && hasState(now, 'expanded')) await ctx.probe.sendKeys(window.facts.nativeId, { keys: ['Escape'] });
    throw new Error('the drop-down did not show the option');
  }
  await ctx.probe.click(option.ref);
}

const DROP_DOWN_MS = 3000;

/** A drop-down whose options show only once it opens: opened, chosen and read back (`dropDown.ts`). */
async function selectUnknown(ctx: ActionContext, window: LiveWindow, target: Choosable, asked: string) {
  const chosen = await selectInDropDown(ctx, window, target, asked, (state, label) => {
    const root = state.window(window.winId)?.tree.root;
    return root ? isChosen(readWindow(root), target.node, label) : 'gone';
  });
  if (!chosen.via) return { message: `${chosen.label} is already chosen in ${target.label}.` };
  return { message: `Chose "${chosen.label}" in ${target.label}.`, result: { via: chosen.via } };
}

/**
 * A combo box whose options cannot be read: opened by its own action, as a click opens it, its
 * list takes the name typed (Qt's keyboard search makes the first item starting with it
 * current) and Return chooses it; the value the combo box shows then is read back. It is not
 * focused and typed into while closed: Qt's combo box answers a focus request false. A name it
 * has no item for may leave another item chosen: the value it showed before is chosen again the
 * same way, and the write reports that it did not take.
 */
async function selectTyped(ctx: ActionContext, window: LiveWindow, target: Choosable, asked: string) {
  const valueNow = (state: StateReader) => {
    const root = state.window(window.winId)?.tree.root;
    return root ? readWindow(root).fields.find((f) => f.node.ref === target.node.ref)?.value : undefined;
  };
  const before = valueNow(ctx.state);
  if (before === asked) return { message: `${asked} is already chosen in ${target.label}.` };
  const typeName = async (name: string) => {
    const opener = verbOf(target.node, COMBO_OPENERS);
    if (!opener) throw new Error('the combo box offers no action that opens it');
    await ctx.probe.doAction(target.node.ref, opener);
    // Keys go nowhere else: typed into a field, or Return pressing a default button, they would
    // act on the window. Qt gives the list a size only while it shows.
    const open = await ctx
      .waitFor((s) => listShown(s, window, target.node), { timeoutMs: POPUP_MS, what: 'the combo box to show its list' })
      .catch(() => false);
    if (!open) throw new Error('the combo box did not show its list, so no key was sent');
    await ctx.probe.sendKeys(window.facts.nativeId, { text: name });
    await ctx.probe.sendKeys(window.facts.nativeId, { keys: ['Return'] });
  };
  try {
    const via = await writeVerified(ctx, {
      kind: 'select typed combo_box',
      what: `"${asked}" in ${target.label}`,
      attempts: [{ via: 'keyboard', run: () => typeName(asked) }],
      shown: (state) => {
        const now = valueNow(state);
        return now === undefined ? 'gone' : now === asked ? 'wanted' : now === before ? 'unchanged' : 'changed';
      },
    });
    return { message: `Chose "${asked}" in ${target.label}.`, result: { via } };
  } catch (error) {
    if (typeof before === 'string' && before !== '' && valueNow(ctx.state) !== before) await typeName(before).catch(() => undefined);
    throw error;
  }
}

/** Qt's combo box actions: ShowMenu opens its list; Press too. */
const COMBO_OPENERS = ['showmenu', 'ShowMenu', 'press', 'Press'];
/** How long the list may take to show once asked. */
const POPUP_MS = 3000;

/** Whether the combo box's unread list shows: it has a size (Qt answers an empty rectangle for a hidden view). */
function listShown(state: StateReader, window: LiveWindow, combo: A11yNode): boolean {
  const root = state.window(window.winId)?.tree.root;
  const now = root && findFirst(root, (n) => n.ref === combo.ref);
  return now?.children.some((c) => isUnreadList(c) && c.zeroSize !== true && (c.bounds === undefined || c.bounds.width > 0)) ?? false;
}

const OPTION_VERBS = ['select', 'press', 'click', 'activate', 'switch'];

function isChosen(reading: WindowReading, node: A11yNode, label: string): boolean {
  const field = reading.fields.find((f) => f.node.ref === node.ref);
  if (field) return field.value === label;
  const target = choosables(reading).find((t) => t.node.ref === node.ref);
  return target?.options.some((o) => o.label === label && o.selected) ?? false;
}
