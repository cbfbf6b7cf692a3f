/** Tree readings shared by the demo translator's windows. */
import { findAll, findFirst, hasState, isEnabled, labelOf, slugify, textOf } from '../../src/sdk/translate.js';
import type { A11yNode, Severity } from '../../src/sdk/translate.js';

export interface FormField {
  key: string;
  label: string;
  node: A11yNode;
  value: string;
  sensitive: boolean;
  editable: boolean;
  error?: string;
}

export function readForm(root: A11yNode, index: Map<string, A11yNode>): FormField[] {
  return findAll(root, (n) => n.role === 'text' || n.role === 'password_text').map((node) => {
    const label = labelOf(node, index);
    const errorRef = node.relations?.find((r) => r.type === 'error_message')?.targets[0];
    const error = errorRef ? index.get(errorRef)?.name : undefined;
    return {
      key: slugify(label, 'field'),
      label,
      node,
      value: node.value ?? '',
      sensitive: node.sensitive === true,
      editable: hasState(node, 'editable'),
      ...(error ? { error } : {}),
    };
  });
}

export interface TableReading {
  node: A11yNode;
  columns: string[];
  rows: string[][];
  total: number;
}

export function readTable(table: A11yNode): TableReading {
  const columns = table.children.filter((c) => c.role === 'table_column_header').map((c) => c.name);
  const rows = rowsOf(table.children);
  const total = Number(table.attributes?.rows ?? rows.length);
  return { node: table, columns, rows, total: Number.isFinite(total) ? total : rows.length };
}

export function rowsOf(nodes: A11yNode[]): string[][] {
  return nodes.filter((c) => c.role === 'table_row').map((row) => row.children.map((cell) => cell.value ?? cell.name));
}

const SEVERITY_BY_TYPE: Record<string, Severity> = { error: 'error', warning: 'warn', info: 'info', question: 'info' };

export function readInfoBar(root: A11yNode): { severity: Severity; text: string } | undefined {
  const bar = findFirst(root, (n) => n.role === 'info_bar' && hasState(n, 'showing'));
  if (!bar) return undefined;
  return { severity: SEVERITY_BY_TYPE[bar.attributes?.['message-type'] ?? 'info'] ?? 'info', text: textOf(bar) };
}

export function findButton(root: A11yNode, name: string): A11yNode | undefined {
  return findFirst(root, (n) => n.role === 'push_button' && n.name === name);
}

export function buttonEnabled(root: A11yNode, name: string): boolean {
  const button = findButton(root, name);
  return button !== undefined && isEnabled(button);
}
