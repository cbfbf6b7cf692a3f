/**
 * Files: `save`, `save_as {path}` and `open {path}`. The last two open gedit's own file chooser
 * and drive it to completion through the gtk-file-chooser translator's steps; a question the
 * chooser asks (replace an existing file?) stays a window of its own, and the result says so.
 */
import { posix } from 'node:path';
import { z } from 'zod';
import { BridgeError, defineAction, findFirst, isBridgeError, newModalOf, NO_INPUT, readWindow } from '../../src/sdk/translate.js';
import type { ActionContext, ActionOutcome, LiveWindow, StateReader } from '../../src/sdk/translate.js';
import { cancelChooser, checkAbsolute, messageOf, submitPath, type ChooserOutcome } from '../gtk-file-chooser/drive.js';
import { isFileChooser } from '../gtk-file-chooser/reading.js';
import { currentDocument, editorNow } from './textActions.js';

/** Opening a chooser, typing, the chooser's answer, gedit's own work: all within this. */
const FILE_ACTION_MS = 25_000;
const OPEN_CHOOSER_MS = 8000;
const SETTLE_MS = 10_000;

const fileResult = z.object({
  done: z.boolean(),
  question: z.string().optional().describe('Window asking first (replace the file?).'),
  dialog: z.string().optional().describe('Dialog opened instead (Save As for a new file).'),
});

type FileOutcome = ActionOutcome<z.infer<typeof fileResult>>;

function button(window: LiveWindow, name: string) {
  const node = findFirst(window.tree.root, (n) => n.role === 'push_button' && n.name === name);
  if (!node) throw new BridgeError('action_not_available', `gedit shows no "${name}" command now. Re-read app://windows.`);
  return node;
}

/** Runs a gedit command that opens a file chooser, and returns the chooser's window id. */
async function openChooser(ctx: ActionContext, window: LiveWindow, command: string): Promise<string> {
  const before = new Set(ctx.state.windows().map((w) => w.winId));
  await ctx.probe.doAction(button(window, command).ref, 'click');
  const chooser = await ctx.waitFor(
    (s) => {
      const modal = newModalOf(s, window.winId, before);
      return modal && isFileChooser(modal.tree.root) ? modal : undefined;
    },
    { timeoutMs: OPEN_CHOOSER_MS, what: `the ${command} dialog to open` },
  );
  return chooser.winId;
}

/** Drives the chooser; a refused path or a folder leaves nothing open behind (the chooser is cancelled). */
async function choosePath(ctx: ActionContext, chooserId: string, path: string): Promise<ChooserOutcome> {
  let outcome: ChooserOutcome;
  try {
    outcome = await submitPath(ctx, chooserId, path);
  } catch (error) {
    if (isBridgeError(error) && error.code === 'validation_failed' && ctx.state.window(chooserId)) await cancelChooser(ctx, chooserId);
    throw error;
  }
  if (outcome.kind === 'entered') {
    await cancelChooser(ctx, chooserId);
    throw new BridgeError('validation_failed', `${path} is a folder.`, { fields: [{ field: 'path', error: 'is a folder, not a file' }] });
  }
  return outcome;
}

const problems = (window: LiveWindow) =>
  readWindow(window.tree.root)
    .notices.filter((n) => n.severity === 'error' || n.severity === 'warn')
    .map((n) => n.text);

/** Waits until the window shows `name` as its current document, or shows a new error (an info bar). */
async function settle(ctx: ActionContext, window: LiveWindow, name: string, saved: boolean): Promise<string | null> {
  const winId = window.winId;
  const known = new Set(problems(window));
  return ctx
    .waitFor(
      (s: StateReader) => {
        const now = s.window(winId);
        if (!now) return 'the gedit window closed';
        const error = problems(now).find((text) => !known.has(text));
        if (error) return error;
        const reading = editorNow(s, winId);
        return reading && reading.name === name && (!saved || !reading.modified) ? 'ok' : undefined;
      },
      { timeoutMs: SETTLE_MS, what: `gedit to show ${name}` },
    )
    .then((outcome) => (outcome === 'ok' ? null : outcome));
}

type Command = 'Save As…' | 'Open';
const WORDS: Record<Command, { done: string; failed: string; dialog: string }> = {
  'Save As…': { done: 'Saved as', failed: 'did not save', dialog: 'Save As' },
  Open: { done: 'Opened', failed: 'could not open', dialog: 'Open' },
};

/** Runs Save As or Open through gedit's own file chooser, to completion or to the question it asks. */
async function throughChooser(ctx: ActionContext, command: Command, path: string): Promise<FileOutcome> {
  checkAbsolute(path);
  const { window } = currentDocument(ctx);
  const words = WORDS[command];
  const outcome = await choosePath(ctx, await openChooser(ctx, window, command), path);
  if (outcome.kind === 'question') {
    return {
      message: `Not done yet: the ${words.dialog} dialog asks "${outcome.text}" in window ${outcome.winId}. Answer it there (answer {choice: "replace"} overwrites).`,
      result: { done: false, question: outcome.winId },
    };
  }
  const problem = await settle(ctx, window, posix.basename(path), command === 'Save As…');
  if (problem) return { message: `gedit ${words.failed} ${path}: ${problem}`, result: { done: false } };
  return { message: `${words.done} ${path}.`, result: { done: true } };
}

export const saveAction = defineAction({
  name: 'save',
  title: 'Save',
  description: 'Saves the document to its file; one never saved opens Save As instead (result.dialog), save_as {path} saves it in one step.',
  kind: 'write',
  input: NO_INPUT,
  output: fileResult,
  timeoutMs: FILE_ACTION_MS,
  async run(_args, ctx): Promise<FileOutcome> {
    const { window, reading } = currentDocument(ctx);
    if (!reading.modified && reading.folder !== null) return { message: `${reading.name} has no unsaved changes.`, result: { done: true } };
    const before = new Set(ctx.state.windows().map((w) => w.winId));
    await ctx.probe.doAction(button(window, 'Save').ref, 'click');
    const outcome = await ctx.waitFor(
      (s) => {
        // A dialog counts once its buttons are read: one seen still empty is neither a chooser nor a question yet.
        const modal = newModalOf(s, window.winId, before);
        if (modal && readWindow(modal.tree.root).buttons.length > 0) return { modal };
        const now = editorNow(s, window.winId);
        // Saved: no changes left, in a file. A document never saved has no changes to lose either
        // (a new one): it is saved only through the Save As dialog, which is what to wait for.
        return !now || (!now.modified && now.folder !== null) ? { modal: undefined } : undefined;
      },
      { timeoutMs: SETTLE_MS, what: `${reading.name} to be saved` },
    );
    if (!outcome.modal) return { message: `Saved ${reading.name}.`, result: { done: true } };
    if (isFileChooser(outcome.modal.tree.root)) {
      return {
        message: `${reading.name} has no file yet: gedit opened the Save As dialog (window ${outcome.modal.winId}). Use its choose tool.`,
        result: { done: false, dialog: outcome.modal.winId },
      };
    }
    return {
      message: `gedit asks: ${messageOf(outcome.modal.tree.root)} (window ${outcome.modal.winId}).`,
      result: { done: false, dialog: outcome.modal.winId },
    };
  },
});

const PATH = z.string().min(1).max(4096);

export const saveAsAction = defineAction({
  name: 'save_as',
  title: 'Save as',
  description:
    'Saves the document to a file through Save As. If the file exists, gedit asks to replace it in a window of its own (result.question) with an answer tool.',
  kind: 'write',
  input: z.object({ path: PATH.describe('Absolute path, e.g. "/home/user/notes.txt"; its folder must exist.') }),
  output: fileResult,
  timeoutMs: FILE_ACTION_MS,
  run: (args, ctx) => throughChooser(ctx, 'Save As…', args.path),
});

export const openAction = defineAction({
  name: 'open',
  title: 'Open a file',
  description: 'Opens a file in this window (a new tab) through gedit’s Open dialog.',
  kind: 'write',
  input: z.object({ path: PATH.describe('Absolute path.') }),
  output: fileResult,
  timeoutMs: FILE_ACTION_MS,
  run: (args, ctx) => throughChooser(ctx, 'Open', args.path),
});
