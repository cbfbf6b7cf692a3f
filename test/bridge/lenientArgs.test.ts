/** A number or boolean sent for a text parameter is its canonical string; other mismatches still fail. */
import { z } from 'zod';
import { describe, expect, test } from 'vitest';
import { validateArgs } from '../../src/bridge/validateArgs.js';
import { BridgeError } from '../../src/protocol/errors.js';

const input = z.object({
  value: z.string().min(1),
  note: z.string().optional(),
  answer: z.enum(['yes', 'no', '42']).optional(),
  keys: z.array(z.string()).optional(),
  cell: z.object({ name: z.string() }).optional(),
  count: z.number().int().optional(),
});

function errorFields(raw: unknown): unknown {
  try {
    validateArgs(input, raw, false);
  } catch (error) {
    return (error as BridgeError).extra.fields;
  }
  return undefined;
}

describe('lenient text parameters', () => {
  test('numbers and booleans become their canonical string, at any depth', () => {
    const { args } = validateArgs(input, { value: 12.5, note: true, answer: 42, keys: [1, 'a'], cell: { name: 3 } }, false);
    expect(args).toEqual({ value: '12.5', note: 'true', answer: '42', keys: ['1', 'a'], cell: { name: '3' } });
  });

  test('a number parameter keeps its type; objects, arrays and null sent for text are still refused', () => {
    expect(errorFields({ value: 'x', count: '3' })).toEqual([{ field: 'count', error: 'must be number' }]);
    expect(errorFields({ value: { a: 1 } })).toEqual([{ field: 'value', error: 'must be string' }]);
    expect(errorFields({ value: null })).toEqual([{ field: 'value', error: 'must be string' }]);
    expect(errorFields({ value: 'x', answer: 7 })).toEqual([{ field: 'answer', error: expect.stringMatching(/^must be one of: /) }]);
  });
});

describe('long enums in errors', () => {
  const paths = Array.from({ length: 300 }, (_, i) => `Menu ${i} > Item ${i}`).concat(['File > Save As...', 'File > Save']);
  const menu = z.object({ path: z.enum(paths as [string, ...string[]]) });

  test('a wrong value gets the closest allowed values, not all of them, and is never echoed', () => {
    try {
      validateArgs(menu, { path: 'file > save as' }, false);
      expect.unreachable();
    } catch (error) {
      const [field] = (error as BridgeError).extra.fields as { field: string; error: string }[];
      expect(field!.field).toBe('path');
      expect(field!.error).toMatch(/^must be one of 302 allowed values; the closest: "File > Save As\.\.\.", "File > Save"/);
      expect(field!.error).not.toContain('file > save as');
      expect(field!.error.length).toBeLessThan(300);
    }
  });
});

describe('plain property names', () => {
  test('a nested object keyed by labels is published under plain names and takes them back', async () => {
    const { toInputJsonSchema } = await import('../../src/translate/jsonSchema.js');
    const form = z.object({ fields: z.looseObject({ 'First name': z.string().optional(), 'E-mail:': z.string().optional() }) });
    const published = toInputJsonSchema(form).properties as Record<string, { properties: Record<string, { description?: string }> }>;
    expect(Object.keys(published.fields!.properties)).toEqual(['First_name', 'E_mail']);
    expect(published.fields!.properties.First_name!.description).toBe('"First name".');
    const { args } = validateArgs(form, { fields: { First_name: 'Ada', 'E-mail:': 'a@b.c' } }, false);
    expect(args).toEqual({ fields: { 'First name': 'Ada', 'E-mail:': 'a@b.c' } });
  });
});
