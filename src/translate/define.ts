import type { z } from 'zod';
import { isNameSafe } from '../protocol/names.js';
import type { ActionDef, AppActionDef, TranslatorDef } from './types.js';

/** Declares a window action. Checks the declaration once, at definition time. */
export function defineAction<I extends z.ZodObject, R = unknown>(def: ActionDef<I, R>): ActionDef<I, R> {
  assertActionName(def.name);
  return Object.freeze(def);
}

/** Declares an application-level action, exposed as `app__{name}`. */
export function defineAppAction<I extends z.ZodObject, R = unknown>(def: AppActionDef<I, R>): AppActionDef<I, R> {
  assertActionName(def.name);
  return Object.freeze(def);
}

/** Declares a translator plugin. `translate` must be pure and deterministic. */
export function defineTranslator(def: TranslatorDef): TranslatorDef {
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
