/** The Report Details table: 50,000 deterministic rows, generated on demand (never stored). */
export const REPORT_COLUMNS = ['Date', 'Region', 'Product', 'Units', 'Revenue'] as const;
export const REPORT_TOTAL_ROWS = 50_000;

const REGIONS = ['North', 'South', 'East', 'West'];
const PRODUCTS = ['Widget A', 'Widget B', 'Gadget C', 'Gizmo D', 'Doohickey E'];
const DAY_MS = 86_400_000;
const START = Date.UTC(2026, 0, 1);

export type ReportRow = [string, string, string, number, string];

export function reportRow(reportNo: number, index: number): ReportRow {
  const seed = (index * 2654435761 + reportNo * 97) >>> 0;
  const units = (seed % 97) + 1;
  const price = 5 + (seed % 13) * 2.5;
  const date = new Date(START + (index % 365) * DAY_MS).toISOString().slice(0, 10);
  return [date, REGIONS[index % REGIONS.length] as string, PRODUCTS[seed % PRODUCTS.length] as string, units, `$${(units * price).toFixed(2)}`];
}
