import type { z } from 'zod';
import { BridgeError, type FieldError } from '../protocol/errors.js';
import { closestValues, LIST_ALL_UP_TO } from './closeMatches.js';
import { coerceToStrings } from './lenientArgs.js';

export interface ValidatedArgs {
  args: Record<string, unknown>;
  expectedVersion: number | undefined;
}

/**
 * Validates tool arguments in our code (D-2) so that every problem becomes `validation_failed`
 * with `fields[]` naming tool parameters (P-VAL-2). Messages describe the problem, never echo the
 * value: a rejected value may be a secret (P-SENS-1).
 */
export function validateArgs(input: z.ZodObject, raw: unknown, acceptsVersion: boolean): ValidatedArgs {
  if (raw !== undefined && (raw === null || typeof raw !== 'object' || Array.isArray(raw))) {
    throw new BridgeError('validation_failed', 'Arguments must be a JSON object.', {
      fields: [{ field: '(arguments)', error: 'must be an object' }],
    });
  }
  const fields: FieldError[] = [];
  // Names that rewrite prototypes when copied: refused by name, before anything copies them.
  for (const key of Object.keys(raw ?? {})) if (PROTOTYPE_KEYS.has(key)) fields.push({ field: key, error: 'unknown parameter' });
  const { expectedVersion, ...given } = withoutPrototypeKeys(raw);
  const rest = coerceToStrings(input, given);
  if (acceptsVersion && expectedVersion !== undefined) {
    if (typeof expectedVersion !== 'number' || !Number.isInteger(expectedVersion) || expectedVersion < 1) {
      fields.push({ field: 'expectedVersion', error: 'must be a positive integer (a window version)' });
    }
  } else if (expectedVersion !== undefined) {
    fields.push({ field: 'expectedVersion', error: 'not accepted by this read-only tool' });
  }
  const known = new Set(Object.keys(input.shape).filter((key) => !PROTOTYPE_KEYS.has(key)));
  for (const key of Object.keys(rest)) if (!known.has(key)) fields.push({ field: key, error: 'unknown parameter' });
  const parsed = input.safeParse(rest);
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      if (issue.code === 'unrecognized_keys') continue; // reported above, by name
      const missing = issue.path.length === 1 && !(String(issue.path[0]) in rest);
      const field = issue.path.length > 0 ? issue.path.map(String).join('.') : '(arguments)';
      fields.push({ field, error: missing ? 'required' : describe(issue, valueAt(rest, issue.path)) });
    }
  }
  if (fields.length > 0) {
    const n = fields.length;
    throw new BridgeError('validation_failed', `Invalid arguments: ${n} parameter${n === 1 ? '' : 's'} rejected.`, { fields });
  }
  return { args: (parsed.success ? parsed.data : {}) as Record<string, unknown>, expectedVersion: expectedVersion as number | undefined };
}

const PROTOTYPE_KEYS = new Set(['__proto__', 'constructor', 'prototype']);

function withoutPrototypeKeys(raw: unknown): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(raw ?? {})) if (!PROTOTYPE_KEYS.has(key)) out[key] = value;
  return out;
}

function valueAt(args: Record<string, unknown>, path: readonly PropertyKey[]): unknown {
  let value: unknown = args;
  for (const key of path) value = value !== null && typeof value === 'object' ? (value as Record<PropertyKey, unknown>)[key] : undefined;
  return value;
}

/** `given` only picks the closest allowed values of a long enum; it never appears in the message. */
function describe(issue: z.core.$ZodIssue, given: unknown): string {
  switch (issue.code) {
    case 'invalid_type':
      return `must be ${issue.expected}`;
    case 'invalid_value':
      if (issue.values.length > LIST_ALL_UP_TO) {
        const near = closestValues(given, issue.values).map((v) => JSON.stringify(v));
        return `must be one of ${issue.values.length} allowed values; the closest: ${near.join(', ')}`;
      }
      return `must be one of: ${issue.values.map((v) => JSON.stringify(v)).join(', ')}`;
    case 'too_small':
      return `must be at least ${String(issue.minimum)}${issue.origin === 'string' ? ' characters long' : ''}`;
    case 'too_big':
      return `must be at most ${String(issue.maximum)}${issue.origin === 'string' ? ' characters long' : ''}`;
    default:
      // zod's own messages for other codes do not include the input value.
      return issue.message;
  }
}
