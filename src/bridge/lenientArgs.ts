/**
 * Clients that cannot know a parameter's type send what the user typed: the Inspector CLI turns
 * `--tool-arg value=12.50` into the number 12.5, some models write `true` for a "yes" text. Where
 * the parameter is text, a number or boolean has one canonical string (`String(v)`), so it is
 * taken as that string instead of refused; every other mismatch is still validation_failed.
 * (12.50 arrives as 12.5: the client already dropped the zero, as any JSON client would.)
 */
import type { z } from 'zod';

/** Wrappers whose inner schema decides what text the parameter takes. */
const WRAPPERS = new Set(['optional', 'nullable', 'default', 'prefault', 'readonly', 'catch', 'nonoptional']);

export function coerceToStrings(input: z.ZodObject, args: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(args)) {
    const field = Object.hasOwn(input.shape, key) ? (input.shape[key] as z.ZodType) : undefined;
    out[key] = field ? coerce(field, value) : value;
  }
  return out;
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
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, Object.hasOwn(def.shape!, k) ? coerce(def.shape![k]!, v) : v]));
  }
  return value;
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
