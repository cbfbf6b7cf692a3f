/**
 * The enum values of an input JSON schema, keyed by where they sit: the part of a schema a
 * translator decides (which buttons, rows, options exist). Everything else in a published schema
 * (types, limits, descriptions) is shared wording, so expected files keep only this.
 */
import type { JsonSchema } from './jsonSchemaType.js';

/**
 * Paths join property names with `.` and mark array items with `[]`; `anyOf`/`oneOf` branches
 * add no segment (their enums, if several, are concatenated in branch order).
 */
export function enumValues(schema: JsonSchema): Record<string, unknown[]> {
  const found: Record<string, unknown[]> = {};
  collect(schema, '', found);
  return found;
}

function collect(node: unknown, path: string, found: Record<string, unknown[]>): void {
  if (node === null || typeof node !== 'object' || Array.isArray(node)) return;
  const schema = node as Record<string, unknown>;
  if (Array.isArray(schema.enum)) found[path] = [...(found[path] ?? []), ...schema.enum];
  const properties = schema.properties;
  if (properties !== null && typeof properties === 'object') {
    for (const [name, child] of Object.entries(properties)) collect(child, path ? `${path}.${name}` : name, found);
  }
  collect(schema.additionalProperties, path ? `${path}.*` : '*', found);
  collect(schema.items, `${path}[]`, found);
  for (const key of ['anyOf', 'oneOf', 'allOf'] as const) {
    const branches = schema[key];
    if (Array.isArray(branches)) for (const branch of branches) collect(branch, path, found);
  }
}

/**
 * The enum sizes every LLM API with constrained decoding accepts (OpenAI structured outputs: at
 * most 250 values in one enum unless their text stays within 15,000 characters, 1,000 values and
 * 120,000 characters in one schema; docs/frameworks.md cites the rules). An enum past them makes
 * the API refuse the whole tool, so the schema says "a string" instead and the server checks the
 * value (validation_failed with the closest allowed values).
 */
export const ENUM_LIMITS = { values: 250, characters: 15_000, schemaValues: 1000, schemaCharacters: 120_000 } as const;

/** The text length an API counts for an enum: its values' characters. */
export function enumCharacters(values: readonly unknown[]): number {
  return values.reduce<number>((sum, v) => sum + String(v).length, 0);
}

export function enumFits(values: readonly unknown[]): boolean {
  return values.length <= ENUM_LIMITS.values && enumCharacters(values) <= ENUM_LIMITS.characters;
}
