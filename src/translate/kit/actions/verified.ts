/**
 * Writes that read their effect back. A toolkit may accept a call and change nothing (Gecko takes
 * EditableText.SetTextContents on a web field and leaves it empty; a Qt tab has no Selection), so
 * every write names the routes the control offers, tries them in order, and after each one waits
 * until the window shows the effect. A route that did not take hands over to the next one; the
 * first that works is tried first next time for the same application and control role, so a
 * toolkit pays for its detour once. The route that worked is returned (`via`); when none did,
 * the error says which were tried.
 */
import { z } from 'zod';
import { BridgeError, isBridgeError } from '../../../protocol/errors.js';
import type { ActionContext, StateReader } from '../../types.js';

export const ROUTES = ['editable_text', 'value', 'selection', 'action', 'typing', 'keyboard', 'pointer'] as const;
export type Route = (typeof ROUTES)[number];

/** The `result` of a verified write: the route that took (P-TOOL-7: shape given by the outputSchema). */
export const VIA_OUTPUT = z.object({ via: z.enum(ROUTES) });

/** How long the window has to show a route's effect before the next route is tried. */
export const ROUTE_CONFIRM_MS = 2000;

export interface Attempt {
  via: Route;
  /** Runs the route; may name the route the platform actually took (a probe that typed). */
  run(): Promise<Route | void>;
  /**
   * The window shows something that is not the wanted value but is the app's own answer to this
   * route (a field that reformats what it got): counts as taken. Only for routes that write at
   * once; typed text is checked whole, never half-way.
   */
  acceptsOtherChange?: boolean;
  /**
   * How long the window has to show this route's effect (default ROUTE_CONFIRM_MS). Longer for a
   * route whose repetition would undo it (a toggle): a slow app's late effect must not meet the
   * next route's.
   */
  confirmMs?: number;
}

/** What the window shows now: the wanted value, some other change, nothing yet, or no window. */
export type Shown = 'wanted' | 'changed' | 'unchanged' | 'gone';

export interface VerifiedWrite {
  /** Names the write kind and the control ("set_field entry"): the key of the route memory. */
  kind: string;
  /** "Full name", "Gift wrapping": for messages. */
  what: string;
  attempts: Attempt[];
  /** Reads the applied state (never the platform directly). */
  shown(state: StateReader): Shown;
}

const MAX_REMEMBERED = 500;
const remembered = new Map<string, Route>();

/** Forgets every route learnt (tests). */
export function forgetRoutes(): void {
  remembered.clear();
}

/**
 * Runs the write's routes, first the one that worked last time for this app and control, each
 * read back; returns the route that took. Before a fallback the window is looked at once more:
 * a slow app may have taken the previous route late, and a second route must never undo it (a
 * check box toggled twice).
 */
export async function writeVerified(ctx: ActionContext, write: VerifiedWrite): Promise<Route> {
  const key = `${ctx.app.id}\u0000${write.kind}`;
  const tried: string[] = [];
  let previous: { via: Route; attempt: Attempt } | undefined;
  for (const attempt of ordered(write.attempts, remembered.get(key))) {
    if (previous && taken(await lookNow(ctx, write), previous.attempt)) return learn(key, previous.via);
    let via: Route;
    try {
      via = (await attempt.run()) ?? attempt.via;
    } catch (error) {
      if (isBridgeError(error)) throw error;
      tried.push(`${attempt.via} (refused: ${error instanceof Error ? error.message : String(error)})`);
      continue;
    }
    previous = { via, attempt };
    const outcome = await confirm(ctx, write, attempt);
    if (outcome) return learn(key, via);
    tried.push(via);
  }
  throw new BridgeError(
    'action_not_available',
    `${write.what} did not take the change by any route the control offers (tried: ${tried.join(', ') || 'none'}). Re-read app://windows.`,
  );
}

function ordered(attempts: Attempt[], first: Route | undefined): Attempt[] {
  const head = attempts.filter((a) => a.via === first);
  return [...head, ...attempts.filter((a) => a.via !== first)];
}

function learn(key: string, via: Route): Route {
  if (remembered.size >= MAX_REMEMBERED && !remembered.has(key)) remembered.clear();
  remembered.set(key, via);
  return via;
}

function taken(shown: Shown, attempt: Attempt): boolean {
  return shown === 'wanted' || shown === 'gone' || (attempt.acceptsOtherChange === true && shown === 'changed');
}

async function confirm(ctx: ActionContext, write: VerifiedWrite, attempt: Attempt): Promise<boolean> {
  return ctx
    .waitFor((s) => (taken(write.shown(s), attempt) ? true : undefined), {
      timeoutMs: attempt.confirmMs ?? ROUTE_CONFIRM_MS,
      what: `${write.what} to show the change`,
    })
    .catch((error: unknown) => {
      if (isBridgeError(error) && error.code === 'action_timeout') return false;
      throw error;
    });
}

/** One look at the applied state after the pending changes were applied (no waiting). */
async function lookNow(ctx: ActionContext, write: VerifiedWrite): Promise<Shown> {
  let seen: Shown = 'unchanged';
  await ctx
    .waitFor(
      (s) => {
        seen = write.shown(s);
        return true;
      },
      { timeoutMs: 0, what: `${write.what} to show the change` },
    )
    .catch(() => undefined);
  return seen;
}
