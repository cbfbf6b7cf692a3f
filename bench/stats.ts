/** Small statistics helpers for benchmark scripts (numbers printed, never asserted in tests). */
export interface Summary {
  n: number;
  median: number;
  p99: number;
  min: number;
}

export function summarise(samples: number[]): Summary {
  const sorted = [...samples].sort((a, b) => a - b);
  const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] as number;
  return { n: sorted.length, median: at(0.5), p99: at(0.99), min: sorted[0] as number };
}

export async function time(run: () => Promise<unknown>, iterations: number, warmup = 20): Promise<Summary> {
  for (let i = 0; i < warmup; i++) await run();
  const samples: number[] = [];
  for (let i = 0; i < iterations; i++) {
    const start = performance.now();
    await run();
    samples.push(performance.now() - start);
  }
  return summarise(samples);
}

export const ms = (value: number) => `${value.toFixed(value < 1 ? 3 : 2)} ms`;

export function table(rows: Array<Record<string, string | number>>): string {
  const columns = Object.keys(rows[0] ?? {});
  const width = columns.map((c) => Math.max(c.length, ...rows.map((r) => String(r[c]).length)));
  const line = (cells: string[]) => `| ${cells.map((c, i) => c.padEnd(width[i] as number)).join(' | ')} |`;
  return [line(columns), line(width.map((w) => '-'.repeat(w))), ...rows.map((r) => line(columns.map((c) => String(r[c]))))].join('\n');
}
