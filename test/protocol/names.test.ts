import { describe, expect, test } from 'vitest';
import { isNameSafe, parseToolName, slugify, toolName } from '../../src/protocol/names.js';

describe('tool names (P-TOOL-4, D-3)', () => {
  test('format and parse round-trip; window ids never contain "__"', () => {
    expect(toolName('w12', 'load_rows')).toBe('w12__load_rows');
    expect(parseToolName('w12__load_rows')).toEqual({ target: 'w12', action: 'load_rows' });
    expect(parseToolName('app__new_report')).toEqual({ target: 'app', action: 'new_report' });
    expect(parseToolName('w1__a__b')).toEqual({ target: 'w1', action: 'a__b' });
    for (const bad of ['', 'w1', '__x', 'w1__']) expect(parseToolName(bad)).toBeNull();
  });

  test('slugify makes name-safe snake_case from any label', () => {
    expect(slugify('Save As…')).toBe('save_as');
    expect(slugify('Payment password')).toBe('payment_password');
    expect(slugify('Préférences')).toBe('preferences');
    expect(slugify('日本語')).toBe('item');
    expect(isNameSafe(slugify('  --weird label!! '))).toBe(true);
  });
});
