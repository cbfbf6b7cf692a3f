/**
 * Renders the demo app's windows as accessibility trees, shaped like a GTK app seen through the
 * Linux probe: labelled-by relations, error-message relations, an info bar, a table with column
 * headers and lazily realised rows. The password is reported masked, never in clear text.
 */
import { SENSITIVE_MASK, type A11yNode } from '../probe.js';
import type { ConfirmState, DemoApp, DemoWindow, OrderState, PreferencesState, ReportState } from './model.js';
import { REPORT_COLUMNS, REPORT_TOTAL_ROWS, reportRow } from './reportData.js';
import { ORDER_FIELD_LABELS, ORDER_FIELDS, type OrderField } from './validation.js';
import { CURRENCIES } from './model.js';

/** Rows a real list view realises at first (the rest exists but is not rendered yet). */
export const REALISED_ROWS = 50;

const SHOWN = ['visible', 'showing', 'enabled', 'sensitive'];

interface NodeSpec {
  value?: string;
  sensitive?: boolean;
  states?: string[];
  attributes?: Record<string, string>;
  relations?: A11yNode['relations'];
  actions?: string[];
  children?: A11yNode[];
  childCount?: number;
}

export function node(ref: string, role: string, name: string, spec: NodeSpec = {}): A11yNode {
  const { children = [], states = SHOWN, ...rest } = spec;
  return { ref, role, name, states, children, ...rest };
}

export function renderWindow(app: DemoApp, window: DemoWindow): A11yNode {
  const states = [...SHOWN, ...(window.modal ? ['modal'] : []), ...(app.activeWindowId === window.id ? ['active'] : [])];
  const role = window.modal ? 'dialog' : 'frame';
  const c = window.content;
  const children =
    c.kind === 'order'
      ? renderOrder(window.id, c)
      : c.kind === 'confirm'
        ? renderConfirm(app, window.id, c)
        : c.kind === 'report'
          ? renderReport(window.id, c)
          : renderPreferences(window.id, c);
  return node(window.id, role, window.title, { states, children });
}

function renderOrder(id: string, order: OrderState): A11yNode[] {
  const editable = order.submitted ? [] : ['editable', 'focusable'];
  const form: A11yNode[] = [];
  for (const field of ORDER_FIELDS) {
    const ref = `${id}/${field}`;
    const error = order.errors[field];
    form.push(node(`${ref}-label`, 'label', ORDER_FIELD_LABELS[field], { relations: [{ type: 'label_for', targets: [ref] }] }));
    form.push(
      node(ref, field === 'password' ? 'password_text' : 'text', ORDER_FIELD_LABELS[field], {
        ...fieldValue(order, field),
        states: [...SHOWN, ...editable, 'single_line', ...(error ? ['invalid_entry'] : [])],
        relations: [{ type: 'labelled_by', targets: [`${ref}-label`] }, ...(error ? [{ type: 'error_message', targets: [`${ref}-error`] }] : [])],
      }),
    );
    if (error) form.push(node(`${ref}-error`, 'label', error, { relations: [{ type: 'error_for', targets: [ref] }] }));
  }
  const columns = ['Product', 'Quantity'];
  const products = node(`${id}/products`, 'table', 'Products', {
    attributes: { rows: String(order.products.length), columns: String(columns.length) },
    children: [
      ...columns.map((name, j) => node(`${id}/products/h${j}`, 'table_column_header', name)),
      ...order.products.map((row, i) =>
        node(`${id}/products/r${i}`, 'table_row', '', {
          children: row.map((cell, j) => node(`${id}/products/r${i}c${j}`, 'table_cell', String(cell))),
        }),
      ),
    ],
  });
  const notices: A11yNode[] = [];
  if (order.submitted) notices.push(infoBar(`${id}/status`, 'info', `Order #${order.orderNo} has been submitted.`));
  else if (order.recipient.trim() === '') notices.push(infoBar(`${id}/status`, 'error', 'Recipient cannot be empty'));
  const submitStates = order.submitted ? ['visible', 'showing'] : SHOWN;
  return [
    node(`${id}/heading`, 'heading', `Order #${order.orderNo}`),
    node(`${id}/form`, 'panel', '', { children: form }),
    products,
    ...notices,
    node(`${id}/submit`, 'push_button', 'Submit', { actions: ['click'], states: submitStates }),
    node(`${id}/close`, 'push_button', 'Close', { actions: ['click'] }),
  ];
}

function fieldValue(order: OrderState, field: OrderField): Pick<NodeSpec, 'value' | 'sensitive'> {
  if (field !== 'password') return { value: order[field] };
  return { value: order.password === '' ? '' : SENSITIVE_MASK, sensitive: true };
}

function infoBar(ref: string, type: 'info' | 'error', text: string): A11yNode {
  return node(ref, 'info_bar', '', {
    attributes: { 'message-type': type },
    children: [node(`${ref}/text`, 'label', text)],
  });
}

function renderConfirm(app: DemoApp, id: string, dialog: ConfirmState): A11yNode[] {
  const order = app.windows.get(dialog.orderWindowId)?.content;
  const question = order?.kind === 'order' ? `Submit order #${order.orderNo} to ${order.recipient} for ${order.amount}?` : 'Submit this order?';
  return [
    node(`${id}/question`, 'label', question),
    node(`${id}/confirm`, 'push_button', 'Confirm', { actions: ['click'], attributes: { default: 'true' } }),
    node(`${id}/cancel`, 'push_button', 'Cancel', { actions: ['click'] }),
  ];
}

function renderReport(id: string, report: ReportState): A11yNode[] {
  const realised = Math.min(REALISED_ROWS, REPORT_TOTAL_ROWS);
  const rows: A11yNode[] = [];
  for (let i = 0; i < realised; i++) rows.push(reportRowNode(id, report.reportNo, i));
  return [
    node(`${id}/caption`, 'label', `Sales report ${report.reportNo}: ${REPORT_TOTAL_ROWS.toLocaleString('en-US')} rows`),
    node(`${id}/table`, 'table', 'Sales', {
      attributes: { rows: String(REPORT_TOTAL_ROWS), columns: String(REPORT_COLUMNS.length) },
      children: [...REPORT_COLUMNS.map((name, j) => node(`${id}/table/h${j}`, 'table_column_header', name)), ...rows],
      childCount: REPORT_COLUMNS.length + REPORT_TOTAL_ROWS,
    }),
    node(`${id}/close`, 'push_button', 'Close', { actions: ['click'] }),
  ];
}

export function reportRowNode(windowId: string, reportNo: number, index: number): A11yNode {
  const row = reportRow(reportNo, index);
  return node(`${windowId}/table/r${index}`, 'table_row', '', {
    children: row.map((cell, j) => node(`${windowId}/table/r${index}c${j}`, 'table_cell', String(cell))),
  });
}

function renderPreferences(id: string, prefs: PreferencesState): A11yNode[] {
  return [
    node(`${id}/currency-label`, 'label', 'Currency', { relations: [{ type: 'label_for', targets: [`${id}/currency`] }] }),
    node(`${id}/currency`, 'combo_box', prefs.currency, {
      value: prefs.currency,
      relations: [{ type: 'labelled_by', targets: [`${id}/currency-label`] }],
      children: CURRENCIES.map((code) =>
        node(`${id}/currency/${code}`, 'menu_item', code, {
          states: [...SHOWN, 'selectable', ...(code === prefs.currency ? ['selected'] : [])],
        }),
      ),
    }),
    node(`${id}/confirm-check`, 'check_box', 'Confirm orders before submitting', {
      states: [...SHOWN, 'checkable', ...(prefs.confirmBeforeSubmit ? ['checked'] : [])],
      actions: ['toggle'],
    }),
    node(`${id}/save`, 'push_button', 'Save', { actions: ['click'] }),
    node(`${id}/cancel`, 'push_button', 'Cancel', { actions: ['click'] }),
  ];
}
