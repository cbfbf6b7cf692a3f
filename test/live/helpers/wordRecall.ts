/**
 * Word recall of text read from pixels: the share of the words a test drew or typed that the
 * reading contains, each word counted as often as it was drawn. Words compare case-insensitively
 * without the punctuation around them ("total:" is "total"), never approximately.
 */
export function words(text: string): string[] {
  return text
    .split(/\s+/)
    .map((w) => w.toLowerCase().replace(/^[^\p{L}\p{N}]+|[^\p{L}\p{N}]+$/gu, ''))
    .filter((w) => w.length > 0);
}

export interface Recall {
  recall: number;
  missing: string[];
}

export function wordRecall(expected: string, read: string): Recall {
  const pool = new Map<string, number>();
  for (const w of words(read)) pool.set(w, (pool.get(w) ?? 0) + 1);
  const missing: string[] = [];
  const wanted = words(expected);
  for (const w of wanted) {
    const left = pool.get(w) ?? 0;
    if (left > 0) pool.set(w, left - 1);
    else missing.push(w);
  }
  return { recall: wanted.length ? (wanted.length - missing.length) / wanted.length : 1, missing };
}
