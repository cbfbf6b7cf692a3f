/** The demo app's own form rules (the app validates, the bridge reports: P-VAL-2). */
export const ORDER_FIELDS = ['recipient', 'amount', 'password'] as const;
export type OrderField = (typeof ORDER_FIELDS)[number];

export const ORDER_FIELD_LABELS: Record<OrderField, string> = {
  recipient: 'Recipient',
  amount: 'Amount',
  password: 'Payment password',
};

export interface OrderValues {
  recipient: string;
  amount: string;
  password: string;
}

/** Parses "$1,234.50", "1234.5" or "100" into a number; NaN when it is not an amount. */
export function parseAmount(text: string): number {
  const cleaned = text.trim().replace(/^\$/, '').replace(/,/g, '');
  return /^\d+(\.\d{1,2})?$/.test(cleaned) ? Number(cleaned) : Number.NaN;
}

export function validateOrder(values: OrderValues): Partial<Record<OrderField, string>> {
  const errors: Partial<Record<OrderField, string>> = {};
  if (values.recipient.trim() === '') errors.recipient = 'Recipient cannot be empty';
  const amount = parseAmount(values.amount);
  if (Number.isNaN(amount)) errors.amount = 'Amount must be a number such as $100.00';
  else if (amount <= 0) errors.amount = 'Amount must be greater than 0';
  if (values.password === '') errors.password = 'Payment password is required';
  return errors;
}
