/** Summary and blocks of the calculator window: mode, expression and result, status, history. */
import { findAll, repairName } from '../../src/sdk/translate.js';
import type { BlockDraft } from '../../src/sdk/translate.js';
import { calculationState, type CalculationState, type CalculatorReading } from './reading.js';

/** Newest history rows kept in the state; load_rows ("List") reads older ones (P-BLK-7). */
export const HISTORY_ROWS = 20;

export function summarise(reading: CalculatorReading): string {
  const head = reading.mode ? `Calculator (${reading.mode} mode)` : 'Calculator';
  return `${head}: ${describe(calculationState(reading))}`;
}

function describe(state: CalculationState): string {
  switch (state.kind) {
    case 'empty':
      return 'the display is empty.';
    case 'calculated':
      return `${state.expression} = ${state.result}`;
    case 'failed':
      return `${state.expression} — ${state.error}`;
    case 'pending':
      return `${state.expression} (not calculated yet)`;
  }
}

/** Expression and result as fields: while an expression waits for "=", the result is empty. */
function displayFields(state: CalculationState): { expression: string; result: string } {
  switch (state.kind) {
    case 'empty':
      return { expression: '', result: '' };
    case 'calculated':
      return { expression: state.expression, result: state.result };
    default:
      return { expression: state.expression, result: '' };
  }
}

export function calculatorBlocks(reading: CalculatorReading): BlockDraft[] {
  const state = calculationState(reading);
  const { expression, result } = displayFields(state);
  const items = [
    ...(reading.mode ? [{ label: 'Mode', value: reading.mode }] : []),
    { label: 'Expression', value: expression },
    { label: 'Result', value: result },
  ];
  const blocks: BlockDraft[] = [{ type: 'fields', id: 'display', items }];
  if (reading.status) {
    // An error beside an uncalculated expression; otherwise the calculator's own remark.
    blocks.push({ type: 'notice', id: 'status', severity: state.kind === 'failed' ? 'error' : 'info', text: reading.status });
  }
  if (reading.history.length > 0) blocks.push(historyBlock(reading));
  if (reading.modeItems.length > 0) blocks.push(modeMenuBlock(reading));
  return blocks;
}

/** The mode menu, while it is open: each mode with its shortcut (switch_mode chooses one). */
function modeMenuBlock(reading: CalculatorReading): BlockDraft {
  const items = reading.modeItems.map((item) => {
    const name = repairName(item.name);
    const shortcut = findAll(item, (n) => n.role === 'label')
      .map((n) => repairName(n.name))
      .find((text) => text !== '' && text !== name);
    return shortcut ? `${name} (${shortcut})` : name;
  });
  return { type: 'list', id: 'mode-menu', items };
}

/** The newest rows, oldest first as the app lists them; the paging says where they sit. */
function historyBlock(reading: CalculatorReading): BlockDraft {
  const total = reading.history.length;
  const offset = Math.max(0, total - HISTORY_ROWS);
  const items = reading.history.slice(offset).map((e) => `${e.expression} = ${e.result}`);
  return { type: 'list', id: 'history', items, ordered: true, ...(offset > 0 ? { offset, total } : {}) };
}
