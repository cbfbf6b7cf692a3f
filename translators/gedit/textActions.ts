/**
 * Writing the current document: `set_text` replaces it, `insert_text` inserts at an offset, the
 * start, the end or the cursor. Both go through AT-SPI's EditableText (no keyboard, no focus
 * needed) and return once the window shows the change (P-TOOL-6). The text is never echoed in
 * messages: an editor may hold anything.
 */
import { z } from 'zod';
import { BridgeError, defineAction, requireWindow } from '../../src/sdk/translate.js';
import type { ActionContext, LiveWindow, StateReader } from '../../src/sdk/translate.js';
import { lineCount, readEditor, type EditorReading } from './document.js';

const MAX_TEXT = 1_000_000;
const textResult = z.object({ length: z.number().int().describe('Characters in the document now.'), lines: z.number().int() });

export function editorNow(state: StateReader, winId: string): EditorReading | undefined {
  const window = state.window(winId);
  return window ? readEditor(window.facts.title, window.tree.root) : undefined;
}

/** The acting window and its current document view, or why there is none. */
export function currentDocument(ctx: ActionContext): { window: LiveWindow; reading: EditorReading; view: NonNullable<EditorReading['view']> } {
  const window = requireWindow(ctx);
  const reading = readEditor(window.facts.title, window.tree.root);
  if (!reading.view) throw new BridgeError('action_not_available', 'gedit shows no document in this window. Re-read app://windows.');
  return { window, reading, view: reading.view };
}

const characters = (text: string) => Array.from(text).length;

/** The document shows `text`: in full, or (for a long text the probe reads in part) its start and length. */
function shows(reading: EditorReading | undefined, text: string): boolean {
  if (!reading) return false;
  return reading.text === text || (reading.length === characters(text) && reading.text.length < text.length && text.startsWith(reading.text));
}

function summaryOf(reading: EditorReading | undefined, fallback: string): z.infer<typeof textResult> {
  const text = reading?.text ?? fallback;
  return { length: reading?.length ?? characters(fallback), lines: lineCount(text) };
}

export const setTextAction = defineAction({
  name: 'set_text',
  title: 'Replace the text',
  description: 'Replaces the whole document text (unsaved until saved). gedit adds a final "\\n" on save: end the text with one only for an empty last line.',
  kind: 'write',
  idempotent: true,
  input: z.object({ text: z.string().max(MAX_TEXT).describe('The complete new text.') }),
  output: textResult,
  async run(args, ctx) {
    const { window, view } = currentDocument(ctx);
    await ctx.probe.setText(view.ref, args.text);
    const now = await ctx.waitFor(
      (s) => {
        const reading = editorNow(s, window.winId);
        return shows(reading, args.text) ? reading : undefined;
      },
      { what: 'the document to show the new text' },
    );
    const result = summaryOf(now, args.text);
    return { message: `Replaced the text: ${result.length} characters on ${result.lines} line${result.lines === 1 ? '' : 's'}.`, result };
  },
});

const AT = z
  .union([z.number().int().min(0), z.enum(['start', 'end', 'cursor'])])
  .default('end')
  .describe('"start", "end", "cursor" (see the Cursor field) or a 0-based character offset.');

function offsetOf(at: number | 'start' | 'end' | 'cursor', reading: EditorReading): number {
  if (at === 'start') return 0;
  if (at === 'end') return reading.length;
  if (at === 'cursor') {
    if (!reading.cursor)
      throw new BridgeError('validation_failed', 'The cursor position is not known for this document.', {
        fields: [{ field: 'at', error: 'cursor position unknown: give an offset' }],
      });
    return reading.cursor.offset;
  }
  if (at > reading.length) {
    throw new BridgeError('validation_failed', `Offset ${at} is past the end of the text (${reading.length} characters).`, {
      fields: [{ field: 'at', error: `must be at most ${reading.length}` }],
    });
  }
  return at;
}

export const insertTextAction = defineAction({
  name: 'insert_text',
  title: 'Insert text',
  description: 'Inserts text, leaving the rest of the document as it is (the user may be typing in it).',
  kind: 'write',
  input: z.object({ text: z.string().min(1).max(MAX_TEXT).describe('"\\n" starts a new line.'), at: AT }),
  output: textResult,
  async run(args, ctx) {
    const { window, reading, view } = currentDocument(ctx);
    const offset = offsetOf(args.at, reading);
    await ctx.probe.insertText(view.ref, args.text, offset);
    const expected = reading.length + characters(args.text);
    const now = await ctx.waitFor(
      (s) => {
        const latest = editorNow(s, window.winId);
        return latest && (latest.length === expected || latest.text !== reading.text) ? latest : undefined;
      },
      { what: 'the document to show the inserted text' },
    );
    const result = summaryOf(now, reading.text);
    return { message: `Inserted ${characters(args.text)} characters at offset ${offset}; the document has ${result.length} characters now.`, result };
  },
});
