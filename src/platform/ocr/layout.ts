/**
 * Recognised words → lines of text that keep the window's columns: words whose vertical middles
 * fall in one band are one line, and each word starts at the column its x position gives in
 * character widths, so labels and values that align on screen align in the text too.
 */
import type { Rect } from '../probe.js';
import type { OcrWord } from './engine.js';

export interface OcrLine {
  words: OcrWord[];
  box: Rect;
}

/** Lines top to bottom, words left to right. */
export function groupLines(words: readonly OcrWord[]): OcrLine[] {
  const sorted = [...words].sort((a, b) => a.box.y + a.box.height / 2 - (b.box.y + b.box.height / 2));
  const lines: OcrLine[] = [];
  for (const word of sorted) {
    const middle = word.box.y + word.box.height / 2;
    const line = lines.find((l) => middle >= l.box.y && middle <= l.box.y + l.box.height);
    if (line) {
      line.words.push(word);
      line.box = union(line.box, word.box);
    } else lines.push({ words: [word], box: { ...word.box } });
  }
  for (const line of lines) line.words.sort((a, b) => a.box.x - b.box.x);
  return lines.sort((a, b) => a.box.y - b.box.y);
}

export function union(a: Rect, b: Rect): Rect {
  const x = Math.min(a.x, b.x);
  const y = Math.min(a.y, b.y);
  return { x, y, width: Math.max(a.x + a.width, b.x + b.width) - x, height: Math.max(a.y + a.height, b.y + b.height) - y };
}

/** The median width of one character, from the words' boxes (8 px when nothing was read). */
export function charWidth(words: readonly OcrWord[]): number {
  const widths = words
    .filter((w) => w.text.length > 0)
    .map((w) => w.box.width / w.text.length)
    .sort((a, b) => a - b);
  return widths.length ? Math.max(1, widths[Math.floor(widths.length / 2)] ?? 8) : 8;
}

/** The lines as text, each word at its column; the common left margin is dropped. */
export function layoutText(lines: readonly OcrLine[]): string {
  const all = lines.flatMap((l) => l.words);
  if (all.length === 0) return '';
  const cell = charWidth(all);
  const left = Math.min(...all.map((w) => w.box.x));
  return lines
    .map((line) => {
      let text = '';
      let end = left;
      for (const word of line.words) {
        const column = Math.round((word.box.x - left) / cell);
        // Words of one phrase (a gap under two characters) keep one space; farther ones their column.
        const near = text.length > 0 && word.box.x - end < 2 * cell;
        const gap = text.length === 0 ? column : near ? 1 : Math.max(1, column - text.length);
        text += ' '.repeat(gap) + word.text;
        end = word.box.x + word.box.width;
      }
      return text.trimEnd();
    })
    .join('\n');
}
