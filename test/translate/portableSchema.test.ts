/** Input schemas carry no keyword an LLM API refuses; what a dropped bound meant is said in words. */
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { toInputJsonSchema } from '../../src/translate/jsonSchema.js';
import { ENUM_LIMITS } from '../../src/translate/schemaEnums.js';

describe('portable input schemas', () => {
  it('moves number bounds, short text caps, item caps and defaults into the description', () => {
    const schema = toInputJsonSchema(
      z.object({
        row: z.number().int().min(1).max(500).default(1).describe('The row.'),
        code: z.string().min(3).max(12),
        keys: z.array(z.string().min(1)).min(1).max(50),
        pair: z.array(z.string()).min(2),
      }),
    );
    expect(schema.properties).toEqual({
      row: { type: 'integer', description: 'The row. Default: 1. At least 1. At most 500.' },
      code: { type: 'string', description: 'At least 3 characters. At most 12 characters.' },
      keys: { type: 'array', minItems: 1, items: { type: 'string' }, description: 'At most 50 items.' },
      pair: { type: 'array', items: { type: 'string' }, description: 'At least 2 items.' },
    });
  });

  it('writes a literal as a one-value enum (Gemini takes no const)', () => {
    expect(toInputJsonSchema(z.object({ mode: z.literal('basic') })).properties).toEqual({ mode: { type: 'string', enum: ['basic'] } });
  });

  it('keeps enums within the limits and turns bigger ones into plain text the server checks', () => {
    const small = Array.from({ length: ENUM_LIMITS.values }, (_, i) => `v${i}`);
    const big = Array.from({ length: ENUM_LIMITS.values + 1 }, (_, i) => `v${i}`);
    const long = Array.from({ length: 10 }, (_, i) => `${'x'.repeat(1600)}${i}`);
    const schema = toInputJsonSchema(z.object({ small: z.enum(small as [string]), big: z.enum(big as [string]), long: z.enum(long as [string]) }));
    const props = schema.properties as Record<string, Record<string, unknown>>;
    expect(props.small!.enum).toHaveLength(ENUM_LIMITS.values);
    for (const name of ['big', 'long']) {
      expect(props[name]!.enum).toBeUndefined();
      expect(props[name]!.type).toBe('string');
      expect(props[name]!.description).toMatch(/allowed values, checked when called/);
    }
  });

  it('keeps a whole tool within the per-schema enum total by turning its largest enums into text', () => {
    const values = (n: number, p: string) => Array.from({ length: n }, (_, i) => `${p}${i}`) as [string];
    const schema = toInputJsonSchema(
      z.object({
        a: z.enum(values(240, 'a')),
        b: z.enum(values(240, 'b')),
        c: z.enum(values(240, 'c')),
        d: z.enum(values(240, 'd')),
        e: z.enum(values(200, 'e')),
      }),
    );
    const props = schema.properties as Record<string, Record<string, unknown>>;
    const total = Object.values(props).reduce((n, p) => n + ((p.enum as unknown[] | undefined)?.length ?? 0), 0);
    expect(total).toBeLessThanOrEqual(ENUM_LIMITS.schemaValues);
    expect(props.e!.enum).toHaveLength(200);
    expect(Object.values(props).filter((p) => p.enum === undefined)).toHaveLength(1);
  });

  it('never takes a parameter named like a keyword for the keyword', () => {
    const schema = toInputJsonSchema(z.object({ default: z.string(), minimum: z.number() }));
    expect(schema.properties).toEqual({ default: { type: 'string' }, minimum: { type: 'number' } });
  });
});
