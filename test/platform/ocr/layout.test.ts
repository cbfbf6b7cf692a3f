import { describe, expect, it } from 'vitest';
import type { OcrWord } from '../../../src/platform/ocr/engine.js';
import { groupLines, layoutText } from '../../../src/platform/ocr/layout.js';
import { editDistance, findText } from '../../../src/platform/ocr/match.js';

const word = (text: string, x: number, y: number): OcrWord => ({ text, confidence: 90, box: { x, y, width: text.length * 8, height: 12 } });

describe('OCR layout and matching', () => {
  const words = [
    word('Total:', 10, 50),
    word('4821.50', 130, 51),
    word('Name:', 10, 20),
    word('Harbour', 130, 22),
    word('Supplies', 194, 21),
    word('Approve', 10, 90),
    word('Approve', 200, 90),
  ];

  it('groups words into lines top to bottom and keeps aligned columns aligned', () => {
    const lines = groupLines(words);
    expect(lines.map((l) => l.words.map((w) => w.text).join(' '))).toEqual(['Name: Harbour Supplies', 'Total: 4821.50', 'Approve Approve']);
    const text = layoutText(lines).split('\n');
    // Values start in one column; words of one phrase keep a single space.
    expect(text[0]?.indexOf('Harbour')).toBe(text[1]?.indexOf('4821.50'));
    expect(text[0]).toMatch(/Harbour Supplies$/);
  });

  it('finds exact matches (case and spacing aside), then near ones, with their boxes', () => {
    const lines = groupLines(words);
    expect(findText(lines, 'harbour  supplies')).toEqual([{ text: 'Harbour Supplies', box: { x: 130, y: 21, width: 128, height: 13 }, distance: 0 }]);
    expect(findText(lines, 'Approve')).toHaveLength(2);
    expect(findText(lines, 'Aprove').map((m) => m.distance)).toEqual([1, 1]);
    expect(findText(lines, 'Reject')).toEqual([]);
    expect(editDistance('kitten', 'sitting')).toBe(3);
  });

  it('finds a superscript key by its plain digits and by itself', () => {
    const lines = groupLines([word('x²', 60, 85), word('1/x', 16, 85)]);
    expect(findText(lines, 'x2')).toMatchObject([{ text: 'x²', distance: 0 }]);
    expect(findText(lines, 'X²')).toMatchObject([{ text: 'x²', distance: 0 }]);
  });
});
