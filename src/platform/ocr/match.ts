/**
 * Finding visible text by what it says: runs of consecutive words on one line whose text equals
 * the wanted text (case, spacing and superscripts aside), else the runs nearest to it by edit
 * distance when the recogniser misread a character or two. Pure.
 */
import type { Rect } from '../probe.js';
import type { OcrLine } from './layout.js';
import { union } from './layout.js';

export interface TextMatch {
  text: string;
  box: Rect;
  /** 0 = exact (case and spacing aside). */
  distance: number;
}

/** Case, spacing and compatibility forms aside: a key read as "x²" is found by "x2" and by "x²". */
const normalise = (text: string) => text.normalize('NFKC').toLowerCase().replace(/\s+/g, ' ').trim();

/** Levenshtein distance. */
export function editDistance(a: string, b: string): number {
  let previous = Array.from({ length: b.length + 1 }, (_, i) => i);
  for (let i = 1; i <= a.length; i++) {
    const current = [i];
    for (let j = 1; j <= b.length; j++) {
      current[j] = Math.min((previous[j] ?? 0) + 1, (current[j - 1] ?? 0) + 1, (previous[j - 1] ?? 0) + (a[i - 1] === b[j - 1] ? 0 : 1));
    }
    previous = current;
  }
  return previous[b.length] ?? 0;
}

/** The best matches of `wanted`: every exact one, else the closest within a small distance. */
export function findText(lines: readonly OcrLine[], wanted: string): TextMatch[] {
  const target = normalise(wanted);
  if (!target) return [];
  const wordCount = target.split(' ').length;
  const tolerance = Math.floor(target.replace(/ /g, '').length / 5);
  const candidates: TextMatch[] = [];
  for (const line of lines) {
    for (let start = 0; start + wordCount <= line.words.length; start++) {
      const run = line.words.slice(start, start + wordCount);
      const text = run.map((w) => w.text).join(' ');
      const distance = editDistance(normalise(text), target);
      if (distance <= tolerance) candidates.push({ text, box: run.map((w) => w.box).reduce(union), distance });
    }
  }
  const best = Math.min(...candidates.map((c) => c.distance));
  return candidates.filter((c) => c.distance === best);
}
