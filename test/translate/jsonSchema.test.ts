/** The JSON Schemas in tools/list say each thing once, and nothing JSON Schema assumes anyway. */
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { buildOutputSchema, toInputJsonSchema, toResultJsonSchema } from '../../src/translate/jsonSchema.js';

describe('input schemas', () => {
  it('a tool without parameters keeps the properties key some clients require', () => {
    expect(toInputJsonSchema(z.object({}))).toEqual({ type: 'object', properties: {} });
  });

  it('a tool with parameters lists them, without additionalProperties (the executor names an unknown one)', () => {
    const schema = toInputJsonSchema(z.object({ text: z.string().min(1), count: z.number().int().optional() }));
    expect(schema).toEqual({ type: 'object', properties: { text: { type: 'string' }, count: { type: 'integer' } }, required: ['text'] });
  });

  it('drops keywords equal to the JSON Schema default, but never a parameter that bears such a name', () => {
    const schema = toInputJsonSchema(z.object({ fields: z.looseObject({ a: z.string() }), items: z.array(z.unknown()) }));
    expect(schema.properties).toEqual({ fields: { type: 'object', properties: { a: { type: 'string' } }, required: ['a'] }, items: { type: 'array' } });
  });

  it('leaves out guard-sized text caps (the executor enforces them) and words caps that shape a value', () => {
    const schema = toInputJsonSchema(z.object({ path: z.string().min(1).max(4096), cell: z.string().max(12) }));
    expect(schema.properties).toEqual({ path: { type: 'string' }, cell: { type: 'string', description: 'At most 12 characters.' } });
  });
});

describe('output schemas', () => {
  it('a result is described without additionalProperties: false, inside the success-or-error anyOf (D-1)', () => {
    const result = toResultJsonSchema(z.object({ row: z.number().int(), cells: z.array(z.unknown()), nested: z.object({ x: z.string() }) }));
    expect(buildOutputSchema(result)).toEqual({
      type: 'object',
      anyOf: [
        {
          properties: {
            result: {
              type: 'object',
              properties: {
                row: { type: 'integer' },
                cells: { type: 'array' },
                nested: { type: 'object', properties: { x: { type: 'string' } }, required: ['x'] },
              },
              required: ['row', 'cells', 'nested'],
            },
          },
        },
        { required: ['code', 'message'] },
      ],
    });
  });
});
