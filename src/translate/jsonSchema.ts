import { z } from 'zod';

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
 * The error branch of every outputSchema (§7.4, D-1): an error carries `code` and `message`.
 * It is repeated in every tool of tools/list, the bytes an agent reads most (issue 15), so it
 * says only what tells an error apart; the codes themselves are the protocol's six (§7.4), named
 * in the server instructions, and `currentVersion` / `fields` ride along as extra properties.
 */
export const ERROR_OUTPUT_SCHEMA: JsonSchema = { required: ['code', 'message'] };

/**
 * D-1: the SDK client validates `structuredContent` against `outputSchema` even for `isError`
 * results, so every outputSchema is `anyOf` the success shape (P-TOOL-7) and the error shape.
 * The success branch names only `result`, the one part that differs per tool; `message` and
 * `openedWindowIds` are the protocol's envelope (P-TOOL-7). A tool without a result of its own
 * has the bare envelope as success branch: `{}`, any object (the top level says `object`).
 */
export function buildOutputSchema(result: JsonSchema | undefined): JsonSchema {
  return { type: 'object', anyOf: [result ? { properties: { result } } : {}, ERROR_OUTPUT_SCHEMA] };
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
