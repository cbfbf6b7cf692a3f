/**
 * Clients that cannot know a parameter's type send what the user typed: the Inspector CLI turns
 * `--tool-arg value=12.50` into the number 12.5, some models write `true` for a "yes" text. Where
 * the parameter is text, a number or boolean has one canonical string (`String(v)`), so it is
 * taken as that string instead of refused; every other mismatch is still validation_failed.
 * (12.50 arrives as 12.5: the client already dropped the zero, as any JSON client would.)
 * Nested property names published in plain form (translate/plainNames.ts) are mapped back here too.
 */
import type { z } from 'zod';
import { plainNames } from '../translate/plainNames.js';

/** Wrappers whose inner schema decides what text the parameter takes. */
const WRAPPERS = new Set(['optional', 'nullable', 'default', 'prefault', 'readonly', 'catch', 'nonoptional']);

export function coerceToStrings(input: z.ZodObject, args: Record<string, unknown>): Record<string, unknown> {
  return coerceObject(input.shape as Record<string, z.ZodType>, args);
}

function coerce(schema: z.ZodType, value: unknown): unknown {
  const def = unwrap(schema)._zod.def as unknown as { type: string; element?: z.ZodType; shape?: Record<string, z.ZodType>; entries?: object };
  if (typeof value === 'number' || typeof value === 'boolean') {
    if (def.type === 'string') return String(value);
    if (def.type === 'enum' && Object.values(def.entries ?? {}).includes(String(value))) return String(value);
    return value;
  }
  if (def.type === 'array' && def.element && Array.isArray(value)) return value.map((v) => coerce(def.element!, v));
  if (def.type === 'object' && def.shape && value !== null && typeof value === 'object' && !Array.isArray(value)) {
    return coerceObject(def.shape, value as Record<string, unknown>);
  }
  return value;
}

function coerceObject(shape: Record<string, z.ZodType>, value: Record<string, unknown>): Record<string, unknown> {
  const original = new Map([...plainNames(Object.keys(shape))].map(([name, plain]) => [plain, name]));
  return Object.fromEntries(
    Object.entries(value).map(([k, v]) => {
      // The published schema names a property plainly ("First_name" for "First name").
      const name = Object.hasOwn(shape, k) ? k : (original.get(k) ?? k);
      return [name, Object.hasOwn(shape, name) ? coerce(shape[name]!, v) : v];
    }),
  );
}

function unwrap(schema: z.ZodType): z.ZodType {
  let current = schema;
  for (let depth = 0; depth < 10; depth++) {
    const def = current._zod.def as unknown as { type: string; innerType?: z.ZodType; in?: z.ZodType };
    if (WRAPPERS.has(def.type) && def.innerType) current = def.innerType;
    else if (def.type === 'pipe' && def.in) current = def.in;
    else break;
  }
  return current;
}
