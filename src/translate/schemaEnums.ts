/**
 * The enum values of an input JSON schema, keyed by where they sit: the part of a schema a
 * translator decides (which buttons, rows, options exist). Everything else in a published schema
 * (types, limits, descriptions) is shared wording, so expected files keep only this.
 */
import type { JsonSchema } from './jsonSchema.js';

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
