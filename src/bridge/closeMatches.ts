/**
 * The allowed values closest to a wrong one, for errors about long enums: a menu path with a typo
 * gets the few paths it was probably meant to be, not all 448 (the schema no longer lists them,
 * see translate/portableSchema.ts).
 */

/** Lists every value up to this many; past it, only the closest ones. */
export const LIST_ALL_UP_TO = 20;
const SUGGESTIONS = 5;

export function closestValues(wrong: unknown, allowed: readonly unknown[], count = SUGGESTIONS): unknown[] {
  const target = normalise(String(wrong));
  return allowed
    .map((value, index) => ({ value, index, score: distance(target, normalise(String(value))) }))
    .sort((a, b) => a.score - b.score || a.index - b.index)
    .slice(0, count)
    .map((s) => s.value);
}

function normalise(text: string): string {
  return text.toLowerCase().replace(/\s+/g, ' ').trim();
}

/**
 * Edit distance, with a containing value scored by what it adds only: "save as" is nearer to
 * "File > Save As..." than to "Save" is to "Sage".
 */
function distance(a: string, b: string): number {
  if (b.includes(a) || a.includes(b)) return Math.abs(a.length - b.length) / 4;
  let previous = Array.from({ length: b.length + 1 }, (_, i) => i);
  for (let i = 1; i <= a.length; i++) {
    const current = [i];
    for (let j = 1; j <= b.length; j++) {
      current[j] = Math.min(previous[j]! + 1, current[j - 1]! + 1, previous[j - 1]! + (a[i - 1] === b[j - 1] ? 0 : 1));
    }
    previous = current;
  }
  return previous[b.length]!;
}
