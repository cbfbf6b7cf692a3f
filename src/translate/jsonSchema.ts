import { z } from 'zod';
import { ERROR_CODES } from '../protocol/errors.js';

export type JsonSchema = Record<string, unknown>;

const SAFE_LIMITS = new Set([Number.MAX_SAFE_INTEGER, Number.MIN_SAFE_INTEGER]);

/**
 * A zod object as the JSON Schema MCP clients get in `inputSchema` (input side of transforms).
 * `additionalProperties: false` says what the executor enforces: an unknown argument is refused
 * (validation_failed), never ignored.
 */
export function toInputJsonSchema(schema: z.ZodObject): JsonSchema {
  return { ...clean(z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' })), additionalProperties: false };
}

/** A `result` schema as JSON Schema (output side). */
export function toResultJsonSchema(schema: z.ZodObject): JsonSchema {
  return clean(z.toJSONSchema(schema, { io: 'output', unrepresentable: 'any' }));
}

/**
 * The error branch of every outputSchema (§7.4, D-1). Kept small on purpose: it is repeated in
 * every tool of tools/list, which agents read often.
 */
export const ERROR_OUTPUT_SCHEMA: JsonSchema = {
  type: 'object',
  properties: {
    code: { enum: [...ERROR_CODES] },
    message: { type: 'string' },
    currentVersion: { type: 'integer' },
    fields: { type: 'array', items: { type: 'object', required: ['field', 'error'] } },
  },
  required: ['code', 'message'],
};

/**
 * D-1: the SDK client validates `structuredContent` against `outputSchema` even for `isError`
 * results, so every outputSchema is `anyOf` the success shape (P-TOOL-7) and the error shape.
 */
export function buildOutputSchema(result: JsonSchema | undefined): JsonSchema {
  const success: JsonSchema = {
    type: 'object',
    properties: {
      message: { type: 'string' },
      openedWindowIds: { type: 'array', items: { type: 'string' } },
      result: result ?? { type: 'object' },
    },
    additionalProperties: false,
  };
  return { type: 'object', anyOf: [success, ERROR_OUTPUT_SCHEMA] };
}

/** Drops `$schema` and zod's ±MAX_SAFE_INTEGER bounds: noise in every integer parameter. */
function clean(schema: JsonSchema): JsonSchema {
  const { $schema: _ignored, ...rest } = schema;
  return strip(rest) as JsonSchema;
}

function strip(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(strip);
  if (value === null || typeof value !== 'object') return value;
  const out: Record<string, unknown> = {};
  for (const [key, v] of Object.entries(value)) {
    if ((key === 'minimum' || key === 'maximum') && typeof v === 'number' && SAFE_LIMITS.has(v)) continue;
    out[key] = strip(v);
  }
  return out;
}
