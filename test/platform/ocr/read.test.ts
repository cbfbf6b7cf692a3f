/**
 * The real engine on recorded windows: Wine Notepad's small monospace line (scaled by the height
 * of its letters, not of its line, which a caret makes taller) and xcalc's keypad, whose lone
 * characters the sparse first reading drops and the second look at uncovered ink finds, whose
 * "x²" key is read by the height of its 2, and whose "ln" and "shl" keys by the bitmap of their l.
 */
import { readFileSync } from 'node:fs';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { OcrEngine, type OcrWord } from '../../../src/platform/ocr/engine.js';
import { toGrey } from '../../../src/platform/ocr/image.js';
import { readText } from '../../../src/platform/ocr/read.js';
import { decodePng } from '../../../src/util/pngDecode.js';
import { wordRecall } from '../../live/helpers/wordRecall.js';

const picture = (name: string) => toGrey(decodePng(readFileSync(new URL(`./fixtures/${name}`, import.meta.url))));
/** The lone characters of the keypad (xcalc's hex digits and decimal digits). */
const KEYPAD = 'D E F A B C 7 8 9 4 5 6 1 2 3 0';
/** Every label xcalc draws (its app-defaults), display included; "+/-" is no word to the measure. */
const XCALC_LABELS =
  '0 DEG DEC 1/x x² CE/C AC INV sin cos tan DRG e EE log ln y^x not and or xor trunc π x! base shl D E F shr mod A B C STO 7 8 9 RCL 4 5 6 SUM 1 2 3 EXC 0 +/-';

describe('reading recorded windows with the engine', () => {
  const engine = new OcrEngine();
  afterAll(() => engine.close());

  it('reads every typed word of a small monospace line (Wine Notepad)', async () => {
    const result = await readText(engine, picture('wine-notepad.png'));
    const text = result.words.map((w) => w.text).join(' ');
    expect(wordRecall('Invoice 4821.50 approved by Dana Whitfield for Harbour Supplies', text)).toEqual({ recall: 1, missing: [] });
  }, 60_000);

  it("reads xcalc's labels: its lone keypad digits with a second, block-mode look at the uncovered ink", async () => {
    const recognize = vi.spyOn(engine, 'recognize');
    const result = await readText(engine, picture('xcalc.png'));
    expect(recognize.mock.calls.map((call) => call[2] ?? 'sparse')).toContain('block');
    recognize.mockRestore();
    const text = result.words.map((w) => w.text).join(' ');
    // Without the second look the sparse reading finds few of these; one or two misread are tolerated.
    expect(wordRecall(KEYPAD, text).recall, text).toBeGreaterThanOrEqual(0.85);
    // π and the caret of y^x are not in the English model's characters: those two can be missing.
    const labels = wordRecall(XCALC_LABELS, text);
    expect(labels.recall, text).toBeGreaterThanOrEqual(0.95);
    expect(
      labels.missing.filter((w) => !['π', 'y^x'].includes(w)),
      text,
    ).toEqual([]);
    // Each word found on the second look carries the box of its own key: 7 and 8 in the row of STO.
    const middle = (w: { box: { y: number; height: number } }) => w.box.y + w.box.height / 2;
    const sto = result.words.find((w) => w.text === 'STO');
    expect(sto).toBeDefined();
    const row = ['7', '8'].map((digit) => result.words.find((w) => w.text === digit && Math.abs(middle(w) - middle(sto as OcrWord)) < 5));
    expect(row.every(Boolean), text).toBe(true);
    const xs = row.map((w) => (w as OcrWord).box.x);
    expect(xs).toEqual([...xs].sort((a, b) => a - b));
    expect(xs[0]).toBeGreaterThan((sto as OcrWord).box.x);
  }, 60_000);
});
