/**
 * Driving a file chooser to an effect, by window id: the chooser's own actions use it, and so do
 * apps' actions that open one (gedit's save_as and open). Every step waits for the applied state
 * (P-TOOL-6). Text goes in through AT-SPI, never the keyboard: a user typing elsewhere cannot
 * mix in; only the path entry is given the focus (GrabFocus) before the accept button is pressed.
 */
import { acceptsKeys, BridgeError, isBridgeError, isEnabled, newModalOf, readWindow } from '../../src/sdk/translate.js';
import type { A11yNode, ActionContext, LiveWindow, StateReader } from '../../src/sdk/translate.js';
import { readChooser, sameFolder, type ChooserReading } from './reading.js';
import { isReplaceQuestion } from './replaceQuestion.js';

/** How long the chooser may take to answer a path (it lists folders lazily). */
const OUTCOME_MS = 8000;
const SHOW_MS = 3000;
const RETRY_MS = 700;
/** How long one request to show the location entry is given before it is made again. */
const LOCATION_RETRY_MS = 1500;
/** At most this many requests (one per LOCATION_RETRY_MS within OUTCOME_MS). */
const LOCATION_REQUESTS = Math.ceil(OUTCOME_MS / LOCATION_RETRY_MS);

export type ChooserOutcome =
  /** The dialog accepted the path and closed. */
  | { kind: 'closed' }
  /** A question comes first (a file of that name exists; the app doubts the name): its own modal window. */
  | { kind: 'question'; winId: string; text: string }
  /** The path is a folder: the dialog now shows it and stays open. */
  | { kind: 'entered'; folder: string };

export function chooserWindow(state: StateReader, winId: string): { window: LiveWindow; reading: ChooserReading } {
  const window = state.window(winId);
  if (!window) throw new BridgeError('window_not_found', `The file chooser ${winId} has closed. Re-read app://windows.`);
  return { window, reading: readChooser(window.tree.root) };
}

/** Absolute paths only: the chooser would read anything else relative to the folder it shows. */
export function checkAbsolute(path: string, field = 'path'): void {
  if (!path.startsWith('/') || path.includes('\0')) {
    throw new BridgeError('validation_failed', `"${field}" must be an absolute path (starting with "/").`, {
      fields: [{ field, error: 'must be an absolute path starting with "/"' }],
    });
  }
}

/** Types a path into the Name entry (save) or the Location entry (open) and presses the accept button. */
export async function submitPath(ctx: ActionContext, winId: string, path: string): Promise<ChooserOutcome> {
  const entry = await pathEntry(ctx, winId);
  await setAndConfirm(ctx, winId, entry, path);
  const outcome = await pressAccept(ctx, winId, path, entry.ref);
  if (outcome.kind === 'error') return dismissError(ctx, outcome.winId, outcome.text);
  return outcome;
}

/**
 * GTK decides whether a typed path is a folder from the listing of its parent, which it loads
 * after the text changed (a large parent such as /tmp takes a while), and checks an open
 * dialog's file asynchronously; measured: now and then a press does nothing at all. So a press
 * is repeated while nothing happened, where that is harmless: for a folder path ("…/": a folder
 * is entered, never accepted) and in an open dialog (GTK cancels its pending check on each
 * press). A save dialog is pressed once: a late first press could ask twice about replacing.
 */
async function pressAccept(ctx: ActionContext, winId: string, path: string, entryRef: string): Promise<Seen> {
  const { reading } = chooserWindow(ctx.state, winId);
  if (!reading.accept) throw new BridgeError('action_not_available', `The file chooser ${winId} shows no accept button. Re-read app://windows.`);
  const before = new Set(ctx.state.windows().map((w) => w.winId));
  const retry = path.endsWith('/') || reading.mode === 'open';
  const press = async (n: number) => {
    // A repeated press may find the dialog gone: the earlier one worked, as the wait will see.
    const tolerate = (error: unknown) => {
      if (n === 0) throw error;
    };
    const accept = await enabledAccept(ctx, winId).catch(tolerate);
    if (!accept) return;
    // GTK reads the typed path only while its entry has the focus; a list that finished loading
    // may have taken it (then the button acts on the list's selection, here: nothing).
    await ctx.probe.focus(entryRef).catch(() => undefined);
    await ctx.probe.doAction(accept, 'click').catch(tolerate);
  };
  return askUntil(ctx, press, (s) => outcomeOf(s, winId, before, path, entryRef), {
    everyMs: retry ? RETRY_MS : OUTCOME_MS,
    maxAsks: retry ? Infinity : 1,
    what: `the file chooser to accept ${path}`,
  });
}

/**
 * The accept button, once it is enabled. GTK keeps a save dialog's Save insensitive while the
 * Name is empty and makes it sensitive a moment after the text changed (about 150 ms, measured
 * on Mousepad, whose dialog opens with no name); GTK's button accessible ignores a click on an
 * insensitive button, and atk-bridge has already answered DoAction with true by then: a press
 * made in that moment is lost without a trace (the first `choose` then timed out; the second
 * found the button sensitive).
 */
async function enabledAccept(ctx: ActionContext, winId: string): Promise<string> {
  return ctx.waitFor(
    (s) => {
      const accept = chooserWindow(s, winId).reading.accept;
      return accept && isEnabled(accept.node) ? accept.node.ref : undefined;
    },
    { timeoutMs: SHOW_MS, what: 'the accept button to be enabled' },
  );
}

/**
 * Asks (`ask(n)`, n from 0) and waits for `check`; while it has not happened, asks again every
 * `everyMs`, at most `maxAsks` times, until OUTCOME_MS have passed. Only a wait that timed out is
 * asked again: any other failure is thrown as is.
 */
async function askUntil<T>(
  ctx: ActionContext,
  ask: (n: number) => Promise<void>,
  check: (s: StateReader) => T | undefined,
  options: { everyMs: number; maxAsks: number; what: string },
): Promise<T> {
  const deadline = Date.now() + OUTCOME_MS;
  for (let n = 0; ; n++) {
    await ask(n);
    const timeoutMs = Math.max(1, Math.min(options.everyMs, deadline - Date.now()));
    try {
      return await ctx.waitFor(check, { timeoutMs, what: options.what });
    } catch (error) {
      const last = n + 1 >= options.maxAsks || Date.now() >= deadline;
      if (last || !isBridgeError(error) || error.code !== 'action_timeout') throw error;
    }
  }
}

type Seen = ChooserOutcome | { kind: 'error'; winId: string; text: string };

function outcomeOf(s: StateReader, winId: string, before: Set<string>, path: string, entryRef: string): Seen | undefined {
  const chooser = s.window(winId);
  if (!chooser) return { kind: 'closed' };
  const modal = newModalOf(s, winId, before) ?? newAppModal(s, chooser, before);
  // A modal seen before its content was read (no button yet) decides nothing: every question
  // and every error message GTK shows has a button. Found live under load: the replace question,
  // classified while still empty, was taken for an error with no text.
  if (modal && readWindow(modal.tree.root).buttons.length > 0) {
    const text = messageOf(modal.tree.root);
    return asksFirst(modal.tree.root) ? { kind: 'question', winId: modal.winId, text } : { kind: 'error', winId: modal.winId, text };
  }
  const { reading } = chooserWindow(s, winId);
  // Entered: the folder shows, and the path typed is gone from the entry (the press was handled).
  const handled = entryValue(reading, entryRef) !== path;
  return handled && sameFolder(reading.folder, path) ? { kind: 'entered', folder: reading.folder as string } : undefined;
}

/**
 * A modal the app itself opened about the path: apps check a chosen name before they take it
 * (AbiWord and Gnumeric ask whether to keep a name whose extension does not match the file
 * type) and own that question by their main window, not by the chooser.
 */
function newAppModal(s: StateReader, chooser: LiveWindow, before: Set<string>): LiveWindow | undefined {
  return s.windows().find((w) => !before.has(w.winId) && w.facts.modal && w.facts.app.key === chooser.facts.app.key && w.winId !== chooser.winId);
}

/**
 * A window that asks (the replace question, or any message offering a choice of buttons) is the
 * agent's to answer, never answered for it; a message with a single button reports an error.
 */
function asksFirst(root: A11yNode): boolean {
  return isReplaceQuestion(root) || readWindow(root).buttons.length > 1;
}

/** A message dialog's text: its shown labels, in reading order. */
export function messageOf(root: A11yNode): string {
  const reading = readWindow(root);
  const parts = [reading.message?.text, ...reading.notices.map((n) => n.text), ...reading.texts].filter(
    (t, i, all): t is string => !!t && all.indexOf(t) === i,
  );
  return parts.map((t) => (/[.!?:]$/.test(t) ? t : `${t}.`)).join(' ');
}

/** GTK reports a bad path in an error dialog: it is closed and the problem returned as a field error. */
async function dismissError(ctx: ActionContext, winId: string, text: string): Promise<never> {
  const error = ctx.state.window(winId);
  const ok = error ? readWindow(error.tree.root).buttons[0] : undefined;
  if (ok) {
    await ctx.probe.doAction(ok.node.ref, 'click');
    await ctx.waitFor((s) => !s.window(winId), { timeoutMs: SHOW_MS, what: 'the error message to close' }).catch(() => undefined);
  }
  throw new BridgeError('validation_failed', `The file chooser refused the path: ${text}`, { fields: [{ field: 'path', error: text }] });
}

/**
 * The entry a path is typed into; the Location entry of an open dialog is shown first. GTK's
 * `show_location` only switches a dialog that shows Recent or Search results back to its folder
 * (a second one shows the entry), and one that arrives while the dialog is still settling may do
 * nothing: so it is asked again while the entry has not shown, which is harmless once it shows
 * (it focuses the entry). Found live under load: one request, then 3 s of waiting, failed `open`.
 * GTK 4's chooser offers no such action: a "/" typed, as a person starts a path, shows its entry
 * holding "/" (the path then replaces it; a second "/" only adds to what is replaced). Ctrl+L is
 * not used: on an entry that shows and has the focus it hides it again.
 */
export async function pathEntry(ctx: ActionContext, winId: string): Promise<A11yNode> {
  const { window, reading } = chooserWindow(ctx.state, winId);
  const entry = reading.name ?? reading.location;
  if (entry) return entry.node;
  const widget = reading.widget;
  if (!widget && !acceptsKeys(window.tree.root))
    throw new BridgeError('action_not_available', `The file chooser ${winId} has no location entry. Re-read app://windows.`);
  return askUntil(
    ctx,
    () => (widget ? ctx.probe.doAction(widget.ref, 'show_location') : ctx.probe.sendKeys(window.facts.nativeId, { text: '/' })),
    (s) => chooserWindow(s, winId).reading.location?.node,
    {
      everyMs: LOCATION_RETRY_MS,
      maxAsks: LOCATION_REQUESTS,
      what: 'the location entry to show',
    },
  );
}

/** Replaces an entry's text and waits until the dialog shows exactly that text. */
export async function setAndConfirm(ctx: ActionContext, winId: string, entry: A11yNode, text: string): Promise<void> {
  await ctx.probe.setText(entry.ref, text);
  await ctx.waitFor((s) => entryValue(chooserWindow(s, winId).reading, entry.ref) === text, { timeoutMs: SHOW_MS, what: 'the entry to show the text' });
}

export function entryValue(reading: ChooserReading, ref: string): string | undefined {
  const field = [reading.name, reading.location].find((f) => f?.node.ref === ref);
  return field === undefined ? undefined : String(field.value);
}

/** Presses Cancel and waits until the dialog has closed. */
export async function cancelChooser(ctx: ActionContext, winId: string): Promise<void> {
  const { reading } = chooserWindow(ctx.state, winId);
  if (!reading.cancel) throw new BridgeError('action_not_available', `The file chooser ${winId} shows no Cancel button. Re-read app://windows.`);
  await ctx.probe.doAction(reading.cancel.ref, 'click');
  await ctx.waitFor((s) => !s.window(winId), { what: 'the file chooser to close' });
}

/**
 * Shows a folder: "path/" is typed and the accept button pressed — GTK enters a folder named
 * there instead of accepting it (activating the entry is not as reliable: in a save dialog the
 * activation may come through after the name is back, and save). A save dialog keeps its name.
 */
export async function goToFolder(ctx: ActionContext, winId: string, path: string): Promise<string> {
  const { reading } = chooserWindow(ctx.state, winId);
  if (sameFolder(reading.folder, path)) return reading.folder as string;
  const name = reading.name;
  const keep = name ? String(name.value) : '';
  const outcome = await submitPath(ctx, winId, path.endsWith('/') ? path : `${path}/`);
  if (outcome.kind !== 'entered') throw new BridgeError('action_not_available', `The file chooser did not stay open on ${path}. Re-read app://windows.`);
  // GTK empties the Name entry of a save dialog when it enters a folder: the user's name stays.
  if (name && keep !== '') await restoreName(ctx, winId, name.node, keep);
  return outcome.folder;
}

async function restoreName(ctx: ActionContext, winId: string, entry: A11yNode, name: string): Promise<void> {
  for (let attempt = 0; attempt < 3; attempt++) {
    if (entryValue(chooserWindow(ctx.state, winId).reading, entry.ref) !== name) await setAndConfirm(ctx, winId, entry, name);
    // The file list fills lazily and may put a name in again once: look once more after it settles.
    const changed = await ctx
      .waitFor((s) => entryValue(chooserWindow(s, winId).reading, entry.ref) !== name, { timeoutMs: 400, what: 'the name to settle' })
      .catch(() => false);
    if (!changed) return;
  }
}
