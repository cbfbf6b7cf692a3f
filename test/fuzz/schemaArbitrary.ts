/**
 * fast-check arbitraries from the JSON Schemas a server advertises: values that fit the schema
 * (the calls a careful agent makes) and values that break it (the calls a careless one makes).
 * Covers the keywords our inputSchemas use; anything else falls back to any JSON value.
 */
import fc from 'fast-check';

export type JsonSchema = Record<string, unknown>;

export function fitting(schema: JsonSchema): fc.Arbitrary<unknown> {
  if (Array.isArray(schema.enum)) return fc.constantFrom(...(schema.enum as unknown[]));
  if ('const' in schema) return fc.constant(schema.const);
  const branches = (schema.anyOf ?? schema.oneOf) as JsonSchema[] | undefined;
  if (branches && branches.length > 0) return fc.oneof(...branches.map(fitting));
  switch (schema.type) {
    case 'string':
      return fc.string({ maxLength: Math.min(Number(schema.maxLength ?? 40), 40), minLength: Number(schema.minLength ?? 0), unit: 'binary' });
    case 'integer':
      return fc.integer({ min: Number(schema.minimum ?? -1000), max: Number(schema.maximum ?? 100_000) });
    case 'number':
      return fc.double({ min: Number(schema.minimum ?? -1e6), max: Number(schema.maximum ?? 1e6), noNaN: true });
    case 'boolean':
      return fc.boolean();
    case 'array':
      return fc.array(fitting((schema.items as JsonSchema | undefined) ?? {}), { maxLength: Math.min(Number(schema.maxItems ?? 5), 5) });
    case 'object':
      return fittingObject(schema);
    default:
      return fc.jsonValue({ maxDepth: 2 });
  }
}

function fittingObject(schema: JsonSchema): fc.Arbitrary<Record<string, unknown>> {
  const properties = (schema.properties ?? {}) as Record<string, JsonSchema>;
  const required = (schema.required ?? []) as string[];
  const record: Record<string, fc.Arbitrary<unknown>> = {};
  for (const [name, property] of Object.entries(properties)) record[name] = fitting(property);
  return fc.record(record, { requiredKeys: required.filter((k) => k in properties) }) as fc.Arbitrary<Record<string, unknown>>;
}

/** Arguments for a tool: mostly fitting, often broken in one of the ways clients break them. */
export function toolArguments(schema: JsonSchema): fc.Arbitrary<unknown> {
  const fits = fittingObject(schema);
  const names = Object.keys((schema.properties ?? {}) as object);
  const wrongValue = fc.oneof(fc.jsonValue({ maxDepth: 2 }), fc.constant(null), fc.string({ maxLength: 3000 }), fc.integer());
  return fc.oneof(
    { weight: 6, arbitrary: fits },
    { weight: 1, arbitrary: fc.tuple(fits, fc.string({ minLength: 1, maxLength: 12 }), wrongValue).map(([v, k, x]) => ({ ...v, [k]: x })) },
    {
      weight: 2,
      arbitrary: names.length === 0 ? fits : fc.tuple(fits, fc.constantFrom(...names), wrongValue).map(([v, k, x]) => ({ ...v, [k]: x })),
    },
    { weight: 1, arbitrary: fc.tuple(fits, fc.constantFrom(...names, 'expectedVersion')).map(([v, k]) => omit(v, k)) },
    { weight: 1, arbitrary: fc.dictionary(fc.string({ maxLength: 10 }), fc.jsonValue({ maxDepth: 2 }), { maxKeys: 4 }) },
  );
}

function omit(value: Record<string, unknown>, key: string): Record<string, unknown> {
  const { [key]: _dropped, ...rest } = value;
  return rest;
}
