/**
 * type_text's read-back. Keys go where the app's focus is, and an app still moving its focus
 * loses some (FocusWriter starting up on a loaded machine showed "ar reader," for "Dear reader, ").
 * Where the keys' target shows its text, it is read before and after: what was inserted between
 * the two must hold the typed letters and digits, in order. Case, spacing and punctuation do not
 * count: an editor may capitalise a sentence, indent a line, close a bracket or turn quotes
 * typographic. The typed text is never echoed (it may be a secret): answers give counts.
 */
import type { A11yNode } from '../../../platform/probe.js';
import type { ActionContext } from '../../types.js';

export type TypedOutcome = { kind: 'all' } | { kind: 'none' } | { kind: 'part'; shown: number; typed: number };

/** How long the target has to show the typed text: the app takes the keys as fast as it can. */
const SHOWN_BASE_MS = 2000;
const SHOWN_PER_CHARACTER_MS = 20;
const SHOWN_MAX_MS = 10_000;
const POLL_MS = 150;

/** A node whose text the probe reads (a value that is not masked): the keys' effect can be checked on it. */
export function showsItsText(node: A11yNode): boolean {
  return node.value !== undefined && node.sensitive !== true;
}

/** What `after` holds between the text it shares with `before` at its start and at its end. */
export function insertedText(before: string, after: string): string {
  let start = 0;
  while (start < before.length && start < after.length && before[start] === after[start]) start++;
  let end = 0;
  while (end < before.length - start && end < after.length - start && before[before.length - 1 - end] === after[after.length - 1 - end]) end++;
  return after.slice(start, after.length - end);
}

const wordCharacters = (text: string): string[] => [...text.toLowerCase()].filter((c) => /[\p{L}\p{N}]/u.test(c));

/** How much of `typed` the change from `before` to `after` shows. */
export function typedOutcome(before: string, after: string, typed: string): TypedOutcome {
  if (after === before) return { kind: 'none' };
  const wanted = wordCharacters(typed);
  // Only spaces, line breaks or punctuation typed: any change shows them.
  if (wanted.length === 0) return { kind: 'all' };
  const inserted = wordCharacters(insertedText(before, after));
  if (inOrder(inserted, wanted, 0) === wanted.length) return { kind: 'all' };
  // Keys lost at the start: the inserted text may match from a later typed character on.
  let shown = 0;
  for (let from = 0; from < wanted.length && wanted.length - from > shown; from++) shown = Math.max(shown, inOrder(inserted, wanted, from));
  return shown === 0 ? { kind: 'none' } : { kind: 'part', shown, typed: wanted.length };
}

/** How many of `wanted`'s characters from `from` on appear in order in `inserted`. */
function inOrder(inserted: string[], wanted: string[], from: number): number {
  let matched = 0;
  for (const c of inserted) if (from + matched < wanted.length && c === wanted[from + matched]) matched++;
  return matched;
}

/** Reads the target's text until it shows all that was typed, or the time for it has passed. */
export async function awaitTyped(ctx: ActionContext, ref: string, before: string, typed: string): Promise<TypedOutcome> {
  const deadline = Date.now() + Math.min(SHOWN_MAX_MS, SHOWN_BASE_MS + typed.length * SHOWN_PER_CHARACTER_MS);
  for (;;) {
    const after = await ctx.probe.readText(ref).catch(() => undefined);
    const outcome: TypedOutcome = after === undefined ? { kind: 'none' } : typedOutcome(before, after, typed);
    if (outcome.kind === 'all' || Date.now() >= deadline) return outcome;
    await new Promise((resolve) => setTimeout(resolve, POLL_MS));
  }
}
