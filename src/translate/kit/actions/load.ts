/**
 * Read-only access to what the state leaves out (P-BLK-7): `load_rows` for tables and lists shown
 * with a `total`, `load_text` for long documents. Both read through the probe, never from the UI
 * by scrolling, so they change nothing the user sees.
 */
import { z } from 'zod';
import { BridgeError } from '../../../protocol/errors.js';
import { defineAction } from '../../define.js';
import type { A11yNode } from '../../../platform/probe.js';
import { isCut, isDocumentCut } from '../blocks.js';
import type { Collection } from '../model.js';
import type { GenericReading } from '../reading.js';
import { readCollection } from '../tables.js';
import { found, live, namesEnum } from './shared.js';

const MAX_ROWS = 500;
const MAX_CHARS = 100_000;

const cutCollections = ({ generic }: GenericReading) => generic.collections.filter(isCut);
const cutDocuments = ({ generic }: GenericReading) => generic.fields.filter(isDocumentCut);

export const loadRowsAction = defineAction({
  name: 'load_rows',
  title: 'Load rows',
  description: 'Returns rows of a table or list that the state shows only in part (it has a "total").',
  kind: 'read',
  input: (_view, reading: GenericReading) =>
    z.object({
      table: namesEnum(cutCollections(reading).map((c) => c.label)),
      offset: z.number().int().min(0).default(0), // 0-based, as rows are everywhere
      limit: z.number().int().min(1).max(MAX_ROWS).default(100),
    }),
  output: z.object({ columns: z.array(z.string()), rows: z.array(z.array(z.unknown())), offset: z.number().int(), total: z.number().int() }),
  available: (_view, reading: GenericReading) => cutCollections(reading).length > 0,
  async run(args, ctx) {
    const { reading } = live(ctx);
    const c = found(
      reading.collections.filter(isCut).find((x) => x.label === args.table),
      `The table "${args.table}"`,
    );
    const start = c.headerCount + args.offset * c.cellsPerRow;
    const children = await ctx.probe.readChildren(c.node.ref, start, args.limit * c.cellsPerRow);
    const rows = rowsOf(c, children).slice(0, args.limit);
    // Rows the state counted but the application did not give: say so, never an empty success.
    if (rows.length === 0 && args.offset < c.total) {
      throw new BridgeError(
        'action_not_available',
        `${c.label} gave no row at ${args.offset} although it showed ${c.total}: it may be changing. Re-read app://windows and try again.`,
      );
    }
    const columns = c.kind === 'list' ? ['Item'] : c.columns;
    const range = rows.length > 0 ? `${args.offset + 1}–${args.offset + rows.length}` : 'none';
    return { message: `Rows ${range} of ${c.total} from ${c.label}.`, result: { columns, rows, offset: args.offset, total: c.total } };
  },
});

/**
 * Parses freshly read children with the same rules as the state (headers put back in front), and
 * the state's columns: rows beyond the view count whether or not the toolkit marks them shown.
 */
export function rowsOf(c: Collection, children: A11yNode[]): unknown[][] {
  const headers = c.node.children.slice(0, c.headerCount);
  const synthetic: A11yNode = { ...c.node, children: [...headers, ...children], childCount: undefined, attributes: {} };
  return readCollection(synthetic, { allRows: true, columns: c.shownColumns }).rows;
}

export const loadTextAction = defineAction({
  name: 'load_text',
  title: 'Load text',
  description: 'Returns part of a long text that the state shows cut short.',
  kind: 'read',
  input: (_view, reading: GenericReading) =>
    z.object({
      field: namesEnum(cutDocuments(reading).map((f) => f.label)),
      offset: z.number().int().min(0).default(0),
      limit: z.number().int().min(1).max(MAX_CHARS).default(20_000),
    }),
  output: z.object({ text: z.string(), offset: z.number().int(), total: z.number().int() }),
  available: (_view, reading: GenericReading) => cutDocuments(reading).length > 0,
  async run(args, ctx) {
    const { reading } = live(ctx);
    const field = found(
      reading.fields.filter(isDocumentCut).find((f) => f.label === args.field),
      `The text "${args.field}"`,
    );
    const full = await ctx.probe.readText(field.node.ref);
    const text = full.slice(args.offset, args.offset + args.limit);
    return { message: `${text.length} of ${full.length} characters of ${field.label}.`, result: { text, offset: args.offset, total: full.length } };
  },
});
