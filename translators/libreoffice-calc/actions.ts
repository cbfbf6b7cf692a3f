/**
 * Calc's actions: `load_cells` (read any range, bounded), `go_to_cell` (the Name Box, as a user
 * types an address there and presses Enter: Calc moves the cursor and scrolls the sheet) and
 * `set_cell` (go to the cell, type the content, Enter; done once the cell reads back the value).
 * Cells have no EditableText in Calc, so typing is the only way in.
 */
import { rowRef } from '../../src/platform/linux/atspi/tables.js';
import { BridgeError, defineAction, requireWindow, z, type ActionContext } from '../../src/sdk/translate.js';
import { cellName, columnName, parseCell, parseRange, rangeName, type Cell, type Range } from './address.js';
import { readCalc, type CalcReading } from './reading.js';

/** Most cells one load_cells returns (rows × columns). */
export const MAX_LOAD_CELLS = 2000;
const MAX_LOAD_ROWS = 200;
/**
 * How long Calc may take to show a move or a typed value. Its effect is checked by asking the
 * application for the one cell concerned (milliseconds), not by waiting for the window's state:
 * a whole Calc window re-read takes 1–6 s on a loaded machine, and a wait on the state needs one
 * or two of them per step (docs/toolkits.md "LibreOffice": the action timeouts under load).
 */
const MOVE_TIMEOUT_MS = 15_000;
/** Pause between two looks at the cell (each a few calls answered on Calc's UI thread). */
const POLL_MS = 50;
const FORMULA_SETTLE_MS = 300;

function atCall(ctx: ActionContext): { winId: string; nativeId: string; reading: CalcReading } {
  const window = requireWindow(ctx);
  const reading = readCalc(window.tree.root);
  if (!reading) throw new BridgeError('action_not_available', 'This window shows no sheet now. Re-read app://windows.');
  return { winId: window.winId, nativeId: window.facts.nativeId, reading };
}

function badRange(field: string, text: string, why: string): BridgeError {
  return new BridgeError('validation_failed', `"${text}" ${why}.`, { fields: [{ field, error: why }] });
}

/** The cells of a range, row by row, read from the application (never from the screen only). */
async function readRange(ctx: ActionContext, reading: CalcReading, range: Range): Promise<string[][]> {
  const width = range.last.column - range.first.column + 1;
  const rows = Array.from({ length: range.last.row - range.first.row + 1 }, (_, i) => range.first.row + i);
  return Promise.all(
    rows.map(async (row) => {
      const cells = await ctx.probe.readChildren(rowRef(reading.table.ref, row), range.first.column, width);
      return Array.from({ length: width }, (_, i) => cells[i]?.value ?? '');
    }),
  );
}

export const loadCellsAction = defineAction({
  name: 'load_cells',
  title: 'Load cells',
  description: `Reads the cells of a range of the current sheet, e.g. "A1:D20" or "B7", on screen or not (at most ${MAX_LOAD_CELLS} cells and ${MAX_LOAD_ROWS} rows per call). Values are shown as Calc displays them.`,
  kind: 'read',
  input: z.object({ range: z.string().min(2).max(30).describe('A cell or range such as "A1:D20".') }),
  output: z.object({
    range: z.string(),
    columns: z.array(z.string()).describe('"row", then the column letters.'),
    rows: z.array(z.array(z.union([z.number(), z.string()]))).describe('Per row: its number, then the cell values.'),
  }),
  async run(args, ctx) {
    const { reading } = atCall(ctx);
    const range = parseRange(args.range);
    if (!range) throw badRange('range', args.range, 'is not a cell or range such as "A1:D20"');
    const height = range.last.row - range.first.row + 1;
    const width = range.last.column - range.first.column + 1;
    if (height > MAX_LOAD_ROWS || height * width > MAX_LOAD_CELLS)
      throw badRange('range', args.range, `is larger than ${MAX_LOAD_ROWS} rows or ${MAX_LOAD_CELLS} cells; load it in parts`);
    const values = await readRange(ctx, reading, range);
    const columns = ['row', ...Array.from({ length: width }, (_, i) => columnName(range.first.column + i))];
    const rows = values.map((row, i) => [range.first.row + i + 1, ...row]);
    const filled = values.flat().filter((v) => v !== '').length;
    return { message: `${rangeName(range)}: ${filled} of ${height * width} cells filled.`, result: { range: rangeName(range), columns, rows } };
  },
});

/** One cell as Calc reports it now: its shown value and states. */
async function cellNow(ctx: ActionContext, reading: CalcReading, cell: Cell): Promise<{ value: string; states: string[] } | null> {
  const [node] = await ctx.probe.readChildren(rowRef(reading.table.ref, cell.row), cell.column, 1);
  return node ? { value: node.value ?? '', states: node.states } : null;
}

/** Asks until `check` holds, within MOVE_TIMEOUT_MS. */
async function until(check: () => Promise<boolean>, what: string): Promise<void> {
  const end = Date.now() + MOVE_TIMEOUT_MS;
  for (;;) {
    if (await check().catch(() => false)) return;
    if (Date.now() >= end) throw new BridgeError('action_timeout', `Timed out waiting for ${what}. Re-read app://windows: it may still happen.`);
    await new Promise((resolve) => setTimeout(resolve, POLL_MS));
  }
}

/** Types an address into the Name Box and presses Enter there; returns once Calc's cursor is on the range's first cell. */
async function goTo(ctx: ActionContext, reading: CalcReading, target: Range): Promise<void> {
  if (!reading.nameBox) throw new BridgeError('action_not_available', 'The Name Box is not shown (View › Formula Bar). Re-read app://windows.');
  await ctx.probe.setText(reading.nameBox.ref, rangeName(target));
  await ctx.probe.doAction(reading.nameBox.ref, 'activate');
  await until(async () => (await cellNow(ctx, reading, target.first))?.states.includes('focused') === true, `Calc to select ${rangeName(target)}`);
}

export const goToCellAction = defineAction({
  name: 'go_to_cell',
  title: 'Go to cell',
  description: 'Moves the cell cursor to a cell (or selects a range) of the current sheet, scrolling it into view, e.g. "B7" or "A1:D20".',
  kind: 'navigate',
  input: z.object({ cell: z.string().min(2).max(30).describe('A cell such as "B7", or a range such as "A1:D20".') }),
  timeoutMs: MOVE_TIMEOUT_MS + 2000,
  async run(args, ctx) {
    const { reading } = atCall(ctx);
    const range = parseRange(args.cell);
    if (!range) throw badRange('cell', args.cell, 'is not a cell or range such as "B7" or "A1:D20"');
    await goTo(ctx, reading, range);
    return { message: `Selected ${rangeName(range)}.` };
  },
});

/** Does the cell now show what was typed? Numbers compare as numbers ("3.50" shows "3.5"); a formula shows any result. */
function shows(value: string, typed: string): boolean {
  if (typed.startsWith('=')) return value !== '';
  if (value === typed) return true;
  const a = Number(value.replace(/,/g, ''));
  return typed.trim() !== '' && !Number.isNaN(a) && a === Number(typed);
}

export const setCellAction = defineAction({
  name: 'set_cell',
  title: 'Set cell',
  description:
    'Puts a value or a formula ("=SUM(A1:A3)") into one cell of the current sheet, as typing it and pressing Enter does, and returns what the cell then shows.',
  kind: 'write',
  input: z.object({
    cell: z.string().min(2).max(12).describe('The cell, e.g. "B7".'),
    value: z.string().max(10_000).describe('The content: text, a number, or a formula starting with "=". Empty clears the cell.'),
  }),
  output: z.object({ cell: z.string(), shown: z.string().describe("What the cell shows afterwards (a formula's result).") }),
  timeoutMs: MOVE_TIMEOUT_MS * 2 + 3000,
  async run(args, ctx) {
    const { reading, nativeId } = atCall(ctx);
    const cell = parseCell(args.cell);
    if (!cell) throw badRange('cell', args.cell, 'is not a cell such as "B7"');
    if (/[\n\t]/.test(args.value))
      throw new BridgeError('validation_failed', 'A cell value cannot hold a line break or a tab.', {
        fields: [{ field: 'value', error: 'contains a line break or tab' }],
      });
    const name = cellName(cell);
    await goTo(ctx, reading, { first: cell, last: cell });
    await ctx.probe.activateWindow(nativeId);
    if (args.value === '') await ctx.probe.sendKeys(nativeId, { keys: ['Delete'] });
    else {
      await ctx.probe.sendKeys(nativeId, { text: args.value });
      await ctx.probe.sendKeys(nativeId, { keys: ['Return'] });
    }
    const shown = await readBack(ctx, reading, cell, args.value);
    return { message: `${name} now shows "${shown}".`, result: { cell: name, shown } };
  },
});

/** Asks the cell until it shows the typed content; what it shows after MOVE_TIMEOUT_MS decides. */
async function readBack(ctx: ActionContext, reading: CalcReading, cell: Cell, typed: string): Promise<string> {
  const name = cellName(cell);
  const fits = (value: string) => (typed === '' ? value === '' : shows(value, typed));
  let value = '';
  // A formula's cell can show a first result before Calc recalculates it ("0" for =B2*2 under
  // load): its result counts once it has held for FORMULA_SETTLE_MS.
  let previous: string | undefined;
  let since = Date.now();
  const settled = async () => {
    value = (await cellNow(ctx, reading, cell))?.value ?? '';
    if (value !== previous) [previous, since] = [value, Date.now()];
    return fits(value) && (!typed.startsWith('=') || Date.now() - since >= FORMULA_SETTLE_MS);
  };
  await until(settled, `${name} to show the new content`).catch(() => undefined);
  if (fits(value)) return value;
  throw new BridgeError(
    'validation_failed',
    `${name} shows "${value}" after typing: Calc changed or refused the input (AutoInput completion, a validity rule or a protected cell).`,
    {
      fields: [{ field: 'value', error: 'not accepted as typed' }],
    },
  );
}
