/**
 * `calculate {expression}` and `clear`. The expression goes into the display (the editable
 * GtkSourceView) in one piece, then "=" is pressed: gnome-calculator solves in the background and
 * shows the result some 200–300 ms later, adding "expression = result" to its history. The action
 * returns once that happened (P-TOOL-6) — or once the status line says why it could not.
 */
import { z } from 'zod';
import { BridgeError, cleanText, defineAction, NO_INPUT } from '../../src/sdk/translate.js';
import type { ActionContext } from '../../src/sdk/translate.js';
import { atCall, readingNow } from './live.js';
import { isSolving, numericValue, type CalculatorReading, type CalculatorWindow } from './reading.js';

const SOLVE_TIMEOUT_MS = 8000;
/** How long the state may take to show the typed expression before "=" is pressed anyway. */
const TYPED_TIMEOUT_MS = 1500;

type Outcome = { kind: 'done'; expression: string; result: string } | { kind: 'failed'; error: string } | { kind: 'gone' };

export const calculateAction = defineAction({
  name: 'calculate',
  title: 'Calculate',
  description:
    'Enters an expression into the calculator (replacing the display), presses "=" and returns the result once the calculator shows it. Use * or × for multiply, / or ÷ for divide, ^ for powers, sqrt(…), parentheses.',
  kind: 'write',
  input: z.object({ expression: z.string().min(1).max(1000).describe('The expression, e.g. "12*7+5".') }),
  output: z.object({
    expression: z.string().describe('As recorded in the history.'),
    result: z.string().describe('As shown, e.g. "89", "−3", "0.333333333".'),
    value: z.number().optional().describe('As a number, when it is a plain decimal.'),
  }),
  available: (_view, { calculator }: CalculatorWindow) => calculator.display !== undefined && calculator.equals !== undefined,
  timeoutMs: SOLVE_TIMEOUT_MS + TYPED_TIMEOUT_MS + 1000,
  async run(args, ctx) {
    const { window, reading } = atCall(ctx);
    if (!reading.display || !reading.equals)
      throw new BridgeError('action_not_available', 'The calculator shows no display or "=" button now. Re-read app://windows.');
    const typed = cleanText(args.expression);
    if (typed === '') throw new BridgeError('validation_failed', 'The expression is empty.', { fields: [{ field: 'expression', error: 'must not be blank' }] });
    await ctx.probe.setText(reading.display.ref, typed);
    const before = await typedShown(ctx, window.winId, typed);
    await ctx.probe.doAction(reading.equals.ref, 'click');
    const outcome = await ctx.waitFor((_s) => settled(readingNow(ctx, window.winId), before, typed), {
      timeoutMs: SOLVE_TIMEOUT_MS,
      what: 'the calculator to show the result',
    });
    if (outcome.kind === 'gone') throw new BridgeError('window_not_found', 'The calculator window closed. Re-read app://windows.');
    if (outcome.kind === 'failed') {
      throw new BridgeError('validation_failed', `The calculator could not calculate "${typed}": ${outcome.error}.`, {
        fields: [{ field: 'expression', error: outcome.error }],
      });
    }
    const value = numericValue(outcome.result);
    return {
      message: `${outcome.expression} = ${outcome.result}`,
      result: { expression: outcome.expression, result: outcome.result, ...(value !== undefined ? { value } : {}) },
    };
  },
});

/**
 * The history's length once the state shows the typed expression (and the status line it
 * clears), so that every later change is the calculator's answer to "=". Typing the expression
 * already shown changes nothing: then the wait ends early and the state at hand is the baseline.
 */
async function typedShown(ctx: ActionContext, winId: string, typed: string): Promise<Baseline> {
  const shown = (now: CalculatorReading | undefined) => now === undefined || (now.text === typed && now.status === '');
  const seen = await ctx
    .waitFor((_s) => shown(readingNow(ctx, winId)), { timeoutMs: TYPED_TIMEOUT_MS, what: 'the display to show the expression' })
    .then(() => true)
    .catch(() => false);
  return { history: readingNow(ctx, winId)?.history.length ?? 0, typedSeen: seen };
}

/** The history's length before "=", and whether the state showed the typed expression then. */
interface Baseline {
  history: number;
  typedSeen: boolean;
}

/**
 * Done when the display moved on from the typed expression to the newest history result — a
 * row the calculator added, or, for an expression just calculated again (gnome-calculator does
 * not repeat a history row), the row already there or what the display shows instead. Failed
 * when the status line explains why the typed expression stays uncalculated.
 */
function settled(now: CalculatorReading | undefined, before: Baseline, typed: string): Outcome | undefined {
  if (!now) return { kind: 'gone' };
  const last = now.history.at(-1);
  const grew = now.history.length > before.history;
  if (last && (grew || last.expression === typed)) {
    const showsResult = now.text === last.result && (now.text !== typed || typed === last.result);
    // A new row with the display showing anything but the expression: the result, formatted its way.
    if (showsResult || (grew && now.text !== typed)) return { kind: 'done', ...last };
    // The same expression again with another answer (sin(90) once the angle units changed): no
    // row is added, and the display shows the new result, not the row's. Only once the state
    // showed the typed expression: else the display may still show the result before it.
    const moved = before.typedSeen && !grew && now.text !== typed && now.text !== '' && now.status === '';
    if (moved) return { kind: 'done', expression: last.expression, result: now.text };
  }
  if (now.status && !isSolving(now.status) && now.text === typed) return { kind: 'failed', error: now.status };
  return undefined;
}

export const clearAction = defineAction({
  name: 'clear',
  title: 'Clear the display',
  description: 'Empties the calculator display (the history stays).',
  kind: 'write',
  idempotent: true,
  input: NO_INPUT,
  available: (_view, { calculator }: CalculatorWindow) => calculator.clear !== undefined,
  async run(_args, ctx) {
    const { window, reading } = atCall(ctx);
    if (reading.text === '') return { message: 'The display is already empty.' };
    if (!reading.clear) throw new BridgeError('action_not_available', 'The calculator shows no "Clear Display" button now. Re-read app://windows.');
    await ctx.probe.doAction(reading.clear.ref, 'click');
    await ctx.waitFor((_s) => readingNow(ctx, window.winId)?.text === '', { what: 'the display to be empty' });
    return { message: 'The display is empty.' };
  },
});
