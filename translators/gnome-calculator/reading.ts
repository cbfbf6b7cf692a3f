/**
 * What gnome-calculator (GTK4) shows, read from its tree: the display (the one editable text, a
 * GtkSourceView holding the expression, then the result), the status line under it (a read-only
 * text: "Malformed expression"), the history (a list of "expression = result" rows, newest last),
 * the mode button ("Basic") and its popover of modes once it has been opened, and the "=" and
 * "Clear Display" buttons. Memoised per tree root: the translator's `read`, its `match` and the
 * actions' `run` share one reading of a tree.
 */
import { cleanText, controlLabel, findAll, findFirst, hasState, hintOf, readGeneric, readOnce, repairName } from '../../src/sdk/translate.js';
import type { A11yNode, GenericReading } from '../../src/sdk/translate.js';

/** The modes gnome-calculator offers (its "Mode selection" menu), as switch_mode names them. */
export const MODES = ['basic', 'advanced', 'financial', 'programming', 'keyboard'] as const;
export type Mode = (typeof MODES)[number];

export interface HistoryEntry {
  expression: string;
  result: string;
}

export interface CalculatorReading {
  display?: A11yNode;
  /** The display's text: what is being typed, or the result once calculated. */
  text: string;
  /** The status line: an error such as "Malformed expression", or '' . */
  status: string;
  history: HistoryEntry[];
  /** The current mode's label ("Basic"), '' when the mode button is not found. */
  mode: string;
  modeButton?: A11yNode;
  /** Items of the mode popover (radio menu items), present once it has been opened. */
  modeItems: A11yNode[];
  equals?: A11yNode;
  clear?: A11yNode;
}

export const readCalculator: (root: A11yNode) => CalculatorReading = readOnce(buildReading);

/** The translator's reading: the calculator's, and the generic one for the generic actions. */
export interface CalculatorWindow extends GenericReading {
  calculator: CalculatorReading;
}

export function readCalculatorWindow(root: A11yNode): CalculatorWindow {
  return { ...readGeneric(root), calculator: readCalculator(root) };
}

/** Only what is on screen counts: GTK4 sets `visible` (not `showing`) below the frame. */
const present = (node: A11yNode) => hasState(node, 'visible');
const isText = (node: A11yNode) => node.role === 'text' && present(node);
const textOf = (node: A11yNode | undefined) => cleanText(node?.value ?? '');

function buildReading(root: A11yNode): CalculatorReading {
  const display = findFirst(root, (n) => isText(n) && hasState(n, 'editable') && !hasState(n, 'read_only'));
  const status = findFirst(root, (n) => isText(n) && hasState(n, 'read_only'));
  const modeButton = findModeButton(root);
  return {
    ...(display ? { display } : {}),
    text: textOf(display),
    status: textOf(status),
    history: readHistory(root),
    mode: modeButton ? controlLabel(modeButton) : '',
    ...(modeButton ? { modeButton } : {}),
    modeItems: findAll(root, (n) => n.role === 'radio_menu_item' && present(n) && MODES.includes(repairName(n.name).toLowerCase() as Mode)),
    ...optional(
      'equals',
      findButton(root, (b) => controlLabel(b) === '=' || hintOf(b) === 'Calculate Result'),
    ),
    ...optional(
      'clear',
      findButton(root, (b) => hintOf(b) === 'Clear Display'),
    ),
  };
}

function optional<K extends string>(key: K, node: A11yNode | undefined): Partial<Record<K, A11yNode>> {
  return node ? ({ [key]: node } as Record<K, A11yNode>) : {};
}

/** A shown button that can be pressed (GTK4 menu buttons wrap the pressable one). */
function findButton(root: A11yNode, test: (button: A11yNode) => boolean): A11yNode | undefined {
  return findFirst(root, (n) => n.role === 'push_button' && present(n) && (n.actions ?? []).includes('click') && test(n));
}

/** The inner button of the "Mode selection" menu button, labelled with the current mode. */
function findModeButton(root: A11yNode): A11yNode | undefined {
  const wrapper = findFirst(root, (n) => n.role === 'push_button' && hintOf(n) === 'Mode selection');
  const inner = wrapper && findButton(wrapper, (b) => b !== wrapper);
  return inner ?? findButton(root, (b) => MODES.includes(controlLabel(b).toLowerCase() as Mode));
}

/** History rows hold three labels: the expression, "=", the result. */
function readHistory(root: A11yNode): HistoryEntry[] {
  const list = findFirst(root, (n) => n.role === 'list' && present(n));
  if (!list) return [];
  return list.children
    .filter((item) => item.role === 'list_item')
    .flatMap((item) => {
      const labels = findAll(item, (n) => n.role === 'label').map((n) => cleanText(n.value || n.name));
      const at = labels.indexOf('=');
      return at > 0 && at < labels.length - 1 ? [{ expression: labels.slice(0, at).join(' '), result: labels.slice(at + 1).join(' ') }] : [];
    });
}

export type CalculationState =
  | { kind: 'empty' }
  | { kind: 'calculated'; expression: string; result: string }
  | { kind: 'failed'; expression: string; error: string }
  | { kind: 'pending'; expression: string };

/**
 * What the display means now. After "=" gnome-calculator shows the result in the display and adds
 * "expression = result" to the history, so a display equal to the newest result is that
 * calculation; a status line beside an uncalculated expression is why it failed.
 */
export function calculationState(reading: CalculatorReading): CalculationState {
  const last = reading.history.at(-1);
  if (last && reading.text === last.result) return { kind: 'calculated', ...last };
  if (reading.text === '') return { kind: 'empty' };
  if (reading.status && !isSolving(reading.status)) return { kind: 'failed', expression: reading.text, error: reading.status };
  return { kind: 'pending', expression: reading.text };
}

/**
 * The status line while gnome-calculator still solves: "Calculating" (shown when a result takes
 * longer than a moment, as on a busy machine) says nothing went wrong.
 */
export function isSolving(status: string): boolean {
  return /^Calculating\b/i.test(status.trim());
}

/** A result as a number: "−3" (minus sign) and "1,234.5" (separators) parse; others do not. */
export function numericValue(result: string): number | undefined {
  const normalised = result.replace(/\u2212/g, '-').replace(/[,\u00a0\u2009 ]/g, '');
  if (!/^-?(\d+\.?\d*|\.\d+)(e[+-]?\d+)?$/i.test(normalised)) return undefined;
  const value = Number(normalised);
  return Number.isFinite(value) ? value : undefined;
}
