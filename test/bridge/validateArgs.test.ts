import { z } from 'zod';
import { describe, expect, test } from 'vitest';
import { validateArgs } from '../../src/bridge/validateArgs.js';
import { BridgeError } from '../../src/protocol/errors.js';

const input = z.object({ field: z.enum(['a', 'b']), value: z.string().max(5), count: z.number().int().min(1).default(1) });

function fieldsOf(raw: unknown, acceptsVersion = true) {
  try {
    validateArgs(input, raw, acceptsVersion);
    return undefined;
  } catch (error) {
    expect(error).toBeInstanceOf(BridgeError);
    expect((error as BridgeError).code).toBe('validation_failed');
    return (error as BridgeError).extra.fields;
  }
}

describe('validateArgs (P-VAL-2, D-2)', () => {
  test('valid arguments pass, defaults applied, expectedVersion split off', () => {
    expect(validateArgs(input, { field: 'a', value: 'x', expectedVersion: 3 }, true)).toEqual({
      args: { field: 'a', value: 'x', count: 1 },
      expectedVersion: 3,
    });
  });

  test('every problem is named by its parameter', () => {
    expect(fieldsOf({ field: 'c', count: 0, extra: true })).toEqual([
      { field: 'extra', error: 'unknown parameter' },
      { field: 'field', error: 'must be one of: "a", "b"' },
      { field: 'value', error: 'required' },
      { field: 'count', error: 'must be at least 1' },
    ]);
  });

  test('expectedVersion must be a positive integer, and only where accepted', () => {
    expect(fieldsOf({ field: 'a', value: 'x', expectedVersion: 1.5 })).toEqual([{ field: 'expectedVersion', error: expect.any(String) }]);
    expect(fieldsOf({ field: 'a', value: 'x', expectedVersion: 1 }, false)).toEqual([
      { field: 'expectedVersion', error: 'not accepted by this read-only tool' },
    ]);
  });

  test('non-object arguments, and messages that never echo values (P-SENS-1)', () => {
    expect(fieldsOf(['a'])).toEqual([{ field: '(arguments)', error: 'must be an object' }]);
    const fields = fieldsOf({ field: 'a', value: 'my-secret-value' });
    expect(JSON.stringify(fields)).not.toContain('my-secret-value');
  });
  test('__proto__, constructor and prototype are refused by name, never dropped', () => {
    for (const key of ['__proto__', 'constructor', 'prototype']) {
      const raw = JSON.parse(`{"field":"a","value":"x","${key}":{"polluted":true}}`);
      expect(fieldsOf(raw)).toEqual([{ field: key, error: 'unknown parameter' }]);
    }
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });
});
