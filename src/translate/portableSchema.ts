/**
 * Input schemas every LLM API takes as they are (docs/frameworks.md, "Schema rules"). OpenAI
 * strict mode and Anthropic strict tool use refuse a whole tool for one keyword they do not
 * support (`minLength`, `maxLength`, `default`, number bounds, `maxItems`), Gemini's `parameters`
 * take no `const`, and every API with constrained decoding refuses an enum past its size limits.
 * The executor checks every one of these bounds anyway (zod, validation_failed naming the
 * parameter), so the keyword leaves the schema and, where it shapes the value an agent writes,
 * its meaning moves into the description ("At least 1.", "Default: 10.").
 */
import { ENUM_LIMITS, enumCharacters, enumFits } from './schemaEnums.js';
import type { JsonSchema } from './jsonSchemaType.js';
import { plainNames } from './plainNames.js';

type Node = Record<string, unknown>;

/** Keywords whose value maps names (a parameter may be called "items" or "default") to schemas. */
export const SCHEMA_MAPS = new Set(['properties', 'patternProperties', '$defs', 'definitions']);

/** Bounds that move into the description, worded for an agent. */
const WORDED: Record<string, (v: unknown) => string | undefined> = {
  minimum: (v) => `At least ${String(v)}.`,
  maximum: (v) => `At most ${String(v)}.`,
  exclusiveMinimum: (v) => `More than ${String(v)}.`,
  exclusiveMaximum: (v) => `Less than ${String(v)}.`,
  multipleOf: (v) => `A multiple of ${String(v)}.`,
  // "not empty" is what a required text means anyway; longer minimums are worth saying.
  minLength: (v) => (typeof v === 'number' && v > 1 ? `At least ${v} characters.` : undefined),
  maxLength: (v) => `At most ${String(v)} characters.`,
  maxItems: (v) => `At most ${String(v)} items.`,
  default: (v) => `Default: ${JSON.stringify(v)}.`,
};

/** The portable form of an input schema (a new object; the input is not changed). */
export function portableInputSchema(schema: JsonSchema): JsonSchema {
  const enums: Node[] = [];
  const out = rewrite(schema, enums) as JsonSchema;
  fitSchemaEnumTotals(enums);
  return out;
}

function rewrite(value: unknown, enums: Node[]): unknown {
  if (Array.isArray(value)) return value.map((v) => rewrite(v, enums));
  if (value === null || typeof value !== 'object') return value;
  const out: Node = {};
  const notes: string[] = [];
  for (const [key, v] of Object.entries(value as Node)) {
    if (key in WORDED) {
      const note = WORDED[key]!(v);
      if (note) notes.push(note);
      continue;
    }
    // Arrays of at most one required item are the one bound every API keeps (Anthropic: 0 or 1).
    if (key === 'minItems' && typeof v === 'number' && v > 1) {
      notes.push(`At least ${v} items.`);
      continue;
    }
    if (key === 'const') {
      out.enum = [v];
      continue;
    }
    // zod writes a discriminated union as oneOf; its branches exclude each other, so anyOf says the same.
    const name = key === 'oneOf' ? 'anyOf' : key;
    out[name] = key === 'properties' ? rewriteProperties(v, enums) : SCHEMA_MAPS.has(key) ? rewriteMap(v, enums) : rewrite(v, enums);
  }
  if (Array.isArray(out.required) && out.properties !== null && typeof out.properties === 'object') {
    const plain = plainNames(Object.keys((value as Node).properties as Node));
    out.required = (out.required as string[]).map((n) => plain.get(n) ?? n);
  }
  if (Array.isArray(out.enum)) {
    if (enumFits(out.enum)) enums.push(out);
    else notes.push(demote(out));
  }
  if (notes.length > 0) out.description = [out.description, ...notes].filter((s) => typeof s === 'string' && s !== '').join(' ');
  return out;
}

/** Properties under plain names; a renamed one keeps its own name in its description. */
function rewriteProperties(map: unknown, enums: Node[]): unknown {
  if (map === null || typeof map !== 'object' || Array.isArray(map)) return map;
  const plain = plainNames(Object.keys(map));
  return Object.fromEntries(
    Object.entries(map).map(([name, schema]) => {
      const rewritten = rewrite(schema, enums) as Node;
      const as = plain.get(name) ?? name;
      if (as === name) return [name, rewritten];
      const said = `"${name}".`;
      return [as, { ...rewritten, description: typeof rewritten.description === 'string' ? `${said} ${rewritten.description}` : said }];
    }),
  );
}

function rewriteMap(map: unknown, enums: Node[]): unknown {
  if (map === null || typeof map !== 'object' || Array.isArray(map)) return map;
  return Object.fromEntries(Object.entries(map).map(([name, schema]) => [name, rewrite(schema, enums)]));
}

/** An enum too big for the APIs becomes the plain type of its values; the server checks them. */
function demote(node: Node): string {
  const values = node.enum as unknown[];
  delete node.enum;
  if (node.type === undefined) node.type = values.every((v) => typeof v === 'string') ? 'string' : undefined;
  if (node.type === undefined) delete node.type;
  return `One of ${values.length} allowed values, checked when called (a wrong one is answered with the closest allowed values).`;
}

/** Demotes the largest enums until the tool's totals fit too. */
function fitSchemaEnumTotals(enums: Node[]): void {
  const sorted = [...enums].sort((a, b) => (b.enum as unknown[]).length - (a.enum as unknown[]).length);
  let values = sorted.reduce((n, node) => n + (node.enum as unknown[]).length, 0);
  let characters = sorted.reduce((n, node) => n + enumCharacters(node.enum as unknown[]), 0);
  for (const node of sorted) {
    if (values <= ENUM_LIMITS.schemaValues && characters <= ENUM_LIMITS.schemaCharacters) return;
    const list = node.enum as unknown[];
    values -= list.length;
    characters -= enumCharacters(list);
    const note = demote(node);
    node.description = typeof node.description === 'string' && node.description ? `${node.description} ${note}` : note;
  }
}
