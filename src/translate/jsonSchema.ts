import { z } from 'zod';
import type { JsonSchema } from './jsonSchemaType.js';
import { portableInputSchema, SCHEMA_MAPS } from './portableSchema.js';

export type { JsonSchema } from './jsonSchemaType.js';

const SAFE_LIMITS = new Set([Number.MAX_SAFE_INTEGER, Number.MIN_SAFE_INTEGER]);
/**
 * A text cap this long (a path's 4,096, a document's 1,000,000 characters) guards the process, not
 * the meaning: no argument an agent writes comes near it. The executor still enforces it, and its
 * validation_failed names the bound; shorter caps (a cell name's 12, a chord's 40) stay listed.
 */
const GUARD_LENGTH = 1000;

/**
 * A zod object as the JSON Schema MCP clients get in `inputSchema` (input side of transforms),
 * always with `properties` (`{}` for a tool without parameters: some clients require the key).
 * It leaves `additionalProperties: false` out: repeated in every tool it was a twentieth of
 * tools/list, and the executor refuses an unknown argument by name anyway
 * (validation_failed, `fields[].field`), never ignores it. Portable (portableSchema.ts): no
 * keyword an LLM API refuses, so every framework and API takes the tool as it is.
 */
export function toInputJsonSchema(schema: z.ZodObject): JsonSchema {
  const json = portableInputSchema(clean(z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }), false));
  return json.properties ? json : { ...json, properties: {} };
}

/**
 * A `result` schema as JSON Schema (output side). zod marks every output object
 * `additionalProperties: false`; in a result that only says what the server never sends, and it
 * repeated in every tool with a result, so it is left out.
 */
export function toResultJsonSchema(schema: z.ZodObject): JsonSchema {
  return clean(z.toJSONSchema(schema, { io: 'output', unrepresentable: 'any' }), true);
}

/**
 * The error branch of every outputSchema (§7.4, D-1): an error carries `code` and `message`.
 * It is repeated in every tool of tools/list, the bytes an agent reads most, so it
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

/**
 * Drops what says nothing: `$schema`, zod's ±MAX_SAFE_INTEGER bounds (noise in every integer
 * parameter), guard-sized text caps and keywords equal to JSON Schema's own default (`items: {}`,
 * `additionalProperties: {}`, what `z.looseObject` and `z.array(z.unknown())` produce); with
 * `closedObjects` also `additionalProperties: false` (results).
 */
function clean(schema: JsonSchema, closedObjects: boolean): JsonSchema {
  const { $schema: _ignored, ...rest } = schema;
  return strip(rest, closedObjects) as JsonSchema;
}

function strip(value: unknown, closedObjects: boolean): unknown {
  if (Array.isArray(value)) return value.map((v) => strip(v, closedObjects));
  if (value === null || typeof value !== 'object') return value;
  const out: Record<string, unknown> = {};
  for (const [key, v] of Object.entries(value)) {
    if ((key === 'minimum' || key === 'maximum') && typeof v === 'number' && SAFE_LIMITS.has(v)) continue;
    if (key === 'maxLength' && typeof v === 'number' && v >= GUARD_LENGTH) continue;
    if ((key === 'items' || key === 'additionalProperties') && (v === true || isEmptySchema(v))) continue;
    if (key === 'additionalProperties' && v === false && closedObjects) continue;
    out[key] = SCHEMA_MAPS.has(key) ? stripMap(v, closedObjects) : strip(v, closedObjects);
  }
  return out;
}

function stripMap(map: unknown, closedObjects: boolean): unknown {
  if (map === null || typeof map !== 'object' || Array.isArray(map)) return map;
  return Object.fromEntries(Object.entries(map).map(([name, schema]) => [name, strip(schema, closedObjects)]));
}

function isEmptySchema(value: unknown): boolean {
  return value !== null && typeof value === 'object' && !Array.isArray(value) && Object.keys(value).length === 0;
}
