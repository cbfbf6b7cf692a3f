/**
 * Column headers that are not children of their table. The Java ATK wrapper exposes a JTable's
 * cells as its children but its header (a JTableHeader, a sibling component inside the scroll
 * pane) only through `Table.GetColumnHeader`, so the tree would say "Column 1, 2, …". For such
 * toolkits (toolkitPolicy `columnHeaders: 'table_calls'`) the tree reader asks for each header
 * once the rest of the window has been read.
 *
 * Each header object's name is that of the JTable's one shared header renderer, i.e. of the
 * column whose header was configured last (by GetColumnHeader, or by reading the header
 * panel's labels): so the headers are asked one at a time, each name read right after its
 * GetColumnHeader, and only after the walk (whose reads of the header panel would interleave).
 */
import type { A11yNode } from '../../probe.js';
import type { AtspiClient } from './client.js';
import { IFACE, NULL_PATH } from './names.js';
import { formatRef, fromWire, parseRef } from './refs.js';

/** A table wider than this keeps generic column names: one round trip per column is too many. */
const MAX_COLUMNS = 64;
const HEADER_ROLES = new Set(['table_column_header', 'column_header']);

/** Puts header nodes in front of every grouped table without header children; returns how many. */
export async function addColumnHeaders(client: AtspiClient, root: A11yNode): Promise<number> {
  let added = 0;
  for (const table of tablesWithoutHeaders(root)) {
    const headers = await readHeaders(client, table, Number(table.attributes?.columns));
    table.children.unshift(...headers);
    if (table.childCount !== undefined) table.childCount += headers.length;
    added += headers.length;
  }
  return added;
}

function tablesWithoutHeaders(node: A11yNode, out: A11yNode[] = []): A11yNode[] {
  const first = node.children[0];
  if (node.attributes?.columns !== undefined && first?.role === 'table_row' && !HEADER_ROLES.has(first.role)) out.push(node);
  for (const child of node.children) tablesWithoutHeaders(child, out);
  return out;
}

async function readHeaders(client: AtspiClient, table: A11yNode, columns: number): Promise<A11yNode[]> {
  if (!Number.isInteger(columns) || columns <= 0 || columns > MAX_COLUMNS) return [];
  const ref = parseRef(table.ref);
  const headers: A11yNode[] = [];
  for (let column = 0; column < columns; column++) {
    const [wire] = await client.call(ref, IFACE.table, 'GetColumnHeader', 'i', [column]).catch(() => [null]);
    const header = fromWire(wire);
    const name = header && header.path !== NULL_PATH ? String((await client.property(header, IFACE.accessible, 'Name').catch(() => '')) ?? '') : '';
    headers.push({
      ref: header && header.path !== NULL_PATH ? formatRef(header) : `${table.ref}#column${column}`,
      role: 'table_column_header',
      name,
      states: ['visible', 'showing'],
      children: [],
    });
  }
  return headers.some((h) => h.name !== '') ? headers : [];
}
