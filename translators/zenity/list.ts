/**
 * zenity --list (also --radiolist, --checklist): the prompt and the table — the first rows and
 * the `total` only (P-BLK-7); load_rows (generic, read-only) pages through the rest — and
 * `choose {row}`, which marks one row by its 0-based index (the numbering of the table's rows and
 * of load_rows offsets) and presses OK. zenity fills big lists progressively: `total` grows
 * until every row is in.
 */
import { z } from 'zod';
import {
  BridgeError,
  buildBlocks,
  defineAction,
  findFirst,
  hasState,
  isCut,
  PREVIEW_ROWS,
  readWindow,
  requireWindow,
  rowsOf,
} from '../../src/sdk/translate.js';
import type { A11yNode, ActionContext, Collection, GenericReading, TranslateContext, WindowFacts, WindowReading, WindowView } from '../../src/sdk/translate.js';
import { acceptButton, cancelAction, pressAndWaitClosed } from './dialog.js';

const listOf = (reading: WindowReading): Collection | undefined => reading.collections[0];
// 12,345 without toLocaleString: its first call loads ICU's locale data, ~10 ms of a server's start-up.
const count = (n: number) => String(n).replace(/\B(?=(\d{3})+$)/g, ',');
const firstText = (cells: unknown[]) => cells.find((v): v is string => typeof v === 'string' && v !== '') ?? '';
const isCheckCell = (cell: A11yNode) => hasState(cell, 'checkable') || (cell.actions ?? []).includes('toggle');

const chooseAction = defineAction({
  name: 'choose',
  title: 'Choose a row',
  description: 'Chooses a row and presses OK: the dialog closes and its program gets it. Rows count from 0, as in the table block and load_rows.',
  kind: 'write',
  input: z.object({
    row: z.number().int().min(0),
    value: z.string().optional().describe('Its first text cell as read: refused if the row shows another.'),
  }),
  output: z.object({ row: z.number().int(), cells: z.array(z.unknown()) }),
  available: (_view, { root, generic }: GenericReading) => listOf(generic) !== undefined && acceptButton(root) !== undefined,
  async run(args, ctx) {
    const root = requireWindow(ctx).tree.root;
    const list = listOf(readWindow(root));
    if (!list) throw new BridgeError('action_not_available', 'The list is not shown any more. Re-read app://windows.');
    if (args.row >= list.total) {
      throw new BridgeError(
        'validation_failed',
        `The list has ${count(list.total)} rows (0 to ${list.total - 1}); a big list may still be filling: re-read app://windows.`,
        { fields: [{ field: 'row', error: `out of range: 0 to ${list.total - 1}` }] },
      );
    }
    const { nodes, cells } = await readRow(ctx, list, args.row);
    const shown = firstText(cells);
    if (args.value !== undefined && shown !== args.value) {
      throw new BridgeError('validation_failed', `Row ${args.row} shows "${shown}", not "${args.value}". Re-read it with load_rows.`, {
        fields: [{ field: 'value', error: `row ${args.row} shows "${shown}"` }],
      });
    }
    await mark(ctx, nodes);
    await pressAndWaitClosed(ctx, acceptButton(root), 'OK');
    return { message: `Chose row ${args.row} ("${shown}"); the dialog closed.`, result: { row: args.row, cells } };
  },
});

/** The row's nodes and cells, read through the probe: the row may be far past the state's rows. */
async function readRow(ctx: ActionContext, list: Collection, row: number): Promise<{ nodes: A11yNode[]; cells: unknown[] }> {
  const nodes = await ctx.probe.readChildren(list.node.ref, list.headerCount + row * list.cellsPerRow, list.cellsPerRow);
  const cells = rowsOf(list, nodes)[0];
  if (!cells) throw new BridgeError('action_not_available', `Row ${row} is not in the list any more. Re-read app://windows.`);
  return { nodes, cells };
}

/** A radio or check list is answered by its ticked rows; a plain list by its selection. */
async function mark(ctx: ActionContext, nodes: A11yNode[]): Promise<void> {
  const check = nodes.map((n) => findFirst(n, isCheckCell)).find((n) => n !== undefined);
  if (check) {
    if (!hasState(check, 'checked')) await ctx.probe.doAction(check.ref, 'toggle');
    return;
  }
  await ctx.probe.select((nodes[0] as A11yNode).ref);
}

export function translateList(
  window: WindowFacts,
  { generic: reading }: GenericReading,
  ctx: Pick<TranslateContext, 'warnings' | 'truncated'>,
): WindowView<GenericReading> {
  const list = reading.collections[0] as Collection;
  // The probe cut the big table on purpose (budget): its total says so; load_rows reads on.
  const cutByList = list.node.childCount !== undefined && list.node.childCount > list.node.children.length;
  const columns = list.columns.length > 0 ? ` (${list.columns.join(', ')})` : '';
  const shown = isCut(list) ? `, the first ${PREVIEW_ROWS} shown (load_rows reads the others)` : '';
  const prompt = reading.texts.length > 0 ? `: ${reading.texts.join(' ')}` : '';
  return {
    summary: `"${window.title}" asks to choose one of ${count(list.total)} rows${columns}${shown}${prompt}`,
    blocks: buildBlocks(reading, { warnings: ctx.warnings, truncated: ctx.truncated && !cutByList }),
    actions: [chooseAction, cancelAction],
  };
}
