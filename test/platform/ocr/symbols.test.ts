import { describe, expect, it } from 'vitest';
import type { OcrSymbol, OcrWord } from '../../../src/platform/ocr/engine.js';
import { correctBySymbols, shiftWord } from '../../../src/platform/ocr/symbols.js';

const symbol = (text: string, x: number, y: number, width: number, height: number, confidence = 95): OcrSymbol => ({
  text,
  confidence,
  box: { x, y, width, height },
});
const word = (symbols: OcrSymbol[]): OcrWord => ({
  text: symbols.map((s) => s.text).join(''),
  confidence: 85,
  box: { x: 0, y: 0, width: 30, height: 20 },
  symbols,
});

describe('corrections by character boxes', () => {
  it('reads a digit set above the line as its superscript, and digits on the line as read', () => {
    // xcalc's key: x from 89 to 98, the 2 from 85 to 93 (its bottom above the x's middle).
    expect(correctBySymbols(word([symbol('x', 62, 89, 8, 9), symbol('2', 70, 85, 5, 8)])).text).toBe('x²');
    expect(correctBySymbols(word([symbol('m', 0, 89, 10, 9), symbol('1', 11, 85, 4, 8), symbol('0', 15, 85, 4, 8)])).text).toBe('m¹⁰');
    expect(correctBySymbols(word([symbol('x', 62, 89, 8, 9), symbol('2', 70, 85, 5, 13)])).text).toBe('x2');
    expect(correctBySymbols(word([symbol('A', 0, 85, 8, 13), symbol('4', 9, 85, 6, 13)])).text).toBe('A4');
    // After a descender: the y's middle is lower, a 2 on the line is not raised.
    expect(correctBySymbols(word([symbol('y', 0, 89, 8, 13), symbol('2', 9, 85, 5, 13)])).text).toBe('y2');
  });

  it('reads one glyph read twice in two cases as one letter, the surer one', () => {
    expect(correctBySymbols(word([symbol('C', 151, 265, 6, 13, 97), symbol('c', 151, 265, 12, 13, 90)]))).toMatchObject({
      text: 'C',
      symbols: [{ text: 'C' }],
    });
    expect(correctBySymbols(word([symbol('X', 0, 0, 8, 9, 80), symbol('x', 1, 0, 7, 9, 91)])).text).toBe('x');
    // Side by side they are two letters.
    expect(correctBySymbols(word([symbol('C', 0, 0, 8, 13), symbol('c', 9, 4, 6, 9)])).text).toBe('Cc');
  });

  it('leaves a word alone when its characters do not spell it', () => {
    const odd = { ...word([symbol('x', 62, 89, 8, 9), symbol('2', 70, 85, 5, 8)]), text: 'x 2' };
    expect(correctBySymbols(odd)).toBe(odd);
  });

  it('moves a word with its characters', () => {
    const moved = shiftWord(word([symbol('a', 1, 2, 3, 4)]), 10, 20);
    expect(moved.box).toEqual({ x: 10, y: 20, width: 30, height: 20 });
    expect(moved.symbols?.[0]?.box).toEqual({ x: 11, y: 22, width: 3, height: 4 });
  });
});
