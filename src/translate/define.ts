import type { z } from 'zod';
import { isNameSafe } from '../protocol/names.js';
import type { A11yNode, WindowTree } from '../platform/probe.js';
import type { ActionDef, AppActionDef, TranslateContext, TranslatorDef, WindowFacts, WindowView } from './types.js';

/**
 * Declares a window action. Checks the declaration once, at definition time. `Reading` is the
 * type of the translator's reading that `input` and `available` take: annotate their second
 * parameter (`A11yNode`, the tree root, when the translator declares no `read`).
 */
export function defineAction<I extends z.ZodObject, R = unknown, Reading = unknown>(def: ActionDef<I, R, Reading>): ActionDef<I, R, Reading> {
  assertActionName(def.name);
  return Object.freeze(def);
}

/** Declares an application-level action, exposed as `app__{name}`. */
export function defineAppAction<I extends z.ZodObject, R = unknown>(def: AppActionDef<I, R>): AppActionDef<I, R> {
  assertActionName(def.name);
  return Object.freeze(def);
}

/**
 * Declares a translator plugin. `read` and `translate` must be pure and deterministic. With `read`,
 * its result is the reading `translate` and the actions receive; without, the tree root is.
 */
export function defineTranslator<R>(def: TranslatorDef<R> & { read(window: WindowFacts, tree: WindowTree): R }): TranslatorDef<R>;
export function defineTranslator(def: TranslatorDef<A11yNode> & { read?: undefined }): TranslatorDef<A11yNode>;
export function defineTranslator<R>(def: TranslatorDef<R>): TranslatorDef<R> {
  if (!/^[a-z0-9]+(-[a-z0-9]+)*$/.test(def.id)) {
    throw new Error(`translator id "${def.id}" must be kebab-case`);
  }
  return Object.freeze(def);
}

function assertActionName(name: string): void {
  // Window ids never contain "__", so an action name may not start with "_" either (D-3).
  if (!isNameSafe(name) || name.startsWith('_') || name.length > 40) {
    throw new Error(`action name "${name}" must be snake_case, name-safe and at most 40 characters`);
  }
}

/**
 * Runs a translator on one window state: its reading once (`read`, else the tree root), then
 * `translate` with it. The reading is returned beside the view for the actions' `input` and
 * `available`. The bridge and the testers translate through here only.
 */
export function readAndTranslate(
  translator: TranslatorDef,
  window: WindowFacts,
  tree: WindowTree,
  ctx: TranslateContext,
): { view: WindowView; reading: unknown } {
  const reading = translator.read ? translator.read(window, tree) : tree.root;
  return { view: translator.translate(window, tree, ctx, reading), reading };
}
