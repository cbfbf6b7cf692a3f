/** Report Details: a 50,000-row table kept out of the state except its first rows (P-BLK-7). */
import { z } from 'zod';
import { closeAction, defineAction, findFirst, focusAction, requireWindow } from '../../src/sdk/translate.js';
import type { A11yNode, WindowView } from '../../src/sdk/translate.js';
import { readTable, rowsOf } from './shared.js';

/** Rows shown in the state; the rest comes through load_rows. */
export const PREVIEW_ROWS = 20;
const MAX_LOAD = 1000;

const tableOf = (root: A11yNode) => findFirst(root, (n) => n.role === 'table');

const loadRows = defineAction({
  name: 'load_rows',
  title: 'Load rows',
  description: `Returns up to ${MAX_LOAD} rows of the report table starting at a 0-based row offset.`,
  kind: 'read',
  input: (_view, root: A11yNode) => {
    const total = readTable(tableOf(root) as A11yNode).total;
    return z.object({
      offset: z
        .number()
        .int()
        .min(0)
        .max(Math.max(0, total - 1))
        .default(0)
        .describe(`0-based index of the first row (0 to ${total - 1}).`),
      limit: z.number().int().min(1).max(MAX_LOAD).default(100).describe(`How many rows (1 to ${MAX_LOAD}).`),
    });
  },
  output: z.object({
    columns: z.array(z.string()),
    rows: z.array(z.array(z.string())),
    offset: z.number().int(),
    total: z.number().int(),
  }),
  available: (_view, root: A11yNode) => tableOf(root) !== undefined,
  async run(args, ctx) {
    const window = requireWindow(ctx);
    const table = readTable(tableOf(window.tree.root) as A11yNode);
    const children = await ctx.probe.readChildren(table.node.ref, table.columns.length + args.offset, args.limit);
    const rows = rowsOf(children);
    return {
      message: `Rows ${args.offset + 1}–${args.offset + rows.length} of ${table.total}.`,
      result: { columns: table.columns, rows, offset: args.offset, total: table.total },
    };
  },
});

export function translateReport(root: A11yNode): WindowView {
  const caption = findFirst(root, (n) => n.role === 'label')?.name ?? '';
  const tableNode = tableOf(root);
  const table = tableNode ? readTable(tableNode) : undefined;
  const blocks: WindowView['blocks'] = [{ type: 'text', id: 'caption', text: caption }];
  if (table) {
    const rows = table.rows.slice(0, PREVIEW_ROWS);
    blocks.push({ type: 'table', id: 'report', columns: table.columns, rows, offset: 0, total: table.total });
  }
  const shown = Math.min(PREVIEW_ROWS, table?.total ?? 0);
  return {
    summary: `${caption}; the first ${shown} are shown, load_rows fetches the others.`,
    blocks,
    actions: [loadRows, focusAction, closeAction],
  };
}
