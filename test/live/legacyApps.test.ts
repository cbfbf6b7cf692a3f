/**
 * Legacy applications that expose no accessible text, read from their pixels (OCR) and operated by
 * the text they show, through the tools alone: an Athena calculator (xcalc), a Tk form, a Windows
 * program under Wine (Notepad), a Qt terminal widget (qterminal) and a GTK drawing-area document
 * (AbiWord). Each reads a value, presses something by its text (or types), and reads the result;
 * the words a test drew or typed are recovered at 95% or better. One desktop.
 */
import { mkdtempSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import type { Snapshot } from '../../src/protocol/schemas.js';
import { displayStack, waitFor } from './helpers/desktop.js';
import { useLiveBridge } from './helpers/liveBridge.js';
import { wordRecall } from './helpers/wordRecall.js';

const stack = displayStack(['xcalc', 'wish', 'wine', 'qterminal', 'abiword']);
const TK_FORM = fileURLToPath(new URL('./fixtures/invoice_form.tcl', import.meta.url));
/** What xcalc draws: its display and the label of every key ("+/-" holds no word to count). */
const XCALC_LABELS =
  '0 DEG DEC 1/x x² CE/C AC INV sin cos tan DRG e EE log ln y^x not and or xor trunc π x! base shl D E F shr mod A B C STO 7 8 9 RCL 4 5 6 SUM 1 2 3 EXC 0 +/-';

type Window = Snapshot['windows'][number];
type TextBlock = { type: 'text'; id: string; text: string };

/** The text read from a window's pixels: every `pixels-…` text block, in order. */
const pixelText = (w: Window | undefined) =>
  (w?.blocks ?? [])
    .filter((b): b is TextBlock => b.type === 'text' && typeof b.id === 'string' && b.id.startsWith('pixels-'))
    .map((b) => b.text)
    .join('\n');

/** The words a fixture draws: the -text of each Tk widget. */
const tkTexts = (script: string) => [...script.matchAll(/^(?:label|button) \S+ -text "([^"]+)"/gm)].map((m) => m[1]).join('\n');

describe.skipIf(stack.skip)('legacy apps read from pixels', () => {
  const live = useLiveBridge({ bridge: { ocrRegions: true } });
  const read = async (id: string) => pixelText(await live.windowNow(id));
  const readUntil = (id: string, test: (text: string) => boolean, timeoutMs = 20_000) =>
    waitFor(async () => {
      const text = await read(id);
      return test(text) ? text : null;
    }, timeoutMs);
  const call = async (name: string, args: Record<string, unknown>) => {
    const result = await live.client.call(name, args);
    return { ...result, structured: result.structuredContent as { message?: string; code?: string; result?: Record<string, unknown> } };
  };

  it('Athena calculator (xcalc): typed sum read back from pixels, then a button pressed by its text', async () => {
    const app = await live.desktop.launch('xcalc');
    try {
      const window = await live.windowTitled(/^Calculator$/, 30_000);
      const labels = await readUntil(window.id, (t) => /\bDEG\b/.test(t));
      // Its keys' labels (app-defaults): π and the caret of y^x are no characters of the English model.
      expect(wordRecall(XCALC_LABELS, labels).recall, labels).toBeGreaterThanOrEqual(0.95);
      const notice = (await live.windowNow(window.id))?.blocks.find((b) => b.id === 'pixels');
      expect(notice).toMatchObject({ type: 'notice', severity: 'info' });
      expect((notice as { text: string }).text).toMatch(/read from the pixels .* by OCR, mean confidence \d+%/);

      const typed = await call(`${window.id}__type_text`, { text: '12*7+5=' });
      expect(typed.isError, JSON.stringify(typed.structured)).toBeFalsy();
      // type_text returns after the window settled: the result is in the very next read.
      expect(await read(window.id)).toMatch(/(^|\s)89(\s|$)/);
      expect((await live.windowNow(window.id))?.summary).toMatch(/read from pixels .*89/);

      const clicked = await call(`${window.id}__click_text`, { text: '+/-' });
      expect(clicked.isError, JSON.stringify(clicked.structured)).toBeFalsy();
      expect(clicked.structured.result).toMatchObject({ clicked: '+/-', changed: true });
      expect(await read(window.id)).toMatch(/(^|\s)-89(\s|$)/);
    } finally {
      await app.kill();
    }
  }, 120_000);

  it('Tk form: every drawn word read; Approve pressed by its text; an ambiguous text is refused with positions', async () => {
    const script = readFileSync(TK_FORM, 'utf8');
    const app = await live.desktop.launch('wish', [TK_FORM]);
    try {
      const window = await live.windowTitled(/^Invoice Review$/, 30_000);
      const text = await readUntil(window.id, (t) => /Approve/.test(t));
      const recall = wordRecall(tkTexts(script), text);
      expect(recall.missing, text).toEqual([]);
      expect(recall.recall).toBeGreaterThanOrEqual(0.95);
      expect(text).toMatch(/Invoice total: 4821\.50/);

      const approve = await call(`${window.id}__click_text`, { text: 'Approve' });
      expect(approve.isError, JSON.stringify(approve.structured)).toBeFalsy();
      expect(await read(window.id)).toMatch(/Status: Approved/);

      const ambiguous = await call(`${window.id}__click_text`, { text: 'Details' });
      expect(ambiguous.isError).toBe(true);
      expect(ambiguous.structured.code).toBe('validation_failed');
      expect(ambiguous.structured.message).toMatch(/matches 2 places.*1: "Details" at \(\d+, \d+\); 2: "Details" at \(\d+, \d+\)/);
      expect(await read(window.id)).toMatch(/Status: Approved/); // nothing was clicked

      const second = await call(`${window.id}__click_text`, { text: 'Details', occurrence: 2 });
      expect(second.isError, JSON.stringify(second.structured)).toBeFalsy();
      expect(await read(window.id)).toMatch(/Status: Showing line 2/);

      const absent = await call(`${window.id}__click_text`, { text: 'Archive' });
      expect(absent.structured.code).toBe('validation_failed');
    } finally {
      await app.kill();
    }
  }, 120_000);

  it('Windows program under Wine (Notepad): typed text read back; a dialog button pressed by its text', async () => {
    // A fresh prefix: Wine builds it on first start (slow, once), nothing of the user's is touched.
    const prefix = mkdtempSync(join(live.desktop.runtimeDir, 'wine-'));
    const app = await live.desktop.launch('env', [`WINEPREFIX=${prefix}`, 'WINEDEBUG=-all', 'WINEDLLOVERRIDES=mscoree,mshtml=', 'wine', 'notepad']);
    try {
      const window = await live.windowTitled(/Notepad$/, 150_000);
      await readUntil(window.id, (t) => /Edit/.test(t), 30_000);
      const sentence = 'Invoice 4821.50 approved by Dana Whitfield';
      const typed = await call(`${window.id}__type_text`, { text: sentence });
      expect(typed.isError, JSON.stringify(typed.structured)).toBeFalsy();
      const text = await read(window.id);
      expect(wordRecall(sentence, text).missing, text).toEqual([]);

      const find = await call(`${window.id}__press_keys`, { keys: ['ctrl+f'] });
      expect(find.isError, JSON.stringify(find.structured)).toBeFalsy();
      const dialog = await live.windowTitled(/^Find$/, 20_000);
      await readUntil(dialog.id, (t) => /Cancel/.test(t));
      const cancel = await call(`${dialog.id}__click_text`, { text: 'Cancel' });
      expect(cancel.isError, JSON.stringify(cancel.structured)).toBeFalsy();
      await waitFor(async () => !(await live.client.snapshot()).windows.some((w) => w.id === dialog.id), 10_000);
    } finally {
      await app.kill();
    }
  }, 240_000);

  it('Qt terminal widget (qterminal): a command typed through the tools, its output read from the terminal region', async () => {
    const app = await live.desktop.launch('qterminal');
    try {
      const window = await live.windowTitled(/Shell No/, 30_000);
      await waitFor(async () => (await live.windowNow(window.id))?.blocks.some((b) => b.id === 'pixels'), 20_000);
      const typed = await call(`${window.id}__type_text`, { text: 'echo ocr-check $((6*7)) done' });
      expect(typed.isError, JSON.stringify(typed.structured)).toBeFalsy();
      const pressed = await call(`${window.id}__press_keys`, { keys: ['Return'] });
      expect(pressed.isError, JSON.stringify(pressed.structured)).toBeFalsy();
      // press_keys returns after the terminal's pixels settled: the output line is read already.
      const text = await read(window.id);
      expect(text).toMatch(/^ocr-check 42 done$/m);
      expect(wordRecall('echo ocr-check $((6*7)) done\nocr-check 42 done', text).recall).toBeGreaterThanOrEqual(0.95);
      expect((await live.windowNow(window.id))?.summary).toMatch(/shows \(read from pixels, approximate\): ".*ocr-check 42 done/);
    } finally {
      await app.kill();
    }
  }, 120_000);

  it('GTK drawing-area document (AbiWord): a sentence typed through the tools, read back from its page only', async () => {
    const app = await live.desktop.launch('abiword');
    try {
      const window = await live.windowTitled(/Untitled/, 60_000);
      const sentence = 'The quarterly report shows revenue of 12400 dollars for Harbour Supplies';
      await waitFor(async () => (await live.windowNow(window.id))?.blocks.some((b) => b.id === 'pixels'), 30_000);
      // The page has no text interface: type_text types at the keyboard focus, and returns once the page shows it.
      const typed = await call(`${window.id}__type_text`, { text: sentence });
      expect(typed.isError, JSON.stringify(typed.structured)).toBeFalsy();
      const text = await read(window.id);
      expect(wordRecall(sentence, text).missing, text).toEqual([]);
      const shown = await live.windowNow(window.id);
      // Only the page is read from pixels: the toolbar and menus stay the tree's.
      expect(shown?.blocks.filter((b) => b.id?.startsWith('pixels-')).map((b) => b.id)).toEqual(['pixels-drawing-area-1']);
      expect(shown?.summary).toMatch(/drawing area shows \(read from pixels, approximate\): ".*revenue/);
    } finally {
      await app.kill();
    }
  }, 120_000);
});
